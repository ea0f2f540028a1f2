/*
 * draw.c - text and SVG diagrams of positions.
 */
#include <ctype.h>
#include <langinfo.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "draw.h"
#include "tool.h"

#define SQ(sq) ((uint64_t)1 << (sq))

/*
 * 1 when the user's locale writes characters in UTF-8 (LC_ALL, LC_CTYPE,
 * then LANG, as setlocale reads them): the discs and dots of a board are
 * UTF-8, which a terminal under another character set, or under the C
 * locale, shows as other characters.  Asked of a locale object, not of
 * the process's locale, which the tools leave as C.  A locale this
 * system does not have is judged by its name ("en_US.UTF-8", "de.utf8").
 */
static int
locale_utf8(void)
{
	locale_t loc = newlocale(LC_CTYPE_MASK, "", (locale_t)0);
	const char *v;
	char name[64];
	size_t i;
	int utf8;

	if (loc != (locale_t)0) {
		utf8 = strcmp(nl_langinfo_l(CODESET, loc), "UTF-8") == 0;
		freelocale(loc);
		return utf8;
	}
	if (((v = getenv("LC_ALL")) == NULL || *v == '\0') &&
	    ((v = getenv("LC_CTYPE")) == NULL || *v == '\0'))
		v = getenv("LANG");
	if (v == NULL)
		return 0;
	for (i = 0; v[i] != '\0' && i + 1 < sizeof(name); i++)
		name[i] = (char)tolower((unsigned char)v[i]);
	name[i] = '\0';
	return strstr(name, "utf-8") != NULL || strstr(name, "utf8") != NULL;
}

enum draw_style
draw_style_for(FILE *fp, int force_ascii)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");

	if (force_ascii || !isatty(fileno(fp)) || !locale_utf8())
		return DRAW_ASCII;
	/* colour where the terminal can show it: not under TERM=dumb (or
	 * none), which shows escape sequences as text */
	return (nc != NULL && *nc != '\0') || term == NULL || *term == '\0' ||
	    strcmp(term, "dumb") == 0 ? DRAW_UNICODE : DRAW_COLOUR;
}

uint64_t
draw_move_squares(const struct yote_rules *r, const struct yote_move *m)
{
	uint64_t b;
	int i;

	(void)r;
	if (m == NULL)
		return 0;
	b = SQ(m->from);
	for (i = 0; i < m->nseg; i++)
		b |= SQ(m->seg_to[i]);
	return b;
}

/* Jumped enemy pieces and board bonus pieces of a move. */
static uint64_t
removed_squares(const struct yote_move *m)
{
	uint64_t b = 0;
	int i, at = m->from;

	for (i = 0; i < m->nseg; i++) {
		if (m->kind == YOTE_CAPTURE || (m->kind == YOTE_BRIDGE &&
		    i > 0)) {
			b |= SQ((at + m->seg_to[i]) / 2);
			if (m->seg_bonus[i] < YOTE_BONUS_HAND)
				b |= SQ(m->seg_bonus[i]);
		}
		at = m->seg_to[i];
	}
	return b;
}

/* The colours of a side named in the ruleset (white, black, red...): at
 * a terminal and in SVG.  At a terminal only colours that read on light
 * and dark backgrounds alike: white is the terminal's own foreground in
 * bold, never white or yellow, which vanish on a light one; and the
 * sides differ in shape too (a disc and a ring). */
struct colour {
	const char *name, *ansi, *svg;
};

static const struct colour *
colour_of(const char *name, int side)
{
	static const struct colour named[] = {
		{ "red", "\033[1;31m", "#b8322a" },
		{ "black", "\033[1;34m", "#262626" },
		{ "white", "\033[1m", "#f6f1e7" },
	}, other[2] = {
		{ NULL, "\033[1;35m", "#f6f1e7" },
		{ NULL, "\033[1;34m", "#262626" },
	};
	size_t i;

	for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
		if (strcmp(name, named[i].name) == 0)
			return &named[i];
	return &other[side != 0];
}

/* Side s's piece as style st draws it: x or o, a disc or a ring, in
 * the side's colour (left on: the caller resets it). */
static void
piece(FILE *fp, const struct yote_rules *r, int s, enum draw_style st)
{
	if (st == DRAW_ASCII)
		fputc(s ? 'o' : 'x', fp);
	else
		fprintf(fp, "%s%s", st == DRAW_COLOUR ?
		    colour_of(r->side_name[s], s)->ansi : "", s ?
		    "\xe2\x97\x8b" : "\xe2\x97\x8f");
}

void
draw_board(FILE *fp, const struct yote_rules *r, const struct yote_pos *p,
    uint64_t mark, enum draw_style st)
{
	struct yote_outcome o;
	int row, col, sq, s, to_move;

	/* a game the rules have ended has nobody to move */
	yote_pos_outcome(r, p, &o);
	to_move = o.term == YOTE_TERM_NONE ? p->side : -1;
	for (row = r->height - 1; row >= 0; row--) {
		fprintf(fp, " %d ", row + 1);
		for (col = 0; col < r->width; col++) {
			sq = row * r->width + col;
			s = (p->pieces[0] & SQ(sq)) ? 0 :
			    (p->pieces[1] & SQ(sq)) ? 1 : -1;
			fputc(' ', fp);
			/* reverse video, not a background colour: it
			 * shows on every terminal */
			if (st == DRAW_COLOUR && (mark & SQ(sq)))
				fputs("\033[7m", fp);
			if (s < 0)
				fputs(st == DRAW_ASCII ? "." : "\xc2\xb7", fp);
			else
				piece(fp, r, s, st);
			if (st == DRAW_COLOUR && (s >= 0 || (mark & SQ(sq))))
				fputs("\033[0m", fp);
		}
		fputc('\n', fp);
	}
	fputs("   ", fp);
	for (col = 0; col < r->width; col++)
		fprintf(fp, " %c", 'a' + col);
	fputc('\n', fp);
	/* the legend names each side's piece as the board draws it */
	for (s = 0; s < 2; s++) {
		fprintf(fp, "   %s%s (", to_move == s ? "> " : "  ",
		    tool_text(r->side_name[s]));
		piece(fp, r, s, st);
		fprintf(fp, "%s): %d on board, %d in hand, %d captured\n",
		    st == DRAW_COLOUR ? "\033[0m" : "",
		    __builtin_popcountll(p->pieces[s]), p->hand[s],
		    yote_pos_captured_by(r, p, s));
	}
}

/* ------------------------------------------------------------ SVG */

#define CELL 60
#define MARGIN 36
#define TOP 40

static void
cell_centre(const struct yote_rules *r, int sq, int *x, int *y)
{
	*x = MARGIN + (sq % r->width) * CELL + CELL / 2;
	*y = TOP + (r->height - 1 - sq / r->width) * CELL + CELL / 2;
}

/*
 * text as lines of at most cols characters, cut at a space where there is
 * one, at most max lines (the last ending in "..." when more is left):
 * each <text> at x, from y down, 18 apart.  With fp NULL, only counts
 * them.  Returns the lines.
 */
static int
svg_lines(FILE *fp, const char *text, int cols, int max, int x, int y)
{
	const char *s = text, *cut, *sp;
	char buf[400];
	int n = 0, c;
	size_t len;

	while (*s != '\0' && n < max) {
		for (cut = s, sp = NULL, c = 0; *cut != '\0' && c < cols; c++) {
			if (*cut == ' ')
				sp = cut;
			do
				cut++;
			while ((*cut & 0xC0) == 0x80);
		}
		if (*cut != '\0' && sp != NULL && sp > s)
			cut = sp;
		else if (*cut != '\0')
			cut = tool_escape_cut(s, cut);  /* never in an escape */
		len = (size_t)(cut - s) < sizeof(buf) - 4 ? (size_t)(cut - s) :
		    sizeof(buf) - 4;
		memcpy(buf, s, len);
		buf[len] = '\0';
		if (n == max - 1 && *cut != '\0')
			strcat(buf, "...");
		if (fp != NULL) {
			fprintf(fp, "<text x=\"%d\" y=\"%d\">", x, y + 18 * n);
			tool_put_text(fp, buf, YOTE_ESC_XML);
			fputs("</text>\n", fp);
		}
		n++;
		s = *cut == ' ' ? cut + 1 : cut;
	}
	return n;
}

/* The best move: a green arrow along its path, a ring where it places. */
static void
svg_best(FILE *fp, const struct yote_rules *r, const struct yote_move *m)
{
	int x, y, x0 = 0, y0 = 0, i, at = m->from;
	double dx, dy, l, bx, by;

	cell_centre(r, at, &x, &y);
	fputs("<g class=\"best\" fill=\"#1e8449\" stroke=\"#1e8449\" "
	    "opacity=\"0.75\">\n", fp);
	if (m->nseg == 0) {
		fprintf(fp, "<circle cx=\"%d\" cy=\"%d\" r=\"22\" "
		    "fill=\"none\" stroke-width=\"5\" "
		    "stroke-dasharray=\"6 4\"/>\n</g>\n", x, y);
		return;
	}
	fprintf(fp, "<polyline fill=\"none\" stroke-width=\"8\" "
	    "stroke-linecap=\"round\" points=\"%d,%d", x, y);
	for (i = 0; i < m->nseg; i++) {
		x0 = x;
		y0 = y;
		cell_centre(r, m->seg_to[i], &x, &y);
		if (i + 1 < m->nseg)
			fprintf(fp, " %d,%d", x, y);
	}
	/* the last leg stops at the arrowhead's base */
	dx = x - x0;
	dy = y - y0;
	l = dx * dx + dy * dy > 0 ? sqrt(dx * dx + dy * dy) : 1;
	dx /= l;
	dy /= l;
	bx = x - dx * 24;
	by = y - dy * 24;
	fprintf(fp, " %.1f,%.1f\"/>\n<polygon stroke=\"none\" "
	    "points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\"/>\n</g>\n", bx, by,
	    x - dx * 6, y - dy * 6, bx - dy * 11, by + dx * 11,
	    bx + dy * 11, by - dx * 11);
}

int
draw_svg(FILE *fp, const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, const char *title,
    const struct draw_notes *notes)
{
	int bw = r->width * CELL, bh = r->height * CELL;
	int w = 2 * MARGIN + bw, h = TOP + bh + 120, step;
	int sq, x, y, s, i, k, at, cols, nl = 0;
	uint64_t mark = draw_move_squares(r, m), gone = 0;

	if (w < 360)
		w = 360;
	cols = (w - 2 * MARGIN) / 7;
	if (notes != NULL && notes->line != NULL)
		nl += svg_lines(NULL, notes->line, cols, 4, 0, 0);
	if (notes != NULL && notes->comment != NULL)
		nl += svg_lines(NULL, notes->comment, cols, 4, 0, 0);
	h += 18 * nl;
	if (m != NULL)
		gone = removed_squares(m);
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
	    w, h, w, h);
	fprintf(fp, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
	    w, h);
	if (title != NULL) {
		/* a title wider than the picture (a long chain on a narrow
		 * board: the names are cut already, not the move) is pressed
		 * into it, at about 9 px a character of 16 px type */
		k = (int)tool_width(title, strlen(title));
		fprintf(fp, "<text x=\"%d\" y=\"24\" font-size=\"16\" "
		    "text-anchor=\"middle\"", w / 2);
		if (9 * k > w - 16)
			fprintf(fp, " textLength=\"%d\" "
			    "lengthAdjust=\"spacingAndGlyphs\"", w - 16);
		putc('>', fp);
		tool_put_text(fp, title, YOTE_ESC_XML);
		fputs("</text>\n", fp);
	}
	fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"#d9b27c\" stroke=\"#6b4a26\" stroke-width=\"3\" "
	    "rx=\"6\"/>\n", MARGIN, TOP, bw, bh);
	fputs("<g class=\"points\">\n", fp);
	for (sq = 0; sq < r->squares; sq++) {
		cell_centre(r, sq, &x, &y);
		if (mark & SQ(sq))
			fprintf(fp, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"#f3e37a\" opacity=\"0.8\"/>\n",
			    x - CELL / 2, y - CELL / 2, CELL, CELL);
		fprintf(fp, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" "
		    "fill=\"#8a6233\"/>\n", x, y);
	}
	fputs("</g>\n<g class=\"coordinates\" font-size=\"14\" "
	    "fill=\"#333333\" text-anchor=\"middle\">\n", fp);
	for (i = 0; i < r->width; i++)
		fprintf(fp, "<text x=\"%d\" y=\"%d\">%c</text>\n",
		    MARGIN + i * CELL + CELL / 2, TOP + bh + 20, 'a' + i);
	for (i = 0; i < r->height; i++)
		fprintf(fp, "<text x=\"%d\" y=\"%d\">%d</text>\n", MARGIN / 2,
		    TOP + (r->height - 1 - i) * CELL + CELL / 2 + 5, i + 1);
	fputs("</g>\n", fp);
	if (m != NULL && m->nseg > 0) {
		fputs("<polyline class=\"last-move\" fill=\"none\" "
		    "stroke=\"#c0392b\" stroke-width=\"4\" "
		    "stroke-linecap=\"round\" stroke-linejoin=\"round\" "
		    "opacity=\"0.7\" points=\"", fp);
		at = m->from;
		cell_centre(r, at, &x, &y);
		fprintf(fp, "%d,%d", x, y);
		for (i = 0; i < m->nseg; i++) {
			cell_centre(r, m->seg_to[i], &x, &y);
			fprintf(fp, " %d,%d", x, y);
		}
		fputs("\"/>\n", fp);
	}
	fputs("<g class=\"removed\" stroke=\"#c0392b\" stroke-width=\"3\">\n",
	    fp);
	for (sq = 0; sq < r->squares; sq++)
		if (gone & SQ(sq)) {
			cell_centre(r, sq, &x, &y);
			fprintf(fp, "<path d=\"M%d %dL%d %dM%d %dL%d %d\"/>\n",
			    x - 12, y - 12, x + 12, y + 12, x - 12, y + 12,
			    x + 12, y - 12);
		}
	fputs("</g>\n<g class=\"pieces\" stroke=\"#111111\" "
	    "stroke-width=\"2\">\n", fp);
	for (sq = 0; sq < r->squares; sq++)
		for (s = 0; s < 2; s++)
			if (p->pieces[s] & SQ(sq)) {
				cell_centre(r, sq, &x, &y);
				fprintf(fp, "<circle class=\"piece side-%s\" "
				    "cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\"/>\n",
				    s ? "second" : "first", x, y, CELL * 2 / 5,
				    colour_of(r->side_name[s], s)->svg);
			}
	fputs("</g>\n<g class=\"hands\" font-size=\"14\" "
	    "fill=\"#333333\">\n", fp);
	for (s = 0; s < 2; s++) {
		y = TOP + bh + 44 + s * 40;
		fprintf(fp, "<text x=\"%d\" y=\"%d\">", MARGIN, y);
		tool_put_text(fp, r->side_name[s], YOTE_ESC_XML);
		fprintf(fp, "%s: %d in hand, %d captured</text>\n",
		    p->side == s ? " (to move)" : "", p->hand[s],
		    yote_pos_captured_by(r, p, s));
		step = p->hand[s] > 0 ? (w - 2 * MARGIN - 16) / p->hand[s] : 0;
		if (step > 16)
			step = 16;
		for (k = 0; k < p->hand[s]; k++)
			fprintf(fp, "<circle class=\"hand side-%s\" cx=\"%d\" "
			    "cy=\"%d\" r=\"6\" fill=\"%s\" "
			    "stroke=\"#111111\" stroke-width=\"1\"/>\n",
			    s ? "second" : "first", MARGIN + 8 + k * step,
			    y + 14, colour_of(r->side_name[s], s)->svg);
	}
	fputs("</g>\n", fp);
	if (notes != NULL && notes->best != NULL)
		svg_best(fp, r, notes->best);
	if (nl > 0) {
		y = TOP + bh + 124;
		fputs("<g class=\"notes\" font-size=\"13\" fill=\"#222222\">\n",
		    fp);
		if (notes->line != NULL)
			y += 18 * svg_lines(fp, notes->line, cols, 4, MARGIN, y);
		if (notes->comment != NULL)
			svg_lines(fp, notes->comment, cols, 4, MARGIN, y);
		fputs("</g>\n", fp);
	}
	fputs("</svg>\n", fp);
	return ferror(fp) ? -1 : 0;
}

/* ------------------------------------------------------------ endings */

/* Block letters, 5 rows, for the few words announced in large. */
static const struct {
	char c;
	const char *rows[5];
} font[] = {
	{ 'N', { "#   #", "##  #", "# # #", "#  ##", "#   #" } },
	{ 'D', { "#### ", "#   #", "#   #", "#   #", "#### " } },
	{ 'A', { " ### ", "#   #", "#####", "#   #", "#   #" } },
	{ 'R', { "#### ", "#   #", "#### ", "#  # ", "#   #" } },
	{ 'K', { "#   #", "#  # ", "###  ", "#  # ", "#   #" } },
	{ 'E', { "#####", "#    ", "#### ", "#    ", "#####" } },
	{ 'P', { "#### ", "#   #", "#### ", "#    ", "#    " } },
	{ '-', { "     ", "     ", "#### ", "     ", "     " } },
	{ '!', { "  #  ", "  #  ", "  #  ", "     ", "  #  " } },
};

void
draw_banner(FILE *fp, const char *word)
{
	size_t i, k;
	int row;

	fputc('\n', fp);
	for (row = 0; row < 5; row++) {
		fputs("  ", fp);
		for (i = 0; word[i] != '\0'; i++)
			for (k = 0; k < sizeof(font) / sizeof(font[0]); k++)
				if (font[k].c == word[i]) {
					fprintf(fp, "%s  ", font[k].rows[row]);
					break;
				}
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

static void
ending_text(FILE *fp, const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_outcome *outcome, int big, const char *const name[2])
{
	const struct yote_outcome o = *outcome;
	struct yote_pos flipped;
	int loser;

	loser = p->side;
	flipped = *p;
	flipped.side = (uint8_t)!p->side;
	fprintf(fp, "Result: %s, %s: ", yote_result_text(o.result),
	    yote_termination_text(o.term));
	switch (o.term) {
	case YOTE_TERM_CAPTURE_ALL:
		fprintf(fp, "%s has no pieces left.\n", name[loser]);
		break;
	case YOTE_TERM_BLOCKED:
		if (r->opening == YOTE_OPEN_HAND_FIRST &&
		    r->blocked == YOTE_BLOCK_LOSES && o.result != YOTE_RES_DRAW)
		{
			fprintf(fp, "%s is shut in.\n", name[loser]);
			if (big)
				draw_banner(fp, "NDAR-KEPP!");
			else
				fputs("\n    *** NDAR-KEPP! ***\n\n", fp);
			fprintf(fp, "%s loses.\n", name[loser]);
		}
		else if (r->blocked == YOTE_BLOCK_LOSES_UNLESS_BOTH &&
		    yote_count_moves_upto(r, &flipped, 0) == 0)
			fprintf(fp, "neither side can move; %s%s%s.\n",
			    o.result == YOTE_RES_DRAW ? "equal pieces on the "
			    "board: drawn" : "more pieces on the board: ",
			    o.result == YOTE_RES_DRAW ? "" : name[
			    o.result == YOTE_RES_FIRST ? 0 : 1],
			    o.result == YOTE_RES_DRAW ? "" : " wins");
		else if (r->blocked == YOTE_BLOCK_LOSES_UNLESS_BOTH)
			fprintf(fp, "%s cannot move; %s wins.\n",
			    name[loser], name[!loser]);
		else if (r->blocked == YOTE_BLOCK_MORE_CAPTURED)
			fprintf(fp, "%s cannot move; %s%s%s.\n", name[loser],
			    o.result == YOTE_RES_DRAW ? "equal captures: drawn" :
			    "more captures: ", o.result == YOTE_RES_DRAW ? "" :
			    name[o.result == YOTE_RES_FIRST ? 0 : 1],
			    o.result == YOTE_RES_DRAW ? "" : " wins");
		else if (o.result == YOTE_RES_DRAW)
			fprintf(fp, "%s cannot move; drawn.\n", name[loser]);
		else
			fprintf(fp, "%s cannot move; %s wins.\n",
			    name[loser], name[o.result ==
			    YOTE_RES_FIRST ? 0 : 1]);
		break;
	case YOTE_TERM_FEW_PIECES:
		fprintf(fp, "both sides have %d pieces or fewer and neither can "
		    "capture; drawn.\n", r->few_pieces);
		break;
	default:
		fprintf(fp, "%d plies without a capture; drawn.\n", r->move_limit);
		break;
	}
}

/* The ending's lines wrapped to 80 columns (a ruleset file's long side
 * names, the few-pieces sentence); as they come when memory runs out. */
void
draw_ending(FILE *fp, const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_outcome *outcome, int big)
{
	char *text = NULL, *line, *nl;
	size_t len;
	FILE *ms = open_memstream(&text, &len);
	/* a ruleset file names the sides */
	const char *const name[2] = { tool_text(r->side_name[0]),
		tool_text(r->side_name[1]) };

	if (ms == NULL) {
		ending_text(fp, r, p, outcome, big, name);
		return;
	}
	ending_text(ms, r, p, outcome, big, name);
	if (fclose(ms) != 0) {
		free(text);
		ending_text(fp, r, p, outcome, big, name);
		return;
	}
	/* line by line: a banner's lines and blank lines stay as they are */
	for (line = text; *line != '\0'; line = nl + 1) {
		if ((nl = strchr(line, '\n')) == NULL)
			nl = line + strlen(line) - 1;
		else
			*nl = '\0';
		if (*line == '\0')
			putc('\n', fp);
		else
			tool_wrap(fp, line, 4);
	}
	free(text);
}

void
draw_ending_named(FILE *fp, const struct yote_rules *r,
    const struct yote_pos *p, const struct yote_outcome *o,
    const char *const name[2])
{
	ending_text(fp, r, p, o, 0, name);
}
