/*
 * annosummary.c - the --summary rows of yote-analyze (annosummary.h).
 */
#include <stdio.h>

#include "annosummary.h"
#include "tool.h"

/*
 * A player's name: at most width characters when width > 0, padded with
 * spaces to width.  A UTF-8 sequence is one character and is never cut
 * (printf's %-24.24s counts bytes); tabs and line ends become spaces,
 * so that a row stays one line and TSV keeps its columns, and other
 * control characters are shown escaped (tool_escape).
 */
static void
put_name(FILE *fp, const char *name, int width)
{
	char safe[TOOL_TEXT_MAX];
	const unsigned char *u = (const unsigned char *)safe;
	size_t len;
	int n = 0;

	tool_escape(safe, sizeof(safe), name, TOOL_ESC_FIELD);
	for (; *u != '\0' && (width == 0 || n < width); u += len, n++) {
		len = 1;
		if (*u >= 0xC0)
			while ((u[len] & 0xC0) == 0x80)
				len++;
		fwrite(u, 1, len, fp);
	}
	for (; n < width; n++)
		putc(' ', fp);
}

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
	if (sm->header_done || sm->fmt == ANNOSUMMARY_JSON)
		return;
	if (sm->fmt == ANNOSUMMARY_TSV)
		fprintf(sm->fp, "game\tside\tplayer\tinaccuracies\tmistakes\t"
		    "blunders\taverage-loss\taccuracy\tfile\n");
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
		const char *none = sm->fmt == ANNOSUMMARY_JSON ? "null" :
		    sm->fmt == ANNOSUMMARY_TSV ? "" : "-";
		char lb[32], ab[32];
		const char *loss = mean(lb, sizeof(lb), st->loss, st->moves,
		    none);
		const char *acc = mean(ab, sizeof(ab), st->accuracy, st->moves,
		    none);

		if (sm->side >= 0 && sm->side != s)
			continue;
		if ((name = yote_node_text(rec->root, s ? "second" :
		    "first")) == NULL)
			name = "?";
		if (sm->fmt == ANNOSUMMARY_JSON) {
			fputs("{\"kind\":\"side\",\"file\":\"", fp);
			tool_put_text(fp, file, TOOL_ESC_JSON);
			fprintf(fp, "\",\"game\":%lu,\"side\":\"%s\",\"player\":\"",
			    rec->game, s ? "second" : "first");
			tool_put_text(fp, name, TOOL_ESC_JSON);
			fprintf(fp, "\",\"inaccuracies\":%lu,\"mistakes\":%lu,"
			    "\"blunders\":%lu,\"average_loss\":%s,"
			    "\"accuracy\":%s}\n", st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
		} else if (sm->fmt == ANNOSUMMARY_TSV) {
			fprintf(fp, "%lu\t%s\t", rec->game, s ? "second" : "first");
			put_name(fp, name, 0);
			fprintf(fp, "\t%lu\t%lu\t%lu\t%s\t%s\t",
			    st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
			tool_put_text(fp, file, TOOL_ESC_FIELD);
			putc('\n', fp);
		} else {
			fprintf(fp, "%-5lu %-6s ", rec->game, s ? "second" :
			    "first");
			put_name(fp, name, 24);
			fprintf(fp, " %5lu %5lu %5lu %9s %8s\n",
			    st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
		}
	}
}
