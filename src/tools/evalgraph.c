/*
 * evalgraph.c - the evaluation chart of an analysed game, as SVG
 * (evalgraph.h).
 */
#include <stdio.h>
#include <string.h>

#include "evalgraph.h"
#include "tool.h"

/*
 * A label of the x axis: s centred at x, or aligned to the picture's edge
 * (w wide, 2 px in) where it would reach past it, at about 0.7 em a
 * character ("1602" under the last ply of a long game lost its "2").
 */
static void
x_label(FILE *fp, double x, int y, int w, const char *s)
{
	const int size = 11;
	double half = 0.35 * size * (double)strlen(s);
	const char *anchor = "middle";

	if (x + half > w - 2) {
		x = w - 2;
		anchor = "end";
	} else if (x - half < 2) {
		x = 2;
		anchor = "start";
	}
	fprintf(fp, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" font-size=\"%d\" "
	    "fill=\"#555555\" text-anchor=\"%s\">%s</text>\n", x, y, size,
	    anchor, s);
}

int
evalgraph_write(const char *base, unsigned long k,
    const struct yote_record *rec, const struct yote_annotation *an)
{
	static const char *const colour[] = { "", "#e6b800", "#e67e22",
		"#c0392b" };
	const int w = 640, h = 260, l = 50, top = 30, pw = 570, ph = 190;
	char path[4096];
	const char *f, *s;
	char fc[128], sc[128];
	FILE *fp;
	size_t i, np = an->plies;
	double x, y;
	/* the plies labelled, as the study page's curve labels them: the
	 * first, the middle (rounded up) and the last */
	size_t tick[3] = { 0, (np + 1) / 2, np };
	char num[32];

	tool_kth_path(base, k, path, sizeof(path));
	if ((fp = tool_output_open(path)) == NULL)
		return EXIT_IO;
	if ((f = yote_node_text(rec->root, "first")) == NULL)
		f = "first";
	if ((s = yote_node_text(rec->root, "second")) == NULL)
		s = "second";
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, "
	    "Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
	    "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
	    w, h, w, h, w, h);
	fprintf(fp, "<text x=\"%d\" y=\"18\" text-anchor=\"middle\" "
	    "font-size=\"14\">game %lu: chance to win of ", w / 2,
	    rec->game);
	/* cut to fit the chart's width, 640 px at 14 */
	tool_put_text(fp, tool_cut(fc, sizeof(fc), f, 24), YOTE_ESC_XML);
	fputs(" against ", fp);
	tool_put_text(fp, tool_cut(sc, sizeof(sc), s, 24), YOTE_ESC_XML);
	fputs("</text>\n", fp);
	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"#f4f4f4\" stroke=\"#999999\"/>\n", l, top, pw, ph);
	fprintf(fp, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"#bbbbbb\" stroke-dasharray=\"4 4\"/>\n", l, top + ph / 2,
	    l + pw, top + ph / 2);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">100%%</text>"
	    "\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">50%%</text>\n"
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0%%</text>\n",
	    l - 4, top + 5, l - 4, top + ph / 2 + 4, l - 4, top + ph);
	fprintf(fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">ply</text>"
	    "\n", l + pw / 2, h - 12);
	for (i = 0; i < 3; i++) {
		if (i > 0 && tick[i] == tick[i - 1])
			continue;
		snprintf(num, sizeof(num), "%zu", tick[i]);
		x_label(fp, l + (np ? (double)pw * (double)tick[i] /
		    (double)np : 0), top + ph + 14, w, num);
	}
	fputs("<polyline class=\"evaluation\" fill=\"none\" "
	    "stroke=\"#2c3e50\" stroke-width=\"2\" points=\"", fp);
	/* positions before --from-ply were not searched */
	for (i = an->first; i <= np; i++) {
		x = l + (np ? (double)pw * (double)i / (double)np : 0);
		y = top + ph * (1.0 - an->wc[i] / 100.0);
		fprintf(fp, "%s%.1f,%.1f", i > an->first ? " " : "", x, y);
	}
	fputs("\"/>\n", fp);
	for (i = 1; i <= np; i++) {
		if (an->cls[i - 1] == YOTE_CLASS_NONE)
			continue;
		x = l + (double)pw * (double)i / (double)np;
		y = top + ph * (1.0 - an->wc[i] / 100.0);
		fprintf(fp, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"%d\" fill=\"%s\"><title>ply %zu: %s</title></circle>\n",
		    yote_class_name(an->cls[i - 1]), x, y,
		    an->cls[i - 1] == YOTE_CLASS_BLUNDER ? 6 : 4,
		    colour[an->cls[i - 1]], i, yote_class_name(an->cls[i - 1]));
	}
	fputs("</svg>\n", fp);
	/* a write error said; in place with the others at the end of a
	 * run that ends well (tool_held_done) */
	return tool_atomic_hold(fp, path);
}
