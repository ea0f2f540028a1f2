/* fuzz-rules.c - ruleset files. */
#include <stdlib.h>

#include "yote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct yote_rules *r;
	struct yote_pos p;

	if (yote_rules_load_buffer((const char *)data, size, "fuzz", &r,
	    NULL) == 0) {
		yote_pos_start(r, &p);
		(void)yote_perft(r, &p, 2);
		yote_rules_free(r);
	}
	return 0;
}
