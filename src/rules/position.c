/*
 * position.c - the position string, and position bookkeeping.
 *
 * A position string has six fields separated by single spaces:
 *   rows side hand-first hand-second plies-since-capture ply
 * rows run from the top row down to row 1, '/' between them; in a row
 * 'x' is a first-side piece, 'o' a second-side piece and a decimal number
 * (no leading zero, not 0) a run of empty points.  Readers accept 'X' and
 * 'O'; writers print lower case.
 */
#include <ctype.h>
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

static const uint64_t z_piece[2][YOTE_MAX_SQUARES] = {
	{ ZK64(0) }, { ZK64(64) }
};
static const uint64_t z_hand[2][YOTE_MAX_PIECES + 1] = {
	{ ZK64(128), ZK(192) }, { ZK64(193), ZK(257) }
};
static const uint64_t z_side = ZK(258);

uint64_t
yote_pos_hash(const struct yote_pos *p)
{
	uint64_t h = 0, b;
	int s;

	for (s = 0; s < 2; s++) {
		for (b = p->pieces[s]; b; b &= b - 1)
			h ^= z_piece[s][lsb64(b)];
		h ^= z_hand[s][p->hand[s]];
	}
	if (p->side)
		h ^= z_side;
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

static int
pos_error(struct yote_error *err, int field, size_t at, const char *what)
{
	yote_error_set(err, YOTE_ESYNTAX, "position: field %d (%s), "
	    "character %zu: %s", field + 1, field_names[field], at + 1, what);
	if (err != NULL)
		err->col = at + 1;
	return YOTE_ESYNTAX;
}

/* Read an unsigned decimal number without leading zeros. */
static int
read_count(const char *s, size_t *i, unsigned long max, unsigned long *out,
    int field, struct yote_error *err)
{
	size_t start = *i;
	unsigned long x = 0;

	if (!isdigit((unsigned char)s[*i]))
		return pos_error(err, field, *i, "expected a number");
	if (s[*i] == '0' && isdigit((unsigned char)s[*i + 1]))
		return pos_error(err, field, *i, "leading zero");
	while (isdigit((unsigned char)s[*i])) {
		x = x * 10 + (unsigned long)(s[*i] - '0');
		if (x > max)
			return pos_error(err, field, start, "number too large");
		(*i)++;
	}
	*out = x;
	return 0;
}

static int
expect_space(const char *s, size_t *i, int field, struct yote_error *err)
{
	if (s[*i] == '\0')
		return pos_error(err, field, *i, "missing field: a position "
		    "has 6 fields");
	if (s[*i] != ' ')
		return pos_error(err, field - 1, *i, "unexpected character");
	(*i)++;
	return 0;
}

int
yote_pos_parse(const struct yote_rules *r, const char *s, struct yote_pos *p,
    struct yote_error *err)
{
	struct yote_pos q;
	size_t i = 0, rowstart;
	unsigned long x;
	int row, col, f;
	char c, msg[96];

	memset(&q, 0, sizeof(q));
	/* field 1: rows, top row first */
	for (row = r->height - 1; row >= 0; row--) {
		col = 0;
		rowstart = i;
		while ((c = s[i]) != '\0' && c != '/' && c != ' ') {
			if (c == 'x' || c == 'X' || c == 'o' || c == 'O') {
				if (col >= r->width) {
					snprintf(msg, sizeof(msg), "row %d is "
					    "wider than %d points", row + 1,
					    r->width);
					return pos_error(err, 0, rowstart, msg);
				}
				q.pieces[c == 'o' || c == 'O'] |=
				    BIT(row * r->width + col);
				col++;
				i++;
			} else if (c >= '1' && c <= '9') {
				if (isdigit((unsigned char)s[i + 1]))
					return pos_error(err, 0, i, "a run of "
					    "empty points must be 1 to 8");
				col += c - '0';
				if (col > r->width) {
					snprintf(msg, sizeof(msg), "row %d is "
					    "wider than %d points", row + 1,
					    r->width);
					return pos_error(err, 0, rowstart, msg);
				}
				i++;
			} else if (c == '0') {
				return pos_error(err, 0, i, "a run of empty "
				    "points cannot be 0 or start with 0");
			} else {
				snprintf(msg, sizeof(msg), "unknown character "
				    "'%c': expected x, o or a number",
				    isprint((unsigned char)c) ? c : '?');
				return pos_error(err, 0, i, msg);
			}
		}
		if (col < r->width) {
			snprintf(msg, sizeof(msg), "row %d has %d point%s, "
			    "expected %d", row + 1, col, col == 1 ? "" : "s",
			    r->width);
			return pos_error(err, 0, rowstart, msg);
		}
		if (row > 0) {
			if (c != '/') {
				snprintf(msg, sizeof(msg), "%d rows, expected "
				    "%d", r->height - row, r->height);
				return pos_error(err, 0, i, msg);
			}
			i++;
		} else if (c == '/') {
			snprintf(msg, sizeof(msg), "more than %d rows",
			    r->height);
			return pos_error(err, 0, i, msg);
		}
	}
	/* field 2: side to move */
	if (expect_space(s, &i, 1, err) != 0)
		return YOTE_ESYNTAX;
	c = s[i];
	if (c == 'x' || c == 'X')
		q.side = YOTE_FIRST;
	else if (c == 'o' || c == 'O')
		q.side = YOTE_SECOND;
	else
		return pos_error(err, 1, i, "expected x or o");
	i++;
	/* fields 3..6 */
	for (f = 2; f < 6; f++) {
		if (expect_space(s, &i, f, err) != 0)
			return YOTE_ESYNTAX;
		rowstart = i;
		if (read_count(s, &i, f < 4 ? YOTE_MAX_PIECES * 10 :
		    4000000000UL, &x, f, err) != 0)
			return YOTE_ESYNTAX;
		switch (f) {
		case 2:
		case 3:
			if (x > (unsigned long)r->pieces) {
				snprintf(msg, sizeof(msg), "hand of %lu is "
				    "more than the %d pieces of a side", x,
				    r->pieces);
				return pos_error(err, f, rowstart, msg);
			}
			q.hand[f - 2] = (uint8_t)x;
			if (yote_pos_remaining(&q, f - 2) > r->pieces) {
				snprintf(msg, sizeof(msg), "board and hand "
				    "hold %d pieces, more than %d",
				    yote_pos_remaining(&q, f - 2), r->pieces);
				return pos_error(err, f, rowstart, msg);
			}
			break;
		case 4:
			q.since_capture = (uint32_t)x;
			break;
		default:
			if (x < 1)
				return pos_error(err, f, rowstart,
				    "the ply must be at least 1");
			q.ply = (uint32_t)x;
			break;
		}
	}
	if (s[i] != '\0')
		return pos_error(err, 5, i, "unexpected text after the ply");
	*p = q;
	return 0;
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
