/*
 * argrecord.c - a record made of command-line arguments (argrecord.h).
 */
#include <stdlib.h>
#include <string.h>

#include "argrecord.h"

/* Set key to a new scalar of text; 0, or non-zero when out of memory. */
static int
set_text(struct yote_node *map, const char *key, const char *text)
{
	struct yote_node *v = yote_node_scalar(text);

	return v == NULL || yote_node_set(map, key, v) != 0;
}

struct yote_node *
argrecord_new(const char *rules, const char *start, const char *moves)
{
	struct yote_node *root, *list = NULL, *v;
	char *copy, *tok, *save;
	int bad;

	if ((root = yote_node_map()) == NULL)
		return NULL;
	if ((copy = strdup(moves ? moves : "")) == NULL) {
		yote_node_free(root);
		return NULL;
	}
	bad = set_text(root, "yote", "1");
	if (rules != NULL)
		bad |= set_text(root, "rules", rules);
	if (start != NULL)
		bad |= set_text(root, "start", start);
	if (!bad && ((list = yote_node_seq()) == NULL ||
	    yote_node_set(root, "moves", list) != 0))
		bad = 1;
	for (tok = strtok_r(copy, " \t,", &save); tok != NULL && !bad;
	    tok = strtok_r(NULL, " \t,", &save)) {
		if ((v = yote_node_scalar(tok)) == NULL ||
		    yote_node_push(list, v) != 0)
			bad = 1;
		else
			v->line = 1;
	}
	free(copy);
	if (bad) {
		yote_node_free(root);
		return NULL;
	}
	return root;
}
