/* fuzz-move.c - move text: parse, place on each board, write, read back. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct yote_move_text mt, mt2;
	struct yote_move m, m2;
	struct yote_pos p;
	const struct yote_rules *r;
	char *s, text[YOTE_MOVE_TEXT];
	int i;

	if ((s = malloc(size + 1)) == NULL)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (yote_move_parse(s, &mt, NULL) == 0)
		for (i = 0; i < yote_rules_builtin_count(); i++) {
			r = yote_rules_builtin(i);
			if (yote_move_from_text(r, &mt, &m, NULL) != 0)
				continue;
			yote_move_format(r, &m, text);
			/* what is written reads back as the same move */
			assert(yote_move_parse(text, &mt2, NULL) == 0);
			assert(yote_move_from_text(r, &mt2, &m2, NULL) == 0);
			assert(yote_move_equal(&m, &m2));
			yote_pos_start(r, &p);
			(void)yote_move_check(r, &p, &m, NULL);
		}
	free(s);
	return 0;
}
