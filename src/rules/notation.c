/*
 * notation.c - move text: reading, writing, and saying why a move is not
 * legal.
 *
 *   move    = square *segment
 *   segment = "-" square | "x" square [ "+" ( square | "@" ) ]
 *   square  = letter row        ; row: 1-9 then digits, no leading zero
 *
 * Upper case is accepted on input; output is lower case.  A square off
 * the board is well-formed: it makes the move illegal, not unreadable.
 */
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"

#define ROW_CAP 100000          /* rows above this read as ROW_CAP + 1 */

static int
syntax(struct yote_error *err, size_t at, const char *what)
{
	yote_error_set(err, YOTE_ESYNTAX, "%s", what);
	if (err != NULL)
		err->col = at + 1;
	return YOTE_ESYNTAX;
}

/* ASCII only, as the notation is: the tools never set a locale, and a
 * table look-up per character costs more than these tests. */
#define IS_DIGIT(c) ((unsigned)(c) - '0' < 10u)
#define LOWER(c) ((unsigned)(c) | 0x20u)        /* of a letter */
#define IS_LETTER(c) (LOWER(c) - 'a' < 26u)

static inline int
read_square(const char *s, size_t *i, int *col, int *row,
    struct yote_error *err)
{
	unsigned c = (unsigned char)s[*i];
	size_t j = *i + 1;
	long r;

	if (!IS_LETTER(c))
		return syntax(err, *i, c == '\0' ? "missing square at end of "
		    "move" : "expected a square (column letter, row number)");
	*col = (int)(LOWER(c) - 'a');
	if (s[j] == '0')
		return syntax(err, j, "a row number cannot be 0 or start "
		    "with 0");
	if (!IS_DIGIT(s[j]))
		return syntax(err, j, "expected a row number after the "
		    "column letter");
	for (r = 0; IS_DIGIT(s[j]); j++)
		if (r < ROW_CAP)
			r = r * 10 + (s[j] - '0');
	*i = j;
	*row = (int)(r > ROW_CAP ? ROW_CAP + 1 : r) - 1;
	return 0;
}

int
yote_move_parse(const char *s, struct yote_move_text *mt,
    struct yote_error *err)
{
	size_t i = 0, at = 0;
	int n = 0, o = 0;
	char c;

	mt->nseg = 0;
	if (*s == '\0')
		return syntax(err, 0, "empty move");
	if (read_square(s, &i, &mt->col[0], &mt->row[0], err) != 0)
		return YOTE_ESYNTAX;
	mt->sep[0] = 0;
	mt->bonus[0] = 0;
	while ((c = s[i]) != '\0') {
		if (c == 'X')
			c = 'x';
		if (c == '+')
			return syntax(err, i, n > 0 && mt->sep[n] == 'x' ?
			    "a capture has at most one bonus ('+')" :
			    "a bonus '+' may only follow a capture ('x')");
		if (c != '-' && c != 'x')
			return syntax(err, i, "expected '-', 'x' or the end of "
			    "the move");
		/* past the bound the move is read on, each square over the
		 * last one, to tell a syntax error from a well-formed move
		 * that no board can play */
		if (n == YOTE_MAX_SEGS) {
			if (o++ == 0)
				at = i;
			n--;
		}
		n++;
		i++;
		mt->sep[n] = c;
		mt->bonus[n] = 0;
		if (read_square(s, &i, &mt->col[n], &mt->row[n], err) != 0)
			return YOTE_ESYNTAX;
		if (c == 'x' && s[i] == '+') {
			i++;
			if (s[i] == '@') {
				mt->bonus[n] = '@';
				i++;
			} else {
				if (read_square(s, &i, &mt->bonus_col[n],
				    &mt->bonus_row[n], err) != 0)
					return YOTE_ESYNTAX;
				mt->bonus[n] = 's';
			}
		}
	}
	if (o > 0) {
		yote_error_set(err, YOTE_EILLEGAL, "a move of %d segments: "
		    "no move has more than %d (YOTE_MAX_SEGS: a self-jump and "
		    "a capture of each enemy piece)", n + o, YOTE_MAX_SEGS);
		if (err != NULL)
			err->col = at + 1;
		return YOTE_EILLEGAL;
	}
	mt->nseg = n;
	return 0;
}

/* A square as written, for messages about squares off the board. */
static void
text_square(int col, int row, char *buf, size_t size)
{
	if (col >= 0 && col < 26)
		snprintf(buf, size, "%c%d", 'a' + col, row + 1);
	else
		snprintf(buf, size, "?%d", row + 1);
}

/* Why col, row is not a square of the board (on_board said so). */
static void
off_board(const struct yote_rules *r, int col, int row,
    struct yote_error *err)
{
	char name[24];

	if (row >= ROW_CAP) {
		yote_error_set(err, YOTE_EILLEGAL, "rows above %d are off the "
		    "%dx%d board", ROW_CAP, r->width, r->height);
		return;
	}
	text_square(col, row, name, sizeof(name));
	yote_error_set(err, YOTE_EILLEGAL, "%s is off the %dx%d board", name,
	    r->width, r->height);
}

static inline int
on_board(const struct yote_rules *r, int col, int row, int *sq,
    struct yote_error *err)
{
	if (row >= ROW_CAP || col < 0 || col >= r->width || row < 0 ||
	    row >= r->height) {
		off_board(r, col, row, err);
		return YOTE_EILLEGAL;
	}
	*sq = row * r->width + col;
	return 0;
}

/* Why segment i (prev to sq) of mt has an impossible shape, or 0. */
static int
bad_shape(const struct yote_rules *r, const struct yote_move_text *mt,
    int i, int prev, int sq, struct yote_error *err)
{
	int dc = abs(mt->col[i] - mt->col[i - 1]);
	int dr = abs(mt->row[i] - mt->row[i - 1]);
	int dist = dc + dr;
	char a[8], b[8];

	yote_square_name(r, prev, a);
	yote_square_name(r, sq, b);
	if ((dc != 0 && dr != 0) || dist == 0 || dist > 2)
		return yote_error_set(err, YOTE_EILLEGAL, "%s to %s is "
		    "neither a step nor a jump in a straight line", a, b);
	if (mt->sep[i] == '-') {
		if (i > 1)
			return yote_error_set(err, YOTE_EILLEGAL, "%s-%s: a move "
			    "can only start with a step or a self-jump", a, b);
		if (dist == 1 && mt->nseg > 1)
			return yote_error_set(err, YOTE_EILLEGAL, "a step "
			    "(%s-%s) ends the move", a, b);
	} else if (dist != 2)
		return yote_error_set(err, YOTE_EILLEGAL, "%sx%s: a capture "
		    "jumps over one point to the point beyond", a, b);
	return 0;
}

int
yote_move_from_text(const struct yote_rules *r,
    const struct yote_move_text *mt, struct yote_move *m,
    struct yote_error *err)
{
	int i, sq, prev, dist, dc, dr;

	memset(m, 0, offsetof(struct yote_move, seg_to));
	if (on_board(r, mt->col[0], mt->row[0], &sq, err) != 0)
		return YOTE_EILLEGAL;
	m->from = (uint8_t)sq;
	m->nseg = (uint8_t)mt->nseg;
	if (mt->nseg == 0) {
		m->kind = YOTE_PLACE;
		return 0;
	}
	m->kind = YOTE_CAPTURE;
	prev = sq;
	for (i = 1; i <= mt->nseg; i++) {
		if (on_board(r, mt->col[i], mt->row[i], &sq, err) != 0)
			return YOTE_EILLEGAL;
		dc = abs(mt->col[i] - mt->col[i - 1]);
		dr = abs(mt->row[i] - mt->row[i - 1]);
		dist = dc + dr;
		/* the squares are named only for a message */
		if ((dc != 0 && dr != 0) || dist == 0 || dist > 2 ||
		    (mt->sep[i] == '-' ? i > 1 || (dist == 1 && mt->nseg > 1) :
		    dist != 2))
			return bad_shape(r, mt, i, prev, sq, err);
		if (mt->sep[i] == '-') {
			m->kind = dist == 1 ? YOTE_STEP : mt->nseg > 1 ?
			    YOTE_BRIDGE : YOTE_SELFJUMP;
			m->seg_bonus[0] = YOTE_BONUS_NO;
		} else {
			if (mt->bonus[i] == '@')
				m->seg_bonus[i - 1] = YOTE_BONUS_HAND;
			else if (mt->bonus[i] == 's') {
				int bs;

				if (on_board(r, mt->bonus_col[i],
				    mt->bonus_row[i], &bs, err) != 0)
					return YOTE_EILLEGAL;
				m->seg_bonus[i - 1] = (uint8_t)bs;
			} else
				m->seg_bonus[i - 1] = YOTE_BONUS_NO;
		}
		m->seg_to[i - 1] = (uint8_t)sq;
		prev = sq;
	}
	return 0;
}

char *
yote_move_format(const struct yote_rules *r, const struct yote_move *m,
    char *buf)
{
	char *o = buf;
	int i;

	yote_square_name(r, m->from, o);
	o += strlen(o);
	for (i = 0; i < m->nseg; i++) {
		int plain = m->kind == YOTE_STEP || m->kind == YOTE_SELFJUMP ||
		    (m->kind == YOTE_BRIDGE && i == 0);

		*o++ = plain ? '-' : 'x';
		yote_square_name(r, m->seg_to[i], o);
		o += strlen(o);
		if (plain || m->seg_bonus[i] == YOTE_BONUS_NO)
			continue;
		*o++ = '+';
		if (m->seg_bonus[i] == YOTE_BONUS_HAND)
			*o++ = '@';
		else {
			yote_square_name(r, m->seg_bonus[i], o);
			o += strlen(o);
		}
	}
	*o = '\0';
	return buf;
}

struct keyed {
	char text[YOTE_MOVE_TEXT];
	size_t at;
};

static int
cmp_keyed(const void *a, const void *b)
{
	return strcmp(((const struct keyed *)a)->text,
	    ((const struct keyed *)b)->text);
}

void
yote_movelist_sort(const struct yote_rules *r, struct yote_movelist *l)
{
	struct keyed *k;
	struct yote_move *v;
	size_t i;

	if (l->n < 2)
		return;
	k = malloc(l->n * sizeof(*k));
	v = malloc(l->n * sizeof(*v));
	if (k == NULL || v == NULL) {
		free(k);
		free(v);
		return;         /* left in generator order */
	}
	for (i = 0; i < l->n; i++) {
		yote_move_format(r, &l->v[i], k[i].text);
		k[i].at = i;
	}
	qsort(k, l->n, sizeof(*k), cmp_keyed);
	for (i = 0; i < l->n; i++)
		v[i] = l->v[k[i].at];
	memcpy(l->v, v, l->n * sizeof(*v));
	free(k);
	free(v);
}

/* ------------------------------------------------------------ legality */

static int
illegal(struct yote_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#include <stdarg.h>

static int
illegal(struct yote_error *err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	yote_error_vset(err, YOTE_EILLEGAL, fmt, ap);
	va_end(ap);
	return YOTE_EILLEGAL;
}

/*
 * Find the first rule a move breaks, walking it segment by segment.  Only
 * called once the generator has said the move is not legal.
 */
static int
explain(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, struct yote_error *err)
{
	struct yote_outcome o;
	uint64_t own, opp, empty;
	int s = p->side, i, at, to, mid, hand, first_cap;
	char a[8], b[8], c[8];

	yote_pos_outcome(r, p, &o);
	if (o.term != YOTE_TERM_NONE)
		return illegal(err, "the game is already over (%s, %s)",
		    yote_termination_text(o.term), yote_result_text(o.result));
	own = p->pieces[s];
	opp = p->pieces[!s];
	empty = r->board & ~(own | opp);
	hand = p->hand[!s];
	yote_square_name(r, m->from, a);
	if (m->kind == YOTE_PLACE) {
		if (p->hand[s] == 0)
			return illegal(err, "no piece left in hand to place on "
			    "%s", a);
		if (!(empty & BIT(m->from)))
			return illegal(err, "%s is occupied", a);
		return illegal(err, "not a legal move");
	}
	if (r->opening == YOTE_OPEN_FIRST_PLACE && p->ply <= 2)
		return illegal(err, "only placements are legal on plies 1 and "
		    "2 under %s", r->name);
	if (!(own & BIT(m->from)))
		return illegal(err, "no %s piece on %s",
		    r->side_name[s], a);
	if ((m->kind == YOTE_STEP || m->kind == YOTE_SELFJUMP) &&
	    r->opening == YOTE_OPEN_HAND_FIRST && p->hand[s] > 0)
		return illegal(err, "%s still has pieces in hand: only "
		    "placements and captures are legal", r->side_name[s]);
	at = m->from;
	first_cap = 0;
	for (i = 0; i < m->nseg; i++) {
		to = m->seg_to[i];
		mid = (at + to) / 2;
		yote_square_name(r, at, a);
		yote_square_name(r, to, b);
		yote_square_name(r, mid, c);
		if (!(empty & BIT(to)))
			return illegal(err, "%s is occupied", b);
		if (m->kind == YOTE_STEP)
			break;
		if (m->kind == YOTE_SELFJUMP || (m->kind == YOTE_BRIDGE &&
		    i == 0)) {
			if (r->selfjump == YOTE_SJ_NO)
				return illegal(err, "jumping over an own piece "
				    "is not allowed under %s", r->name);
			if (!(own & BIT(mid)))
				return illegal(err, "no %s piece on %s to jump "
				    "over", r->side_name[s], c);
			if (m->kind == YOTE_SELFJUMP && r->selfjump ==
			    YOTE_SJ_BRIDGE)
				return illegal(err, "under %s a self-jump must "
				    "go on to capture (bridge)", r->name);
			if (m->kind == YOTE_BRIDGE && r->selfjump ==
			    YOTE_SJ_PLAIN)
				return illegal(err, "under %s no capture may "
				    "follow a self-jump", r->name);
			first_cap = i + 1;
		} else {
			if (i > first_cap && !r->chain)
				return illegal(err, "chained captures are not "
				    "allowed under %s", r->name);
			if (!(opp & BIT(mid)))
				return illegal(err, "no enemy piece on %s to "
				    "capture", c);
			opp &= ~BIT(mid);
			if (m->seg_bonus[i] == YOTE_BONUS_NO) {
				if (r->bonus == YOTE_BONUS_MANDATORY_BOARD &&
				    opp)
					return illegal(err, "%sx%s must remove "
					    "a bonus piece from the board", a,
					    b);
				if (r->bonus == YOTE_BONUS_MANDATORY_ANY &&
				    (opp || hand))
					return illegal(err, "%sx%s must remove "
					    "a bonus piece (board or '@')", a,
					    b);
			} else if (r->bonus == YOTE_BONUS_NONE) {
				return illegal(err, "there is no bonus removal "
				    "under %s", r->name);
			} else if (m->seg_bonus[i] == YOTE_BONUS_HAND) {
				if (r->bonus != YOTE_BONUS_MANDATORY_ANY)
					return illegal(err, "the bonus piece "
					    "cannot come from the hand under "
					    "%s", r->name);
				if (hand == 0)
					return illegal(err, "the enemy has no "
					    "piece in hand to remove");
				hand--;
			} else {
				yote_square_name(r, m->seg_bonus[i], c);
				if (!(opp & BIT(m->seg_bonus[i])))
					return illegal(err, "no enemy piece on "
					    "%s to remove", c);
				opp &= ~BIT(m->seg_bonus[i]);
			}
		}
		own = (own & ~BIT(at)) | BIT(to);
		empty = r->board & ~(own | opp);
		at = to;
	}
	return illegal(err, "not a legal move");
}

int
yote_move_check(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, struct yote_error *err)
{
	struct yote_movelist l = { 0 };
	int found = yote_move_legal(r, p, m, &l);

	yote_movelist_free(&l);
	if (found < 0)
		return yote_error_set(err, found, "out of memory");
	return found ? 0 : explain(r, p, m, err);
}

const char *
yote_lower_case(const char *text, size_t len, int what, char *buf,
    size_t size)
{
	struct yote_move_text mt;
	size_t i, caps = 0;

	for (i = 0; i < len; i++)
		if (what == YOTE_CASE_POSITION ? strchr("0123456789xXoO/ ",
		    text[i]) == NULL || text[i] == '\0' : text[i] == '\0')
			return text;
		else
			caps += text[i] >= 'A' && text[i] <= 'Z';
	if (caps == 0 || len >= size || (what == YOTE_CASE_MOVE &&
	    (strlen(text) != len || yote_move_parse(text, &mt, NULL) != 0)))
		return text;
	for (i = 0; i < len; i++)
		buf[i] = text[i] >= 'A' && text[i] <= 'Z' ? text[i] - 'A' + 'a' :
		    text[i];
	buf[len] = '\0';
	return buf;
}
