/*
 * html.c - study pages: every game of a stream as one HTML file that
 * needs nothing else (no fonts, scripts or requests from elsewhere).
 *
 * The page is streamed: the head, styles and empty layout first; then
 * per game a board template (once per distinct ruleset picture) and the
 * game's data; at the end the game list and the script.  The C side
 * does what needs the rules: it plays the game (only its legal moves
 * reach the page, as text) and the lines of pv annotations, and makes
 * the evaluation curve.  The script plays the moves out from the start
 * position as the notation writes them (a move's text says its path,
 * its captures and bonus removals), which needs no rules, as far as
 * the board is shown: a long game costs the page its moves' text.
 * The script cuts long texts for display, closes what bidirectional
 * controls each opens (bal) and isolates each in <bdi>.
 *
 * Safety: record text (names, comments, unknown keys, ruleset names) only
 * ever reaches the page inside <script type="application/json"> blocks,
 * as JSON strings in which '<', '>', '&', U+2028 and U+2029 are escaped,
 * so no text can end the block or start markup; the script puts it into
 * the page with textContent only.  Bidirectional controls stay as they
 * are here (unlike yote_escape's): the page shows them, isolated.  The board template is draw_svg's
 * picture (side names XML-escaped there).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw.h"
#include "html.h"
#include "tool.h"

/* A position on the page every so many plies (html_add). */
#define KEY_PLIES 256

/* bin/gen/html_assets.c (src/embed-page.sh from html.css, html.js) */
extern const char *const html_css[], *const html_js[];

/* Where a game of the page came from: its input and its number there. */
struct html_from {
	size_t at;              /* its game list entry's offset in idxbuf */
	size_t file;            /* its input, in html_page's files */
	unsigned long game;     /* its number in that input, from 1 */
};

struct html_page {
	FILE *fp;               /* the temporary file */
	char *path;
	FILE *idx;              /* the game list's entries, in memory, each
				   open at its end (html_close ends it) */
	char *idxbuf;
	size_t idxlen;
	struct html_from *from; /* per game of the page */
	char **files;           /* the inputs' names, as the tool gave them */
	size_t nfiles;
	char **tpl;             /* board templates written so far */
	size_t ntpl;
	unsigned long games;    /* games added */
	char why[600];          /* the first problem of the game to come
				   (html_diag), "" when none */
	int err;                /* out of memory */
};

/* ------------------------------------------------------------ JSON */

/* s (len bytes) as a JSON string that is also safe inside <script>. */
static void
json_str(FILE *fp, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i;

	fputc('"', fp);
	for (i = 0; i < len; i++) {
		if (u[i] == '"' || u[i] == '\\')
			fprintf(fp, "\\%c", u[i]);
		else if (u[i] < 0x20 || u[i] == '<' || u[i] == '>' ||
		    u[i] == '&' || u[i] == 0x7f)
			fprintf(fp, "\\u%04x", u[i]);
		else if (u[i] == 0xe2 && i + 2 < len && u[i + 1] == 0x80 &&
		    (u[i + 2] == 0xa8 || u[i + 2] == 0xa9)) {
			/* U+2028, U+2029: line ends to older JavaScript */
			fprintf(fp, "\\u%04x", 0x2000 + (u[i + 2] - 0x80));
			i += 2;
		} else
			fputc(u[i], fp);
	}
	fputc('"', fp);
}

static void
json_text(FILE *fp, const char *s)
{
	json_str(fp, s != NULL ? s : "", s != NULL ? strlen(s) : 0);
}

/* A YAML value that is no scalar, as one line of flow text. */
static void
flow_text(FILE *fp, const struct yote_node *n, int depth)
{
	size_t i;

	if (n->type == YOTE_NODE_SCALAR) {
		fwrite(n->text, 1, n->len, fp);
		return;
	}
	fputc(n->type == YOTE_NODE_SEQ ? '[' : '{', fp);
	for (i = 0; i < n->n && depth < 8; i++) {
		if (i > 0)
			fputs(n->type == YOTE_NODE_MAP && i % 2 ? ": " : ", ",
			    fp);
		flow_text(fp, n->kids[i], depth + 1);
	}
	if (depth >= 8 && n->n > 0)
		fputs("...", fp);
	fputc(n->type == YOTE_NODE_SEQ ? ']' : '}', fp);
}

/* A value as a JSON string: a scalar's text, else its flow text. */
static void
json_node(struct html_page *pg, FILE *fp, const struct yote_node *n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *ms;

	if (n->type == YOTE_NODE_SCALAR) {
		json_str(fp, n->text, n->len);
		return;
	}
	if ((ms = open_memstream(&buf, &len)) == NULL) {
		pg->err = 1;
		json_text(fp, "");
		return;
	}
	flow_text(ms, n, 0);
	if (fclose(ms) != 0)
		pg->err = 1;
	json_str(fp, buf, buf != NULL ? len : 0);
	free(buf);
}

/*
 * The pairs of map as [[key,value],...], but the keys of skip; with rec,
 * map is ply's moves item (mover: who made it) and its evaluations are
 * written from the first side's view, as the curve's are: an older
 * record holds the mover's (yote_annotation_eval).
 */
static void
json_pairs_of(struct html_page *pg, FILE *fp, const struct yote_node *map,
    const char *const *skip, const struct yote_record *rec, int mover)
{
	const struct yote_node *key;
	char sc[16];
	size_t i, k;
	int first = 1, v;

	fputc('[', fp);
	for (i = 0; map != NULL && map->type == YOTE_NODE_MAP && i + 1 < map->n;
	    i += 2) {
		for (k = 0; skip[k] != NULL; k++)
			if (map->kids[i]->type == YOTE_NODE_SCALAR &&
			    strcmp(map->kids[i]->text, skip[k]) == 0)
				break;
		if (skip[k] != NULL)
			continue;
		fputs(first ? "[" : ",[", fp);
		json_node(pg, fp, key = map->kids[i]);
		fputc(',', fp);
		if (rec != NULL && key->type == YOTE_NODE_SCALAR &&
		    (strcmp(key->text, "eval") == 0 ||
		    strcmp(key->text, "eval-before") == 0) &&
		    yote_annotation_eval(rec, map, key->text, mover, &v) == 0)
			json_text(fp, yote_score_text(v, sc));
		else
			json_node(pg, fp, map->kids[i + 1]);
		fputc(']', fp);
		first = 0;
	}
	fputc(']', fp);
}

/* [["key","text"],...] for the pairs of map, except the keys in skip. */
static void
json_pairs(struct html_page *pg, FILE *fp, const struct yote_node *map,
    const char *const *skip)
{
	json_pairs_of(pg, fp, map, skip, NULL, 0);
}

/* ------------------------------------------------------------ the board */

/*
 * The ruleset's board as draw_svg pictures it, with one of everything the
 * script needs to copy: a piece of each side on squares 0 and 1 and in
 * each hand, and a capture from square 0 over square 1 (the last-move
 * highlight, line and removal cross).  Returns the template's number, or
 * -1 when out of memory.
 */
static long
board_template(struct html_page *pg, const struct yote_rules *r)
{
	struct yote_pos p;
	struct yote_move m;
	char *buf = NULL, *svg;
	size_t len = 0, i;
	FILE *ms;
	char **more;

	memset(&p, 0, sizeof(p));
	p.pieces[0] = 1;
	p.pieces[1] = 2;
	p.hand[0] = p.hand[1] = 1;
	p.ply = 1;
	memset(&m, 0, sizeof(m));
	m.kind = YOTE_CAPTURE;
	m.nseg = 1;
	m.seg_to[0] = r->width >= 3 ? 2 : (uint8_t)(2 * r->width);
	m.seg_bonus[0] = YOTE_BONUS_NO;
	if (r->width < 3)
		p.pieces[1] = (uint64_t)1 << r->width;
	if ((ms = open_memstream(&buf, &len)) == NULL)
		return -1;
	if (draw_svg(ms, r, &p, &m, NULL, NULL) != 0 || fclose(ms) != 0 ||
	    buf == NULL) {
		free(buf);
		return -1;
	}
	/* the XML declaration has no place inside HTML */
	svg = strstr(buf, "<svg");
	for (i = 0; i < pg->ntpl; i++)
		if (strcmp(pg->tpl[i], svg) == 0) {
			free(buf);
			return (long)i;
		}
	if ((more = realloc(pg->tpl, (pg->ntpl + 1) * sizeof(*more))) == NULL) {
		free(buf);
		return -1;
	}
	pg->tpl = more;
	memmove(buf, svg, strlen(svg) + 1);
	pg->tpl[pg->ntpl] = buf;
	fprintf(pg->fp, "<template id=\"t%zu\">%s</template>\n", pg->ntpl,
	    buf);
	return (long)pg->ntpl++;
}

/* ------------------------------------------------------------ a game */

/* "[from,to,...]": the squares a move goes through, in order. */
static void
json_path(FILE *fp, const struct yote_move *m)
{
	int i;

	fprintf(fp, "[%d", m->from);
	for (i = 0; i < m->nseg; i++)
		fprintf(fp, ",%d", m->seg_to[i]);
	fputc(']', fp);
}

/* "[sq,...]": the mover's enemy pieces gone from the board. */
static void
json_removed(FILE *fp, const struct yote_rules *r, const struct yote_pos *a,
    const struct yote_pos *b)
{
	uint64_t gone = a->pieces[!a->side] & ~b->pieces[!a->side];
	int sq, first = 1;

	fputc('[', fp);
	for (sq = 0; sq < r->squares; sq++)
		if (gone >> sq & 1) {
			fprintf(fp, first ? "%d" : ",%d", sq);
			first = 0;
		}
	fputc(']', fp);
}

/* One step of a line: ["move","position",[path],[removed]]. */
static void
json_step(FILE *fp, const struct yote_rules *r, const struct yote_pos *a,
    const struct yote_move *m, const struct yote_pos *b)
{
	char text[YOTE_MOVE_TEXT], pos[YOTE_POS_TEXT];

	fputc('[', fp);
	json_text(fp, yote_move_format(r, m, text));
	fputc(',', fp);
	json_text(fp, yote_pos_format(r, b, pos));
	fputc(',', fp);
	json_path(fp, m);
	fputc(',', fp);
	json_removed(fp, r, a, b);
	fputc(']', fp);
}

/* A pv annotation played out from before: its legal steps. */
static void
json_line(FILE *fp, const struct yote_rules *r, const struct yote_pos *before,
    const struct yote_node *pv)
{
	struct yote_movelist scratch = { 0 };
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;
	struct yote_pos p = *before, q;
	size_t i;

	fputc('[', fp);
	for (i = 0; i < pv->n && pv->kids[i]->type == YOTE_NODE_SCALAR; i++) {
		if (yote_move_parse(pv->kids[i]->text, &mt, &e) != 0 ||
		    yote_move_from_text(r, &mt, &m, &e) != 0 ||
		    yote_move_legal(r, &p, &m, &scratch) != 1)
			break;
		q = p;
		yote_pos_play(r, &q, &m);
		if (i > 0)
			fputc(',', fp);
		json_step(fp, r, &p, &m, &q);
		p = q;
	}
	fputc(']', fp);
	yote_movelist_free(&scratch);
}

/* The annotations of ply i (item its moves entry), if any, as
 * "i":{"k":[[key,text],...],"pv":[steps]}. */
static void
json_notes(struct html_page *pg, FILE *fp, const struct yote_record *rec,
    const struct yote_game *g, size_t i, const struct yote_node *item,
    int *first)
{
	static const char *const skip[] = { "move", "pv", NULL };
	const struct yote_node *pv;

	if (item == NULL || item->type != YOTE_NODE_MAP || item->n <= 2)
		return;
	fprintf(fp, "%s\"%zu\":{\"k\":", *first ? "" : ",", i);
	*first = 0;
	json_pairs_of(pg, fp, item, skip, rec, yote_game_pos(g, i - 1)->side);
	if ((pv = yote_node_get(item, "pv")) != NULL &&
	    pv->type == YOTE_NODE_SEQ) {
		fputs(",\"pv\":", fp);
		json_line(fp, yote_game_rules(g), yote_game_pos(g, i - 1), pv);
	}
	fputc('}', fp);
}

/* "e":[first side's chance to win after each ply, or null]. */
static void
json_curve(FILE *fp, const struct yote_record *rec, const struct yote_game *g,
    const struct yote_node *moves)
{
	size_t i, n = yote_game_plies(g);
	int score, any = 0;

	for (i = 1; i <= n && !any; i++)
		any = yote_annotation_eval(rec, moves->kids[i - 1], "eval",
		    yote_game_pos(g, i - 1)->side, &score) == 0;
	if (!any)
		return;
	/* where the curve starts: the first move's eval-before (a set-up
	 * start is seldom even) */
	if (n > 0 && yote_annotation_eval(rec, moves->kids[0], "eval-before",
	    yote_game_pos(g, 0)->side, &score) == 0)
		fprintf(fp, ",\"e0\":%.0f", yote_win_chance(score));
	fputs(",\"e\":[", fp);
	for (i = 1; i <= n; i++) {
		if (i > 1)
			fputc(',', fp);
		if (yote_annotation_eval(rec, moves->kids[i - 1], "eval",
		    yote_game_pos(g, i - 1)->side, &score) == 0)
			fprintf(fp, "%.0f", yote_win_chance(score));
		else
			fputs("null", fp);
	}
	fputc(']', fp);
}

/*
 * The sides' names in a sentence of the page: a byte each, which no text
 * of the record put into it holds (marked_text), so that json_said can
 * give them as the sides' numbers and the script put in the names as it
 * puts every name, isolated.
 */
static const char *const side_mark[2] = { "\001", "\002" };

/* A record's text into a sentence, without the bytes of side_mark. */
static void
marked_text(FILE *ms, const char *s)
{
	for (; *s != '\0'; s++)
		if (*s != side_mark[0][0] && *s != side_mark[1][0])
			fputc(*s, ms);
}

/* s (len bytes) as ["text",side,"text",...]: side_mark as 0 and 1. */
static void
json_said(FILE *fp, const char *s, size_t len)
{
	size_t i, at = 0;
	int any = 0;

	fputc('[', fp);
	for (i = 0; i <= len; i++) {
		if (i < len && s[i] != side_mark[0][0] &&
		    s[i] != side_mark[1][0])
			continue;
		if (i > at) {
			fputs(any++ ? "," : "", fp);
			json_str(fp, s + at, i - at);
		}
		if (i < len)
			fprintf(fp, any++ ? ",%d" : "%d", s[i] == side_mark[1][0]);
		at = i + 1;
	}
	fputc(']', fp);
}

/* A declared ending (the position is not finished) in words. */
static void
declared_words(FILE *ms, const char *res, const char *term)
{
	int w = res == NULL ? -1 : strcmp(res, "1-0") == 0 ? 0 :
	    strcmp(res, "0-1") == 0 ? 1 : strcmp(res, "1/2-1/2") == 0 ? 2 :
	    -1;
	const char *win = w == 0 || w == 1 ? side_mark[w] : "";
	const char *lose = w == 0 || w == 1 ? side_mark[!w] : "";

	fputs("Result: ", ms);
	marked_text(ms, res ? res : "*");
	fputs(term ? ", " : "", ms);
	marked_text(ms, term ? term : "");
	if (term == NULL)
		;
	else if (strcmp(term, "resignation") == 0 && w >= 0 && w < 2)
		fprintf(ms, ": %s resigned; %s wins", lose, win);
	else if (strcmp(term, "time") == 0 && w >= 0 && w < 2)
		fprintf(ms, ": %s ran out of time; %s wins", lose, win);
	else if (strcmp(term, "time") == 0 && w == 2)
		fputs(": time ran out; drawn", ms);
	else if (strcmp(term, "agreement") == 0 && w == 2)
		fputs(": drawn by agreement", ms);
	else if (strcmp(term, "agreement") == 0 && w >= 0)
		fprintf(ms, ": ended by agreement; %s wins on captures", win);
	else if (strcmp(term, "adjudication") == 0 && w >= 0 && w < 2)
		fprintf(ms, ": adjudicated a win for %s", win);
	else if (strcmp(term, "adjudication") == 0 && w == 2)
		fputs(": adjudicated a draw", ms);
	else if (strcmp(term, "unfinished") == 0)
		fputs(": the game was not finished", ms);
	fputs(" (declared; the position is not finished).", ms);
}

/* How the game ended, in words, as json_said gives them. */
static void
json_ending(struct html_page *pg, FILE *fp, const struct yote_record *rec,
    const struct yote_game *g, const struct yote_game_info *info)
{
	const struct yote_rules *r = yote_game_rules(g);
	const struct yote_pos *p = yote_game_now(g);
	const char *res = yote_node_text(rec->root, "result"), *term = yote_node_text(rec->root,
	    "termination");
	struct yote_outcome o;
	char *buf = NULL, *s, *d;
	size_t len = 0;
	FILE *ms;

	if ((ms = open_memstream(&buf, &len)) == NULL) {
		pg->err = 1;
		fputs("[]", fp);
		return;
	}
	yote_pos_outcome(r, p, &o);
	if (info->played < info->plies)
		fprintf(ms, "The record's ply %lu could not be played; the "
		    "replay stops before it.", info->played + 1);
	else if (o.term != YOTE_TERM_NONE)
		draw_ending_named(ms, r, p, &o, side_mark);
	else if (res == NULL && term == NULL)
		fprintf(ms, "The game is not over (%s to move).",
		    side_mark[p->side]);
	else
		declared_words(ms, res, term);
	if (fclose(ms) != 0 || buf == NULL) {
		pg->err = 1;
		free(buf);
		fputs("[]", fp);
		return;
	}
	/* the banner's lines and spacing as one line */
	for (s = d = buf; *s != '\0'; s++)
		if (*s != '\n' && *s != ' ')
			*d++ = *s;
		else if (d > buf && d[-1] != ' ')
			*d++ = ' ';
	while (d > buf && d[-1] == ' ')
		d--;
	json_said(fp, buf, (size_t)(d - buf));
	free(buf);
}

/*
 * Keep where game pg->games of the page came from (file, the record's
 * number there), and the start of its game list entry: 0, or -1 when out
 * of memory.
 */
static int
index_from(struct html_page *pg, const char *file,
    const struct yote_record *rec)
{
	struct html_from *f;
	char **more;
	long at = ftell(pg->idx);

	if (at < 0)
		return -1;
	if ((pg->games & (pg->games - 1)) == 0) {
		/* games 1, 2, 4, ...: room for twice as many */
		if ((f = realloc(pg->from, 2 * pg->games * sizeof(*f))) == NULL)
			return -1;
		pg->from = f;
	}
	if (pg->nfiles == 0 || strcmp(pg->files[pg->nfiles - 1], file) != 0) {
		if ((more = realloc(pg->files, (pg->nfiles + 1) *
		    sizeof(*more))) == NULL)
			return -1;
		pg->files = more;
		if ((pg->files[pg->nfiles] = strdup(file)) == NULL)
			return -1;
		pg->nfiles++;
	}
	f = &pg->from[pg->games - 1];
	f->at = (size_t)at;
	f->file = pg->nfiles - 1;
	f->game = rec->game;
	return 0;
}

/* The game list's entry: [number on the page, first, second, event,
 * round, date, result, rules, why invalid or null, and at html_close
 * where it came from when the page says it]. */
static void
index_entry(struct html_page *pg, const struct yote_record *rec,
    const struct yote_rules *r, const struct yote_game_info *info)
{
	static const char *const keys[] = { "first", "second", "event",
		"round", "date", "result" };
	size_t k;

	fprintf(pg->idx, "[%lu", pg->games);
	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		fputc(',', pg->idx);
		json_text(pg->idx, yote_node_text(rec->root, keys[k]));
	}
	fputc(',', pg->idx);
	json_text(pg->idx, r->name);
	fputc(',', pg->idx);
	if (info->problems > 0)
		json_text(pg->idx, pg->why[0] != '\0' ? pg->why :
		    "the record is invalid");
	else
		fputs("null", pg->idx);
	pg->why[0] = '\0';
}

void
html_diag(void *ctx, const struct yote_error *e)
{
	struct html_page *pg = ctx;

	if (e == NULL)
		pg->why[0] = '\0';
	if (e == NULL || pg->why[0] != '\0')
		return;
	if (e->ply > 0 && e->line > 0)
		snprintf(pg->why, sizeof(pg->why), "line %lu, ply %lu: %s",
		    e->line, e->ply, e->msg);
	else if (e->line > 0)
		snprintf(pg->why, sizeof(pg->why), "line %lu: %s", e->line,
		    e->msg);
	else
		snprintf(pg->why, sizeof(pg->why), "%s", e->msg);
}

/* The analysis: header's first: or second: mapping, as "key":[pairs]. */
static void
json_side_stats(struct html_page *pg, FILE *fp, const struct yote_node *an,
    const char *side)
{
	static const char *const none[] = { NULL };
	const struct yote_node *s = yote_node_get(an, side);

	if (s == NULL || s->type != YOTE_NODE_MAP)
		return;
	fprintf(fp, ",\"%s\":", side);
	json_pairs(pg, fp, s, none);
}

int
html_add(struct html_page *pg, const char *file,
    const struct yote_record *rec, const struct yote_game *g,
    const struct yote_game_info *info)
{
	static const char *const skip[] = { "yote", "moves", "analysis", NULL };
	static const char *const sides[] = { "first", "second", NULL };
	const struct yote_rules *r = yote_game_rules(g);
	const struct yote_node *moves = yote_node_get(rec->root, "moves");
	const struct yote_node *an = yote_node_get(rec->root, "analysis");
	FILE *fp = pg->fp;
	char pos[YOTE_POS_TEXT], text[YOTE_MOVE_TEXT];
	size_t i, n = yote_game_plies(g);
	long t;
	int first = 1;

	if ((t = board_template(pg, r)) < 0) {
		pg->err = 1;
		return EXIT_IO;
	}
	pg->games++;
	if (index_from(pg, file, rec) != 0) {
		pg->games--;
		pg->err = 1;
		return EXIT_IO;
	}
	index_entry(pg, rec, r, info);
	fprintf(fp, "<script type=\"application/json\" id=\"g%lu\">"
	    "{\"n\":%lu,\"t\":%ld,\"w\":%d,\"pc\":%d,\"r\":", pg->games,
	    pg->games, t, r->width, r->pieces);
	json_text(fp, r->name);
	fputs(",\"s\":[", fp);
	json_text(fp, r->side_name[0]);
	fputc(',', fp);
	json_text(fp, r->side_name[1]);
	fputs("],\"h\":", fp);
	json_pairs(pg, fp, rec->root, skip);
	fputs(",\"end\":", fp);
	json_ending(pg, fp, rec, g, info);
	if (an != NULL && an->type == YOTE_NODE_MAP) {
		fputs(",\"a\":", fp);
		json_pairs(pg, fp, an, sides);
		json_side_stats(pg, fp, an, "first");
		json_side_stats(pg, fp, an, "second");
	}
	/* the start and the moves as written: the script plays them out
	 * (path, captures, bonus, counters are all in the notation), so
	 * that a long game costs its moves' text, not a position a ply;
	 * and the position every KEY_PLIES plies, so that it need not play
	 * a long game from the start to show its end */
	fputs(",\"p0\":", fp);
	json_text(fp, yote_pos_format(r, yote_game_pos(g, 0), pos));
	fputs(",\"m\":[", fp);
	for (i = 1; i <= n; i++) {
		if (i > 1)
			fputc(',', fp);
		json_text(fp, yote_move_format(r, yote_game_move(g, i), text));
	}
	fprintf(fp, "],\"K\":%d,\"k\":[", KEY_PLIES);
	for (i = KEY_PLIES; i <= n; i += KEY_PLIES) {
		if (i > KEY_PLIES)
			fputc(',', fp);
		json_text(fp, yote_pos_format(r, yote_game_pos(g, i), pos));
	}
	fputc(']', fp);
	if (moves != NULL && moves->type == YOTE_NODE_SEQ && moves->n >= n) {
		json_curve(fp, rec, g, moves);
		fputs(",\"o\":{", fp);
		for (i = 1; i <= n; i++)
			json_notes(pg, fp, rec, g, i, moves->kids[i - 1],
			    &first);
		fputc('}', fp);
	}
	fputs("}</script>\n", fp);
	return pg->err ? EXIT_IO : EXIT_OK;
}

/* ------------------------------------------------------------ the page */

/* The layout the script fills in; nothing from a record is in it. */
static const char layout[] =
    "<header><h1 id=\"title\">Yot\xc3\xa9 games</h1>"
    "<p id=\"meta\"></p></header>\n"
    "<nav id=\"list\" aria-label=\"Games\"><table><thead><tr>"
    "<th scope=\"col\">#</th><th scope=\"col\">Players</th>"
    "<th scope=\"col\">Event</th><th scope=\"col\">Round</th>"
    "<th scope=\"col\">Date</th><th scope=\"col\">Result</th>"
    "<th scope=\"col\">Rules</th></tr></thead><tbody id=\"games\">"
    "</tbody></table></nav>\n"
    "<main id=\"study\">\n<section id=\"left\">\n"
    "<figure id=\"board\" role=\"img\" aria-label=\"\" data-position=\"\">"
    "<div id=\"svg\"></div><figcaption id=\"pos\"></figcaption></figure>\n"
    "<div id=\"buttons\" role=\"toolbar\" aria-label=\"Move through the "
    "game\"><button id=\"b-first\" aria-label=\"Start (Home)\">"
    "&#xAB;</button><button id=\"b-prev\" aria-label=\"Back one ply "
    "(left arrow)\">&#x2039;</button><button id=\"b-next\" "
    "aria-label=\"Forward one ply (right arrow)\">&#x203A;</button>"
    "<button id=\"b-last\" aria-label=\"End (End)\">&#xBB;</button>"
    "<button id=\"b-flip\" aria-label=\"Flip the board (f)\">&#x21C5;"
    "</button><button id=\"b-exit\" hidden>Back to the game</button>"
    "</div>\n<div id=\"chart\"></div>\n<div id=\"stats\"></div>\n"
    "</section>\n<section id=\"right\">\n<dl id=\"info\"></dl>\n"
    "<div id=\"note\" aria-live=\"polite\"></div>\n"
    "<ol id=\"moves\" aria-label=\"Moves\"></ol>\n<p id=\"ending\"></p>\n"
    "</section>\n</main>\n<section id=\"print\"></section>\n"
    "<noscript><p>This page shows its games with JavaScript; the "
    "records are in its source, as JSON.</p></noscript>\n";

static void
put_lines(FILE *fp, const char *const *lines)
{
	for (; *lines != NULL; lines++)
		fputs(*lines, fp);
}

struct html_page *
html_open(const char *path)
{
	struct html_page *pg = calloc(1, sizeof(*pg));

	if (pg == NULL || (pg->path = strdup(path)) == NULL ||
	    (pg->idx = open_memstream(&pg->idxbuf, &pg->idxlen)) == NULL) {
		tool_warn("out of memory");
		if (pg != NULL)
			free(pg->path);
		free(pg);
		return NULL;
	}
	if ((pg->fp = tool_output_open(path)) == NULL) {
		fclose(pg->idx);
		free(pg->idxbuf);
		free(pg->path);
		free(pg);
		return NULL;
	}
	fprintf(pg->fp, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">\n"
	    "<meta http-equiv=\"Content-Security-Policy\" "
	    "content=\"default-src 'none'; style-src 'unsafe-inline'; "
	    "script-src 'unsafe-inline'\">\n<meta name=\"generator\" "
	    "content=\"%s %s\">\n<title>Yot\xc3\xa9 games</title>\n"
	    "<style>\n", tool_name, YOTE_VERSION);
	put_lines(pg->fp, html_css);
	fprintf(pg->fp, "</style>\n</head>\n<body>\n%s", layout);
	return pg;
}

/*
 * The game list: each entry ended, with where its game came from when
 * that is not just the page's order of one input (games of two files, or
 * a selection), so that a page of one file's games, whole, is the page
 * yote-analyze | yote-replay --html makes of them.
 */
static void
index_write(struct html_page *pg)
{
	unsigned long i;
	size_t end;
	int whence = 0;

	for (i = 0; i < pg->games; i++)
		if (pg->from[i].file != 0 || pg->from[i].game != i + 1)
			whence = 1;
	for (i = 0; i < pg->games && pg->idxbuf != NULL; i++) {
		end = i + 1 < pg->games ? pg->from[i + 1].at : pg->idxlen;
		if (i > 0)
			fputs(",\n", pg->fp);
		fwrite(pg->idxbuf + pg->from[i].at, 1, end - pg->from[i].at,
		    pg->fp);
		if (whence) {
			fputs(",[", pg->fp);
			json_text(pg->fp, pg->files[pg->from[i].file]);
			fprintf(pg->fp, ",%lu]", pg->from[i].game);
		}
		fputc(']', pg->fp);
	}
}

int
html_close(struct html_page *pg, int ok)
{
	int status;
	size_t i;

	if (pg == NULL)
		return EXIT_OK;
	if (fclose(pg->idx) != 0)
		pg->err = 1;
	fputs("<script type=\"application/json\" id=\"index\">[", pg->fp);
	index_write(pg);
	fputs("]</script>\n<script>\n", pg->fp);
	put_lines(pg->fp, html_js);
	fputs("</script>\n</body>\n</html>\n", pg->fp);
	/* a write error tool_atomic_close says itself; a page not written
	 * because the run failed is named as -o's file is */
	if (pg->err)
		tool_warn("out of memory");
	status = tool_atomic_close(pg->fp, pg->path, ok && !pg->err);
	if (pg->err)
		status = EXIT_IO;
	if (!ok || pg->err)
		tool_output_report(pg->path, 0, 0, 0, 0, EXIT_IO);
	for (i = 0; i < pg->ntpl; i++)
		free(pg->tpl[i]);
	free(pg->tpl);
	for (i = 0; i < pg->nfiles; i++)
		free(pg->files[i]);
	free(pg->files);
	free(pg->from);
	free(pg->idxbuf);
	free(pg->path);
	free(pg);
	return status;
}
