/*
 * collection.c - what searching a collection of games needs from the
 * library: positions matched against patterns (formats/patterns.md), a
 * key of a whole game (its ruleset, start and moves, whatever its headers
 * say), so that duplicates are found by keeping 16 bytes a game.
 *
 * A pattern carries its own board size (from its rows), so it is read
 * without a ruleset and applies to the games of any ruleset with that
 * board; a game on another board never matches it.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"

/* ------------------------------------------------------------ patterns */

/* One row of a pattern: its points into pat, columns counted in *w. */
static int
pattern_row(const char *s, size_t len, size_t at, int row,
    struct yote_pattern *pat, int *w, struct yote_error *err)
{
	size_t i;
	unsigned long run;
	int c;

	*w = 0;
	for (i = 0; i < len; i++) {
		c = tolower((unsigned char)s[i]);
		if (c >= '1' && c <= '9') {
			run = 0;
			while (i < len && isdigit((unsigned char)s[i]) &&
			    run <= YOTE_MAX_SIDE)
				run = run * 10 + (unsigned long)(s[i++] - '0');
			i--;
			if (*w + (long)run > YOTE_MAX_SIDE)
				goto wide;
			while (run-- > 0)
				pat->empty |= 1ULL << (row * 8 + (*w)++);
			continue;
		}
		if (*w >= YOTE_MAX_SIDE)
			goto wide;
		if (c == 'x')
			pat->on[0] |= 1ULL << (row * 8 + *w);
		else if (c == 'o')
			pat->on[1] |= 1ULL << (row * 8 + *w);
		else if (c == '.')
			pat->empty |= 1ULL << (row * 8 + *w);
		else if (c != '?') {
			err->col = at + i + 1;
			return yote_error_set(err, YOTE_ESYNTAX, "field 1, "
			    "character %zu: expected x, o, ., ? or a run of "
			    "empty points, not '%c'", at + i + 1, s[i]);
		}
		(*w)++;
	}
	if (*w == 0) {
		err->col = at + 1;
		return yote_error_set(err, YOTE_ESYNTAX, "field 1, character "
		    "%zu: an empty row", at + 1);
	}
	return 0;
wide:
	err->col = at + i + 1;
	return yote_error_set(err, YOTE_ESYNTAX, "field 1, character %zu: a "
	    "row wider than %d points", at + i + 1, YOTE_MAX_SIDE);
}

/*
 * The rows field.  Rows are read top down into rows of 8 bits each, then
 * packed to the board's width once it is known.
 */
static int
pattern_rows(const char *s, size_t len, struct yote_pattern *pat,
    struct yote_error *err)
{
	struct yote_pattern wide;
	size_t at = 0, end;
	int rows = 0, w, rc, row, col, s2;
	uint64_t bit;

	memset(&wide, 0, sizeof(wide));
	while (at <= len) {
		for (end = at; end < len && s[end] != '/'; end++)
			;
		if (rows >= YOTE_MAX_SIDE) {
			err->col = at + 1;
			return yote_error_set(err, YOTE_ESYNTAX, "field 1: more "
			    "than %d rows", YOTE_MAX_SIDE);
		}
		if ((rc = pattern_row(s + at, end - at, at, rows, &wide, &w,
		    err)) != 0)
			return rc;
		if (rows > 0 && w != pat->width) {
			err->col = at + 1;
			/* rows counted as written, from the top: the
			 * board's own numbers are not known yet */
			return yote_error_set(err, YOTE_ESYNTAX, "field 1, "
			    "character %zu: row %d from the top has %d points, "
			    "the top row %d", at + 1, rows + 1, w, pat->width);
		}
		pat->width = w;
		rows++;
		at = end + 1;
	}
	if (rows < 2 || pat->width < 2) {
		err->col = 1;
		return yote_error_set(err, YOTE_ESYNTAX, "field 1: a board has "
		    "2 to %d rows and columns", YOTE_MAX_SIDE);
	}
	pat->height = rows;
	/* text row 0 is the top row: board row height - 1 */
	for (row = 0; row < rows; row++)
		for (col = 0; col < pat->width; col++) {
			bit = 1ULL << ((rows - 1 - row) * pat->width + col);
			for (s2 = 0; s2 < 2; s2++)
				if (wide.on[s2] >> (row * 8 + col) & 1)
					pat->on[s2] |= bit;
			if (wide.empty >> (row * 8 + col) & 1)
				pat->empty |= bit;
		}
	return 0;
}

/* A count field: a number 0..max, or '?' (-1). */
static int
pattern_count(const char *s, size_t len, int field, size_t at, long max,
    int *out, struct yote_error *err)
{
	long v = 0;
	size_t i;

	if (len == 1 && s[0] == '?') {
		*out = -1;
		return 0;
	}
	for (i = 0; i < len; i++) {
		if (!isdigit((unsigned char)s[i]) || (i == 0 && s[i] == '0' &&
		    len > 1) || v > max)
			break;
		v = v * 10 + (s[i] - '0');
	}
	if (len == 0 || i < len || v > max) {
		err->col = at + 1;
		return yote_error_set(err, YOTE_ESYNTAX, "field %d, character "
		    "%zu: expected a number up to %ld or ?", field, at + 1,
		    max);
	}
	*out = (int)v;
	return 0;
}

int
yote_pattern_parse(const char *s, struct yote_pattern *pat,
    struct yote_error *err)
{
	struct yote_error scratch;
	size_t at = 0, end, len;
	int field, rc, v;

	if (err == NULL)
		err = &scratch;
	memset(pat, 0, sizeof(*pat));
	pat->side = pat->hand[0] = pat->hand[1] = -1;
	for (field = 1; s[at] != '\0' || field == 1; field++) {
		for (end = at; s[end] != '\0' && s[end] != ' '; end++)
			;
		len = end - at;
		if (field > 6) {
			err->col = at + 1;
			return yote_error_set(err, YOTE_ESYNTAX, "character "
			    "%zu: more than 6 fields", at + 1);
		}
		rc = 0;
		if (field == 1)
			rc = pattern_rows(s + at, len, pat, err);
		else if (field == 2) {
			if (len == 1 && (s[at] == 'x' || s[at] == 'X'))
				pat->side = YOTE_FIRST;
			else if (len == 1 && (s[at] == 'o' || s[at] == 'O'))
				pat->side = YOTE_SECOND;
			else if (!(len == 1 && s[at] == '?')) {
				err->col = at + 1;
				return yote_error_set(err, YOTE_ESYNTAX, "field "
				    "2, character %zu: expected x, o or ?",
				    at + 1);
			}
		} else if (field <= 4)
			rc = pattern_count(s + at, len, field, at,
			    YOTE_MAX_PIECES, &pat->hand[field - 3], err);
		else    /* the counters: read, and ignored */
			rc = pattern_count(s + at, len, field, at, 999999999L,
			    &v, err);
		if (rc != 0)
			return rc;
		if (s[end] == ' ' && s[end + 1] == '\0') {
			err->col = end + 2;
			return yote_error_set(err, YOTE_ESYNTAX, "character "
			    "%zu: a field is missing after the space", end + 2);
		}
		at = s[end] == ' ' ? end + 1 : end;
	}
	return 0;
}

void
yote_pattern_of_pos(const struct yote_rules *r, const struct yote_pos *p,
    struct yote_pattern *pat)
{
	memset(pat, 0, sizeof(*pat));
	pat->width = r->width;
	pat->height = r->height;
	pat->on[0] = p->pieces[0];
	pat->on[1] = p->pieces[1];
	pat->empty = r->board & ~(p->pieces[0] | p->pieces[1]);
	pat->side = p->side;
	pat->hand[0] = p->hand[0];
	pat->hand[1] = p->hand[1];
}

int
yote_pattern_exact(const struct yote_pattern *pat)
{
	uint64_t all = pat->width * pat->height >= 64 ? ~0ULL :
	    (1ULL << (pat->width * pat->height)) - 1;

	return (pat->on[0] | pat->on[1] | pat->empty) == all &&
	    pat->side >= 0 && pat->hand[0] >= 0 && pat->hand[1] >= 0;
}

int
yote_pattern_match(const struct yote_rules *r, const struct yote_pattern *pat,
    const struct yote_pos *p)
{
	if (r->width != pat->width || r->height != pat->height)
		return 0;
	return (p->pieces[0] & pat->on[0]) == pat->on[0] &&
	    (p->pieces[1] & pat->on[1]) == pat->on[1] &&
	    ((p->pieces[0] | p->pieces[1]) & pat->empty) == 0 &&
	    (pat->side < 0 || pat->side == p->side) &&
	    (pat->hand[0] < 0 || pat->hand[0] == p->hand[0]) &&
	    (pat->hand[1] < 0 || pat->hand[1] == p->hand[1]);
}

/* ------------------------------------------------------------ game keys */

/*
 * Two lanes, each a chain of a different 64-bit finaliser (splitmix64's
 * and MurmurHash3's), so that a collision needs both to collide: about
 * one pair in 2^128, nothing to fear among 10^9 games.
 */
static uint64_t
mix_a(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

static uint64_t
mix_b(uint64_t z)
{
	z = (z ^ (z >> 33)) * 0xFF51AFD7ED558CCDULL;
	z = (z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53ULL;
	return z ^ (z >> 33);
}

static void
key_word(struct yote_game_key *k, uint64_t w)
{
	k->h[0] = mix_a(k->h[0] ^ w) + 0x9E3779B97F4A7C15ULL;
	k->h[1] = mix_b(k->h[1] + w * 0xD6E8FEB86659FD93ULL) ^ k->h[0];
}

void
yote_game_key_text(struct yote_game_key *k, const char *text, size_t len)
{
	uint64_t w;
	size_t i, j;

	key_word(k, 0x7465787400000000ULL | (uint64_t)len);
	for (i = 0; i < len; i += 8) {
		w = 0;
		for (j = i; j < len && j < i + 8; j++)
			w = w << 8 | (unsigned char)text[j];
		key_word(k, w);
	}
}

void
yote_game_key_start(struct yote_game_key *k, const struct yote_rules *r,
    const struct yote_pos *start)
{
	k->h[0] = 0x596F7465ULL;
	k->h[1] = 0x67616D65ULL;
	/* the ruleset by what yote_rules_same compares, not by its name:
	 * two files may both say name: mini */
	key_word(k, (uint64_t)r->width << 16 | (uint64_t)r->height << 8 |
	    (uint64_t)r->pieces);
	key_word(k, (uint64_t)r->opening << 32 | (uint64_t)r->chain << 24 |
	    (uint64_t)r->bonus << 16 | (uint64_t)r->selfjump << 8 |
	    (uint64_t)r->blocked);
	key_word(k, (uint64_t)(uint32_t)r->few_pieces << 32 |
	    (uint32_t)r->move_limit);
	key_word(k, start->pieces[0]);
	key_word(k, start->pieces[1]);
	key_word(k, (uint64_t)start->hand[0] << 40 |
	    (uint64_t)start->hand[1] << 32 | start->side);
	key_word(k, (uint64_t)start->since_capture << 32 | start->ply);
}

void
yote_game_key_move(struct yote_game_key *k, const struct yote_move *m)
{
	uint64_t w = (uint64_t)m->kind << 16 | (uint64_t)m->from << 8 |
	    m->nseg;
	int i;

	/* a placement is one word, a step two: the common moves stay cheap */
	for (i = 0; i < m->nseg; i++) {
		if (i % 3 == 0) {
			key_word(k, w);
			w = 1;
		}
		w = w << 16 | (uint64_t)m->seg_to[i] << 8 | m->seg_bonus[i];
	}
	key_word(k, w);
}
