/*
 * annosummary.c - the --summary rows of yote-analyze (annosummary.h).
 */
#include <stdio.h>

#include "annosummary.h"
#include "tool.h"

/*
 * The mean of sum over n moves as text into buf, or none when no move was
 * analysed (an illegal first move, no moves): no average, no accuracy,
 * not a perfect one.
 */
static const char *
mean(char *buf, size_t size, double sum, unsigned long n, const char *none)
{
	if (n == 0)
		return none;
	snprintf(buf, size, "%.1f", sum / (double)n);
	return buf;
}

void
annosummary_header(struct annosummary *sm)
{
	if (sm->header_done || sm->fmt == TOOL_FMT_JSON)
		return;
	if (sm->fmt == TOOL_FMT_TSV)
		fprintf(sm->fp, "game\tside\tplayer\tinaccuracies\tmistakes\t"
		    "blunders\taverage_loss\taccuracy\tfile\n");
	else
		fprintf(sm->fp, "%-5s %-6s %-24s %5s %5s %5s %9s %8s\n", "game",
		    "side", "player", "?!", "?", "??", "avg-loss", "accuracy");
	sm->header_done = 1;
}

void
annosummary_rows(struct annosummary *sm, const struct yote_record *rec,
    const char *file, const struct yote_annotation *an)
{
	FILE *fp = sm->fp;
	const char *name;
	int s;

	annosummary_header(sm);
	for (s = 0; s < 2; s++) {
		const struct yote_side_stats *st = &an->st[s];
		/* no move analysed: null, an empty field, '-' */
		const char *none = tool_fmt_none(sm->fmt);
		char lb[32], ab[32];
		const char *loss = mean(lb, sizeof(lb), st->loss, st->moves,
		    none);
		const char *acc = mean(ab, sizeof(ab), st->accuracy, st->moves,
		    none);

		if (sm->side >= 0 && sm->side != s)
			continue;
		name = yote_node_text(rec->root, s ? "second" : "first");
		if (sm->fmt == TOOL_FMT_JSON) {
			fputs("{\"kind\":\"side\",\"file\":\"", fp);
			tool_put_text(fp, file, YOTE_ESC_JSON);
			fprintf(fp, "\",\"game\":%lu,\"side\":\"%s\",\"player\":",
			    rec->game, s ? "second" : "first");
			/* no name: null, as every absent value in JSON */
			if (name != NULL) {
				putc('"', fp);
				tool_put_text(fp, name, YOTE_ESC_JSON);
				putc('"', fp);
			} else
				fputs("null", fp);
			fprintf(fp, ",\"inaccuracies\":%lu,\"mistakes\":%lu,"
			    "\"blunders\":%lu,\"average_loss\":%s,"
			    "\"accuracy\":%s}\n", st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
			continue;
		}
		if (name == NULL)
			name = "?";
		if (sm->fmt == TOOL_FMT_TSV) {
			fprintf(fp, "%lu\t%s\t", rec->game, s ? "second" : "first");
			tool_put_cell(fp, name, 0, YOTE_ESC_FIELD);
			fprintf(fp, "\t%lu\t%lu\t%lu\t%s\t%s\t",
			    st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
			tool_put_text(fp, file, YOTE_ESC_FIELD);
			putc('\n', fp);
		} else {
			fprintf(fp, "%-5lu %-6s ", rec->game, s ? "second" :
			    "first");
			/* a table's cell: escaped as on a terminal */
			tool_put_cell(fp, name, 24, 0);
			fprintf(fp, " %5lu %5lu %5lu %9s %8s\n",
			    st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
		}
	}
}
