/*
 * position.c - the position string, and position bookkeeping.
 *
 * A position string has six fields separated by single spaces:
 *   rows side hand-first hand-second plies-since-capture ply
 * rows run from the top row down to row 1, '/' between them; in a row
 * 'x' is a first-side piece, 'o' a second-side piece and a decimal number
 * (no leading zero, not 0) a run of empty points.  Readers accept 'X' and
 * 'O'; writers print lower case.  Patterns (formats/patterns.md) are read
 * here too, by the same reader, so that a mistake has the same words
 * wherever a position is given.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "yote_int.h"

/*
 * Zobrist keys: board pieces, hand counts, side to move.  The table is a
 * constant computed by the compiler, so a position hashes the same in any
 * program, whatever it loaded first, with nothing to initialise or lock.
 * Key k is the k-th output of splitmix64 seeded with "Yote": the mix of
 * seed + (k + 1) * golden ratio.
 */
#define Z_SEED 0x596F7465ULL
#define Z_MIX1(z) (((z) ^ ((z) >> 30)) * 0xBF58476D1CE4E5B9ULL)
#define Z_MIX2(z) (((z) ^ ((z) >> 27)) * 0x94D049BB133111EBULL)
#define Z_MIX3(z) ((z) ^ ((z) >> 31))
#define ZK(k) Z_MIX3(Z_MIX2(Z_MIX1((uint64_t)(Z_SEED + \
	((uint64_t)(k) + 1) * 0x9E3779B97F4A7C15ULL))))
#define ZK4(k) ZK(k), ZK((k) + 1), ZK((k) + 2), ZK((k) + 3)
#define ZK16(k) ZK4(k), ZK4((k) + 4), ZK4((k) + 8), ZK4((k) + 12)
#define ZK64(k) ZK16(k), ZK16((k) + 16), ZK16((k) + 32), ZK16((k) + 48)

#if YOTE_MAX_SQUARES != 64 || YOTE_MAX_PIECES != 64
#error "the Zobrist table below is written for 64 squares and 64 pieces"
#endif

const uint64_t yote_z_piece[2][YOTE_MAX_SQUARES] = {
	{ ZK64(0) }, { ZK64(64) }
};
const uint64_t yote_z_hand[2][YOTE_MAX_PIECES + 1] = {
	{ ZK64(128), ZK(192) }, { ZK64(193), ZK(257) }
};
const uint64_t yote_z_side = ZK(258);

uint64_t
yote_pos_hash(const struct yote_pos *p)
{
	uint64_t h = 0, b;
	int s;

	for (s = 0; s < 2; s++) {
		for (b = p->pieces[s]; b; b &= b - 1)
			h ^= yote_z_piece[s][lsb64(b)];
		h ^= yote_z_hand[s][p->hand[s]];
	}
	if (p->side)
		h ^= yote_z_side;
	return h;
}

char *
yote_square_name(const struct yote_rules *r, int sq, char *buf)
{
	if (sq < 0 || sq >= r->squares) {
		buf[0] = '?';
		buf[1] = '\0';
		return buf;
	}
	buf[0] = (char)('a' + sq % r->width);
	buf[1] = (char)('1' + sq / r->width);
	buf[2] = '\0';
	return buf;
}

void
yote_pos_start(const struct yote_rules *r, struct yote_pos *p)
{
	memset(p, 0, sizeof(*p));
	p->hand[0] = p->hand[1] = (uint8_t)r->pieces;
	p->side = YOTE_FIRST;
	p->ply = 1;
}

int
yote_pos_remaining(const struct yote_pos *p, int s)
{
	return popcount64(p->pieces[s]) + p->hand[s];
}

int
yote_pos_captured_by(const struct yote_rules *r, const struct yote_pos *p,
    int s)
{
	return r->pieces - yote_pos_remaining(p, !s);
}

int
yote_pos_same(const struct yote_pos *a, const struct yote_pos *b)
{
	return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1] &&
	    a->hand[0] == b->hand[0] && a->hand[1] == b->hand[1] &&
	    a->side == b->side && a->since_capture == b->since_capture &&
	    a->ply == b->ply;
}

static const char *const field_names[6] = { "rows", "side to move",
	"first side's hand", "second side's hand", "plies since capture",
	"ply" };

/*
 * One reader for position strings and patterns (formats/patterns.md), so
 * that a mistake gets the same words wherever a position is given.  A
 * pattern is read with RD_ROWS: its board is the one its rows draw, and
 * its hands are held to the pieces of a ruleset of that board; with
 * RD_WILD it may also hold '?' and '.', and leave fields out at the end,
 * the hands and the counters in pairs; RD_OFFER lets the messages name
 * '?' (not where a whole position is wanted).
 */
#define RD_ROWS         0x1
#define RD_WILD         0x2
#define RD_OFFER        0x4

struct rd {
	const char *s;
	size_t i;               /* the next character */
	int flags;              /* RD_* */
	const char *what;       /* the message's prefix */
	struct yote_error *err;
};

static int rd_error(struct rd *, int, size_t, const char *, ...)
    __attribute__((__format__(__printf__, 4, 5)));

static int
rd_error(struct rd *d, int field, size_t at, const char *fmt, ...)
{
	va_list ap;
	char msg[160];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	yote_error_set(d->err, YOTE_ESYNTAX, "%sfield %d (%s), character %zu: "
	    "%s", d->what, field + 1, field_names[field], at + 1, msg);
	if (d->err != NULL)
		d->err->col = at + 1;
	return YOTE_ESYNTAX;
}

/*
 * A number without leading zeros, up to max; or '?' (-1) with RD_WILD.
 */
static int
rd_count(struct rd *d, int field, unsigned long max, long long *out)
{
	const char *s = d->s;
	size_t start = d->i;
	unsigned long x = 0, c;

	if ((d->flags & RD_WILD) && s[d->i] == '?') {
		d->i++;
		*out = -1;
		return 0;
	}
	if (!isdigit((unsigned char)s[d->i]))
		return rd_error(d, field, d->i, "expected a number%s",
		    d->flags & RD_OFFER ? " or ?" : "");
	if (s[d->i] == '0' && isdigit((unsigned char)s[d->i + 1]))
		return rd_error(d, field, d->i, "leading zero");
	while (isdigit((unsigned char)s[d->i])) {
		c = (unsigned long)(s[d->i] - '0');
		if (x > (max - c) / 10)
			return rd_error(d, field, start, "number too large: "
			    "at most %lu", max);
		x = x * 10 + c;
		d->i++;
	}
	*out = (long long)x;
	return 0;
}

/*
 * The space before field (0-based), or with RD_WILD the end of the text
 * where a pattern may end (*end set).
 */
static int
rd_space(struct rd *d, int field, int *end)
{
	const char *s = d->s;

	*end = 0;
	if (s[d->i] == '\0') {
		if (!(d->flags & RD_WILD))
			return rd_error(d, field, d->i, "missing field: a "
			    "position has 6 fields");
		if (field == 3 || field == 5)
			return rd_error(d, field, d->i, "missing field: a "
			    "pattern gives both %s or neither", field == 3 ?
			    "hands" : "counters");
		*end = 1;
		return 0;
	}
	if (s[d->i] != ' ')
		return rd_error(d, field - 1, d->i, "unexpected character");
	d->i++;
	return 0;
}

/*
 * The board a pattern's rows draw: the rows that are not empty (so that
 * '6//6/6/6/6' is a board of 5 rows with an empty row, as a position
 * string of 5 rows reads it), and the points of the top row as far as
 * it can be read, each brought within 2 to YOTE_MAX_SIDE (the reading
 * then names what is wrong).
 */
static void
rows_board(const char *s, int *width, int *height)
{
	size_t i;
	int w = 0, h = 0;

	for (i = 0; s[i] != '\0' && s[i] != ' '; i++)
		h += s[i] != '/' && (i == 0 || s[i - 1] == '/');
	for (i = 0; s[i] != '\0' && s[i] != ' ' && s[i] != '/'; i++)
		if (s[i] >= '1' && s[i] <= '9')
			w += s[i] - '0';
		else if (strchr("xXoO.?", s[i]) != NULL)
			w++;
		else
			break;
	*width = w < 2 ? 2 : w > YOTE_MAX_SIDE ? YOTE_MAX_SIDE : w;
	*height = h < 2 ? 2 : h > YOTE_MAX_SIDE ? YOTE_MAX_SIDE : h;
}

/*
 * The pieces of a side on a pattern's board: r's when it is r's board,
 * else those of the first built-in ruleset of that board, else the most
 * any ruleset may have.
 */
static int
rows_pieces(const struct yote_rules *r, int width, int height)
{
	const struct yote_rules *b;
	int i;

	if (r != NULL && r->width == width && r->height == height)
		return r->pieces;
	for (i = 0; i < yote_rules_builtin_count(); i++) {
		b = yote_rules_builtin(i);
		if (b->width == width && b->height == height)
			return b->pieces;
	}
	return YOTE_MAX_PIECES;
}

/* A character that is none of the signs, whole when it is UTF-8. */
static int
rd_unknown(struct rd *d)
{
	const unsigned char *u = (const unsigned char *)d->s + d->i;
	size_t n = yote_utf8_len(u, strlen((const char *)u));

	/* the library prints nothing: the tools show it as they show text */
	return rd_error(d, 0, d->i, "unknown character '%.*s': expected x, "
	    "o%s or a number", (int)(n > 0 ? n : 1), (const char *)u,
	    !(d->flags & RD_WILD) ? "" : d->flags & RD_OFFER ? ", ., ?" :
	    ", .");
}

/*
 * Field 1.  Runs and '.' go into pat->empty; '?' into nothing.  The
 * expected width or height is "2 to 8" while the rows draw the board.
 */
static int
rd_rows(struct rd *d, int width, int height, struct yote_pattern *pat)
{
	const char *s = d->s;
	size_t rowstart;
	int row, col, top, max;
	char c, want[16];

	for (row = height - 1; row >= 0; row--) {
		top = row == height - 1 && (d->flags & RD_ROWS);
		max = top ? YOTE_MAX_SIDE : width;
		col = 0;
		rowstart = d->i;
		while ((c = s[d->i]) != '\0' && c != '/' && c != ' ') {
			if (c >= '1' && c <= '9') {
				if (isdigit((unsigned char)s[d->i + 1]))
					return rd_error(d, 0, d->i, "a run of "
					    "empty points must be 1 to 8");
				if (col + (c - '0') > max)
					return rd_error(d, 0, rowstart, "row %d "
					    "is wider than %d points", row + 1,
					    max);
				for (; c > '0'; c--, col++)
					pat->empty |= BIT(row * width + col);
				d->i++;
				continue;
			}
			if (c == '0')
				return rd_error(d, 0, d->i, "a run of empty "
				    "points cannot be 0 or start with 0");
			if (strchr("xXoO", c) == NULL && (!(d->flags &
			    RD_WILD) || (c != '.' && c != '?')))
				return rd_unknown(d);
			if (col >= max)
				return rd_error(d, 0, rowstart, "row %d is "
				    "wider than %d points", row + 1, max);
			if (c == 'x' || c == 'X')
				pat->on[0] |= BIT(row * width + col);
			else if (c == 'o' || c == 'O')
				pat->on[1] |= BIT(row * width + col);
			else if (c == '.')
				pat->empty |= BIT(row * width + col);
			col++;
			d->i++;
		}
		if (top ? col < 2 : col < width) {
			if (top)
				snprintf(want, sizeof(want), "2 to %d",
				    YOTE_MAX_SIDE);
			else
				snprintf(want, sizeof(want), "%d", width);
			return rd_error(d, 0, rowstart, "row %d has %d "
			    "point%s, expected %s", row + 1, col, col == 1 ?
			    "" : "s", want);
		}
		if (row > 0) {
			if (c != '/') {
				if (d->flags & RD_ROWS)
					snprintf(want, sizeof(want), "2 to %d",
					    YOTE_MAX_SIDE);
				else
					snprintf(want, sizeof(want), "%d",
					    height);
				return rd_error(d, 0, d->i, "%d row%s, "
				    "expected %s", height - row, height - row ==
				    1 ? "" : "s", want);
			}
			d->i++;
		} else if (c == '/')
			return rd_error(d, 0, d->i, "more than %d rows",
			    height);
	}
	return 0;
}

/*
 * Read s into pat (with -1 for a '?' side or hand) and, for a position
 * string, p.  r is the board and pieces, or with RD_ROWS the ruleset
 * the caller expects, or NULL.
 */
static int
pos_read(const char *s, const struct yote_rules *r, int flags,
    const char *what, struct yote_pattern *pat, struct yote_pos *p,
    struct yote_error *err)
{
	struct rd d = { s, 0, flags, what, err };
	struct yote_pattern q;
	struct yote_pos out;
	size_t at;
	long long x = 0;
	int f, end, width, height, pieces, n;

	memset(&q, 0, sizeof(q));
	memset(&out, 0, sizeof(out));
	q.side = q.hand[0] = q.hand[1] = -1;
	if (flags & RD_ROWS) {
		rows_board(s, &width, &height);
		pieces = rows_pieces(r, width, height);
	} else {
		width = r->width;
		height = r->height;
		pieces = r->pieces;
	}
	if (rd_rows(&d, width, height, &q) != 0)
		return YOTE_ESYNTAX;
	q.width = width;
	q.height = height;
	/* field 2: side to move */
	if (rd_space(&d, 1, &end) != 0)
		return YOTE_ESYNTAX;
	if (!end) {
		switch (s[d.i]) {
		case 'x':
		case 'X':
			q.side = YOTE_FIRST;
			break;
		case 'o':
		case 'O':
			q.side = YOTE_SECOND;
			break;
		case '?':
			if (flags & RD_WILD)
				break;
			/* FALLTHROUGH */
		default:
			return rd_error(&d, 1, d.i, "%s", flags & RD_OFFER ?
			    "expected x, o or ?" : "expected x or o");
		}
		d.i++;
	}
	/* fields 3..6 */
	for (f = 2; f < 6 && !end; f++) {
		if (rd_space(&d, f, &end) != 0)
			return YOTE_ESYNTAX;
		if (end)
			break;
		at = d.i;
		if (rd_count(&d, f, f < 4 ? YOTE_MAX_PIECES * 10 :
		    YOTE_MAX_COUNT, &x) != 0)
			return YOTE_ESYNTAX;
		switch (f) {
		case 2:
		case 3:
			if (x < 0)
				break;
			if (x > pieces)
				return rd_error(&d, f, at, "hand of %lld is more "
				    "than the %d pieces of a side", x, pieces);
			q.hand[f - 2] = (int)x;
			n = popcount64(q.on[f - 2]) + (int)x;
			if (n > pieces)
				return rd_error(&d, f, at, "board and hand "
				    "hold %d pieces, more than %d", n, pieces);
			break;
		case 4:
			out.since_capture = (uint32_t)(x < 0 ? 0 : x);
			break;
		default:
			if (x == 0)
				return rd_error(&d, f, at, "the ply must be "
				    "at least 1");
			out.ply = (uint32_t)(x < 0 ? 1 : x);
			break;
		}
	}
	if (!end && s[d.i] != '\0')
		return rd_error(&d, 5, d.i, "unexpected text after the ply");
	if (pat != NULL)
		*pat = q;
	if (p != NULL) {
		out.pieces[0] = q.on[0];
		out.pieces[1] = q.on[1];
		out.hand[0] = (uint8_t)(q.hand[0] < 0 ? 0 : q.hand[0]);
		out.hand[1] = (uint8_t)(q.hand[1] < 0 ? 0 : q.hand[1]);
		out.side = (uint8_t)(q.side == YOTE_SECOND);
		*p = out;
	}
	return 0;
}

int
yote_pos_parse(const struct yote_rules *r, const char *s, struct yote_pos *p,
    struct yote_error *err)
{
	return pos_read(s, r, 0, "position: ", NULL, p, err);
}

/*
 * A text of six fields or more without '?' and '.' is a position string:
 * read as yote_pos_parse reads one, with its words.
 */
int
yote_pattern_parse(const struct yote_rules *r, const char *s, int flags,
    struct yote_pattern *pat, struct yote_error *err)
{
	const char *sp;
	int spaces = 0, rf = RD_ROWS;

	for (sp = s; (sp = strchr(sp, ' ')) != NULL; sp++)
		spaces++;
	if (strpbrk(s, "?.") != NULL || spaces < 5)
		rf |= RD_WILD | (flags & YOTE_PATTERN_WHOLE ? 0 : RD_OFFER);
	return pos_read(s, r, rf, "", pat, NULL, err);
}

char *
yote_pos_format(const struct yote_rules *r, const struct yote_pos *p,
    char *buf)
{
	char *o = buf;
	int row, col, run;
	uint64_t b;

	for (row = r->height - 1; row >= 0; row--) {
		run = 0;
		for (col = 0; col < r->width; col++) {
			b = BIT(row * r->width + col);
			if (!((p->pieces[0] | p->pieces[1]) & b)) {
				run++;
				continue;
			}
			if (run)
				*o++ = (char)('0' + run);
			run = 0;
			*o++ = (p->pieces[0] & b) ? 'x' : 'o';
		}
		if (run)
			*o++ = (char)('0' + run);
		if (row > 0)
			*o++ = '/';
	}
	sprintf(o, " %c %u %u %lu %lu", p->side ? 'o' : 'x', p->hand[0],
	    p->hand[1], (unsigned long)p->since_capture,
	    (unsigned long)p->ply);
	return buf;
}
