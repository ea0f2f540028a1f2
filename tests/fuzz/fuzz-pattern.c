/* fuzz-pattern.c - position patterns (formats/patterns.md): read or
 * rejected with a column within the text; a pattern read matches the
 * position it describes under each built-in ruleset of its board, and a
 * whole one is the pattern of that position. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
check_board(const struct yote_rules *r, const struct yote_pattern *pat)
{
	struct yote_pattern back;
	struct yote_pos p;

	memset(&p, 0, sizeof(p));
	p.pieces[0] = pat->on[0];
	p.pieces[1] = pat->on[1];
	p.side = (uint8_t)(pat->side > 0);
	p.hand[0] = (uint8_t)(pat->hand[0] > 0 ? pat->hand[0] : 0);
	p.hand[1] = (uint8_t)(pat->hand[1] > 0 ? pat->hand[1] : 0);
	p.ply = 1;
	assert(yote_pattern_match(r, pat, &p));
	if (yote_pattern_exact(pat)) {
		yote_pattern_of_pos(r, &p, &back);
		assert(memcmp(pat, &back, sizeof(back)) == 0);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct yote_rules *r;
	struct yote_pattern pat;
	struct yote_error e;
	uint64_t all;
	char *s;
	int i;

	if ((s = malloc(size + 1)) == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	yote_error_clear(&e);
	if (yote_pattern_parse(NULL, s, 0, &pat, &e) != 0) {
		assert(e.code == YOTE_ESYNTAX && e.col >= 1 && e.col <= size + 1);
		free(s);
		return 0;
	}
	assert(pat.width >= 2 && pat.width <= YOTE_MAX_SIDE);
	assert(pat.height >= 2 && pat.height <= YOTE_MAX_SIDE);
	all = pat.width * pat.height == 64 ? ~0ULL :
	    (1ULL << (pat.width * pat.height)) - 1;
	assert(((pat.on[0] | pat.on[1] | pat.empty) & ~all) == 0);
	assert((pat.on[0] & pat.on[1]) == 0);
	assert(((pat.on[0] | pat.on[1]) & pat.empty) == 0);
	for (i = 0; i < yote_rules_builtin_count(); i++) {
		r = yote_rules_builtin(i);
		if (r->width == pat.width && r->height == pat.height)
			check_board(r, &pat);
	}
	free(s);
	return 0;
}
