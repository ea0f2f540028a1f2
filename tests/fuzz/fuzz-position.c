/* fuzz-position.c - position strings: parse under each ruleset, write,
 * read back; generate and play the moves of what was read. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* yote_move_legal's shortcuts for placements and steps say what the
 * generator says. */
static void
legal_matches_generator(const struct yote_rules *r, const struct yote_pos *p)
{
	struct yote_movelist all = { 0 }, scratch = { 0 };
	struct yote_move m;
	size_t k;
	int sq, d, in;

	if (yote_gen_moves(r, p, &all) < 0)
		return;
	for (sq = 0; sq < r->squares; sq++)
		for (d = -1; d < 4; d++) {
			memset(&m, 0, sizeof(m));
			m.from = (uint8_t)sq;
			if (d < 0)
				m.kind = YOTE_PLACE;
			else if (r->adj[sq][d] < 0)
				continue;
			else {
				m.kind = YOTE_STEP;
				m.nseg = 1;
				m.seg_to[0] = (uint8_t)r->adj[sq][d];
				m.seg_bonus[0] = YOTE_BONUS_NO;
			}
			for (in = 0, k = 0; k < all.n && !in; k++)
				in = yote_move_equal(&all.v[k], &m);
			assert(yote_move_legal(r, p, &m, &scratch) == in);
		}
	yote_movelist_free(&all);
	yote_movelist_free(&scratch);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct yote_movelist l = { 0 };
	struct yote_outcome o;
	struct yote_pos p, q;
	const struct yote_rules *r;
	char *s, text[YOTE_POS_TEXT];
	size_t k;
	int i;

	if ((s = malloc(size + 1)) == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	for (i = 0; i < yote_rules_builtin_count(); i++) {
		r = yote_rules_builtin(i);
		if (yote_pos_parse(r, s, &p, NULL) != 0)
			continue;
		yote_pos_format(r, &p, text);
		assert(yote_pos_parse(r, text, &q, NULL) == 0);
		assert(memcmp(&p, &q, sizeof(p)) == 0);
		yote_pos_outcome(r, &p, &o);
		legal_matches_generator(r, &p);
		if (yote_gen_moves(r, &p, &l) > 0) {
			assert(yote_count_moves(r, &p) == l.n);
			for (k = 0; k < l.n && k < 64; k++) {
				q = p;
				yote_pos_play(r, &q, &l.v[k]);
			}
		}
	}
	yote_movelist_free(&l);
	free(s);
	return 0;
}
