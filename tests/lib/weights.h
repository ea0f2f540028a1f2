/*
 * weights.h - the evaluation weights by name, for the tuning tools
 * (tests/tools/tune.c, texel.c).  Header only (static), as rng.h.
 */
#ifndef TESTS_WEIGHTS_H
#define TESTS_WEIGHTS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote_engine.h"

static const char *const weight_names[] = { "trade", "hand", "corner",
	"threat", "initiative", "open", "mobility", "mobility_blocked",
	"shut_in", "decay", "press" };
#define NWEIGHTS (sizeof(weight_names) / sizeof(weight_names[0]))

/* The fields of w as an array, in weight_names' order. */
static inline int *
weight_fields(struct yote_eval_weights *w)
{
	return &w->trade;
}

/* The weight named name: its index, or -1. */
static inline int
weight_index(const char *name)
{
	size_t i;

	for (i = 0; i < NWEIGHTS; i++)
		if (strcmp(name, weight_names[i]) == 0)
			return (int)i;
	return -1;
}

/* Set the weights spec names, "k=v,...", in w; -1 on a bad spec (said). */
static inline int
weights_parse(struct yote_eval_weights *w, const char *spec, const char *prog)
{
	int *f = weight_fields(w), i;
	char *copy, *tok, *save, *eq;

	if (spec == NULL)
		return 0;
	copy = strdup(spec);
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",",
	    &save)) {
		if ((eq = strchr(tok, '=')) == NULL) {
			fprintf(stderr, "%s: bad weight '%s'\n", prog, tok);
			free(copy);
			return -1;
		}
		*eq = '\0';
		if ((i = weight_index(tok)) < 0) {
			fprintf(stderr, "%s: unknown weight '%s'\n", prog, tok);
			free(copy);
			return -1;
		}
		f[i] = atoi(eq + 1);
	}
	free(copy);
	return 0;
}

/* w as "k=v,..." on fp, a newline after. */
static inline void
weights_print(FILE *fp, const struct yote_eval_weights *w)
{
	const int *f = &w->trade;
	size_t i;

	for (i = 0; i < NWEIGHTS; i++)
		fprintf(fp, "%s%s=%d", i ? "," : "", weight_names[i], f[i]);
	fputc('\n', fp);
}

#endif
