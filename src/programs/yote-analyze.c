/*
 * yote-analyze - engine analysis of recorded games (annotations lichess
 * style), of single positions, and move lists and perft.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "html.h"
#include "tool.h"
#include "engopt.h"

struct opts {
	struct yote_limits lim; /* search budget per position */
	size_t hash_mb;         /* --hash */
	int jobs;               /* -j */
	int summary;            /* --summary */
	int tsv;                /* --tsv, --format=tsv */
	int json;               /* --format=json */
	enum yote_class only;   /* --only: annotate this class and worse */
	int side;               /* --side: 0, 1, or -1 for both */
	unsigned long from_ply; /* --from-ply */
	const char *graph;      /* --graph FILE.svg */
	struct tool_select sel; /* --game, --player, --event */
	const char *html;       /* --html FILE: a study page, no records */
	int progress;           /* stderr is a terminal */
	struct engopt eng;      /* for new engines: hash, endgame tables */
};

static struct opts opt;

/* One game in flight: read by the main thread, analysed by a worker,
 * written by the main thread in input order. */
struct job {
	struct yote_record *rec;        /* NULL: only a diagnostic */
	const char *file;
	char *diag;             /* diagnostics, in the one form */
	size_t diaglen, diagcap;
	int status;             /* exit status this game calls for */
	struct yote_annotation an;      /* what the analysis found */
	double seconds;         /* time the analysis took */
	int state;              /* 0 free, 1 ready, 2 running, 3 done */
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [options] [FILE...]\n"
	    "       %s --best [--position POS] [--rules R] [budget]\n"
	    "       %s --perft DEPTH [--divide] [--rules R] [--position POS]\n"
	    "       %s --moves [--rules R] [--position POS]\n"
	    "\n"
	    "Annotate every game of FILE (standard input when none, or -) with\n"
	    "engine evaluations, better moves and inaccuracies, mistakes and\n"
	    "blunders; the annotated records go to standard output.\n"
	    "\n"
	    "      --best            search one position, print info and bestmove\n"
	    "  -D, --depth N         search each position N plies (default: 7,\n"
	    "                        within 1000000 nodes)\n"
	    "  -d, --divide          with --perft: the count under each first move\n"
	    "  -f, --format FMT      the --summary table as text (default), tsv\n"
	    "                        or json (JSON Lines)\n"
	    "      --from-ply N      analyse from ply N on\n"
	    "  -e, --event TEXT      only games whose event contains TEXT\n"
	    "  -g, --game N          only game N of each input, or games\n"
	    "                        1-10,15,20-\n"
	    "      --graph FILE      the evaluation as an SVG chart (game k > 1:\n"
	    "                        FILE with -k before .svg)\n"
	    "  -H, --hash MB         transposition table per thread (default 16)\n"
	    "  -h, --help            this help\n"
	    "      --html FILE       the annotated games as one study page (HTML)\n"
	    "                        instead of records on standard output\n"
	    "  -j, --jobs N          analyse N games at a time (default 1)\n"
	    "      --moves           list the legal moves, sorted, one per line\n"
	    "  -N, --nodes N         search each position at most N nodes\n"
	    "  -P, --player TEXT     only games where a player's name contains TEXT\n"
	    "      --site, --date, --result... the other criteria of yote-convert(1)\n"
	    "      --only CLASS      annotate only inaccuracies, mistakes or\n"
	    "                        blunders (and worse)\n"
	    "      --perft DEPTH     count the legal move sequences of length DEPTH\n"
	    "      --position POS    the position for --best, --moves, --perft\n"
	    "  -r, --rules R         ruleset (default classic, or the record's)\n"
	    "  -s, --summary         a table per game and side, no records\n"
	    "      --side SIDE       annotate only first or second (x, o,\n"
	    "                        white, black, red)\n"
	    "  -T, --movetime MS     search each position at most MS milliseconds\n"
	    "      --tsv             the same as --format=tsv\n"
	    "      --tb-dir DIR      endgame tables' cache (default\n"
	    "                        ~/.cache/yote/tb)\n"
	    "      --tb-pieces N     endgame tables up to N pieces (default 5)\n"
	    "      --no-tb           no endgame tables\n"
	    "  -V, --version         print the version\n"
	    "\n"
	    "Exit status: 0 ok, 1 some game invalid, 2 usage, 3 I/O.\n",
	    tool_name, tool_name, tool_name, tool_name);
}

/* ------------------------------------------------------------ perft, moves */

/* A count or list that met the move limit, or memory: say which. */
static int
perft_failed(long rc)
{
	if (rc == YOTE_ELIMIT) {
		tool_warn("a position with more than %lu legal moves (the "
		    "limit; see yote(5), LIMITS)", YOTE_MAX_MOVES);
		return EXIT_INVALID;
	}
	tool_warn("out of memory");
	return EXIT_IO;
}

static int
perft(const struct yote_rules *r, const struct yote_pos *p, int depth,
    int divide)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	unsigned long long total = 0, n;
	char text[YOTE_MOVE_TEXT];
	size_t i;
	int rc;

	if (!divide || depth < 1) {
		if ((rc = yote_perft_max(r, p, depth, &n)) != 0)
			return perft_failed(rc);
		printf("%llu\n", n);
		return EXIT_OK;
	}
	if ((rc = (int)yote_gen_moves(r, p, &l)) < 0) {
		yote_movelist_free(&l);
		return perft_failed(rc);
	}
	yote_movelist_sort(r, &l);
	for (i = 0; i < l.n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		if ((rc = yote_perft_max(r, &q, depth - 1, &n)) != 0) {
			yote_movelist_free(&l);
			return perft_failed(rc);
		}
		total += n;
		printf("%s %llu\n", yote_move_format(r, &l.v[i], text), n);
	}
	printf("%llu\n", total);
	yote_movelist_free(&l);
	return EXIT_OK;
}

static int
list_moves(const struct yote_rules *r, const struct yote_pos *p)
{
	struct yote_movelist l = { 0 };
	char text[YOTE_MOVE_TEXT];
	size_t i;
	long rc;

	/* counted first: a list over the limit would take its memory */
	if (yote_count_moves_upto(r, p, YOTE_MAX_MOVES) > YOTE_MAX_MOVES)
		return perft_failed(YOTE_ELIMIT);
	if ((rc = yote_gen_moves(r, p, &l)) < 0) {
		yote_movelist_free(&l);
		return perft_failed(rc);
	}
	yote_movelist_sort(r, &l);
	for (i = 0; i < l.n; i++)
		printf("%s\n", yote_move_format(r, &l.v[i], text));
	yote_movelist_free(&l);
	return EXIT_OK;
}

/* ------------------------------------------------------------ one position */

struct best_ctx {
	const struct yote_rules *r;
};

static void
print_info(void *ctx, const struct yote_search_result *sr)
{
	const struct best_ctx *bc = ctx;
	char text[YOTE_MOVE_TEXT], sc[16];
	int i;

	printf("info depth %d score %s nodes %llu time %ld pv", sr->depth,
	    yote_score_text(sr->score, sc), sr->nodes, sr->ms);
	for (i = 0; i < sr->pvlen; i++)
		printf(" %s", yote_move_format(bc->r, &sr->pv[i], text));
	putchar('\n');
	fflush(stdout);
}

static int
best_move(const struct yote_rules *r, const struct yote_pos *p)
{
	struct yote_engine *e;
	struct yote_search_result sr;
	struct best_ctx bc;
	char text[YOTE_MOVE_TEXT];

	if ((e = engopt_engine(&opt.eng)) == NULL) {
		tool_warn("out of memory for a %zu MiB hash table", opt.hash_mb);
		return EXIT_IO;
	}
	bc.r = r;
	if (yote_engine_search(e, r, p, &opt.lim, &sr, print_info, &bc) != 0) {
		yote_engine_free(e);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	if (sr.nmoves == 0)
		printf("bestmove (none)\n");
	else
		printf("bestmove %s\n", yote_move_format(r, &sr.best, text));
	yote_engine_free(e);
	return EXIT_OK;
}

/* ------------------------------------------------------------ a game */

static void
job_diag(void *ctx, const struct yote_error *e)
{
	struct job *j = ctx;
	char line[2048];
	size_t n = tool_diag_format(e, line, sizeof(line));
	char *nd;

	j->status = EXIT_INVALID;
	if (j->diaglen + n + 1 > j->diagcap) {
		size_t cap = (j->diagcap + n + 1) * 2;

		if ((nd = realloc(j->diag, cap)) == NULL)
			return;
		j->diag = nd;
		j->diagcap = cap;
	}
	memcpy(j->diag + j->diaglen, line, n + 1);
	j->diaglen += n;
}

static double
seconds_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) +
	    (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

/* Analyse one game with engine e: fills j's annotations and figures. */
static void
analyse(struct yote_engine *e, struct yote_checker *ck, struct job *j)
{
	struct yote_annotate_opts ao;
	struct timespec t0;
	char engine[64];

	memset(&ao, 0, sizeof(ao));
	ao.lim = opt.lim;
	ao.only = opt.only;
	ao.side = opt.side;
	ao.from_ply = opt.from_ply;
	snprintf(engine, sizeof(engine), "yote-analyze %s", YOTE_VERSION);
	ao.engine = engine;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (yote_annotate_game(e, ck, j->rec, j->file, &ao, &j->an, job_diag,
	    j) == YOTE_ENOMEM) {
		job_diag(j, &(struct yote_error){ .code = YOTE_ENOMEM,
		    .msg = "out of memory", .file = j->file,
		    .game = j->rec ? j->rec->game : 0 });
		j->status = EXIT_IO;
	} else if (opt.from_ply > j->an.plies && j->rec != NULL) {
		/* said as yote-replay says it of --ply */
		struct yote_error pe = { .code = YOTE_EVALUE,
		    .file = j->file, .game = j->rec->game };

		snprintf(pe.msg, sizeof(pe.msg), "--from-ply %lu: the game "
		    "has %zu pl%s; there is no ply %lu", opt.from_ply,
		    j->an.plies, j->an.plies == 1 ? "y" : "ies",
		    opt.from_ply);
		job_diag(j, &pe);
	}
	j->seconds = seconds_since(&t0);
}

/* ------------------------------------------------------------ output */

struct output {
	struct yote_writer *w;
	int status;
	unsigned long games;
	unsigned long positions;
	unsigned long analysed;         /* games analysed */
	double seconds, last;           /* their analysis time, the last one's */
	struct timespec t0;
	int header_done;
	int progress_shown;     /* an unfinished progress line on stderr */
	struct html_page *page; /* --html */
	struct yote_checker *ck;        /* --html: replays the annotated games */
};

static void
graph_path(const char *base, unsigned long game, char *buf, size_t size)
{
	size_t n = strlen(base);

	if (game <= 1)
		snprintf(buf, size, "%s", base);
	else if (n > 4 && strcmp(base + n - 4, ".svg") == 0)
		snprintf(buf, size, "%.*s-%lu.svg", (int)(n - 4), base, game);
	else
		snprintf(buf, size, "%s-%lu", base, game);
}


/*
 * The evaluation across the game: the first side's chance to win.  k is
 * the game's place in the output, so that games of several inputs (each
 * numbered from 1) do not overwrite each other's files.
 */
static int
write_graph(const struct job *j, unsigned long k)
{
	static const char *const colour[] = { "", "#e6b800", "#e67e22",
		"#c0392b" };
	const int w = 640, h = 260, l = 50, top = 30, pw = 570, ph = 190;
	char path[4096];
	const char *f, *s;
	const struct yote_node *n;
	FILE *fp;
	size_t i, np = j->an.plies;
	double x, y;

	graph_path(opt.graph, k, path, sizeof(path));
	if ((fp = tool_atomic_open(path)) == NULL) {
		tool_warn("%s: %s", path, strerror(errno));
		return EXIT_IO;
	}
	n = yote_node_get(j->rec->root, "first");
	f = n && n->type == YOTE_NODE_SCALAR ? n->text : "first";
	n = yote_node_get(j->rec->root, "second");
	s = n && n->type == YOTE_NODE_SCALAR ? n->text : "second";
	fprintf(fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, "
	    "Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
	    "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
	    w, h, w, h, w, h);
	fprintf(fp, "<text x=\"%d\" y=\"18\" text-anchor=\"middle\" "
	    "font-size=\"14\">game %lu: chance to win of ", w / 2,
	    j->rec->game);
	tool_put_text(fp, f, TOOL_ESC_XML);
	fputs(" against ", fp);
	tool_put_text(fp, s, TOOL_ESC_XML);
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
	fputs("<polyline class=\"evaluation\" fill=\"none\" "
	    "stroke=\"#2c3e50\" stroke-width=\"2\" points=\"", fp);
	/* positions before --from-ply were not searched */
	for (i = j->an.first; i <= np; i++) {
		x = l + (np ? (double)pw * (double)i / (double)np : 0);
		y = top + ph * (1.0 - j->an.wc[i] / 100.0);
		fprintf(fp, "%s%.1f,%.1f", i > j->an.first ? " " : "", x, y);
	}
	fputs("\"/>\n", fp);
	for (i = 1; i <= np; i++) {
		if (j->an.cls[i - 1] == YOTE_CLASS_NONE)
			continue;
		x = l + (double)pw * (double)i / (double)np;
		y = top + ph * (1.0 - j->an.wc[i] / 100.0);
		fprintf(fp, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"%d\" fill=\"%s\"><title>ply %zu: %s</title></circle>\n",
		    yote_class_name(j->an.cls[i - 1]), x, y,
		    j->an.cls[i - 1] == YOTE_CLASS_BLUNDER ? 6 : 4,
		    colour[j->an.cls[i - 1]], i, yote_class_name(j->an.cls[i - 1]));
	}
	fputs("</svg>\n", fp);
	return tool_atomic_close(fp, path, !ferror(fp));
}

/*
 * A player's name: at most width characters when width > 0, padded with
 * spaces to width.  A UTF-8 sequence is one character and is never cut
 * (printf's %-24.24s counts bytes); tabs and line ends become spaces,
 * so that a row stays one line and TSV keeps its columns, and other
 * control characters are shown escaped (tool_escape).
 */
static void
put_name(const char *name, int width)
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
		fwrite(u, 1, len, stdout);
	}
	for (; n < width; n++)
		putchar(' ');
}

static void
summary_rows(struct output *o, const struct job *j)
{
	const struct yote_node *n;
	const char *name;
	int s;

	if (!o->header_done && !opt.json) {
		if (opt.tsv)
			printf("game\tside\tplayer\tinaccuracies\tmistakes\t"
			    "blunders\taverage-loss\taccuracy\tfile\n");
		else
			printf("%-5s %-6s %-24s %5s %5s %5s %9s %8s\n", "game",
			    "side", "player", "?!", "?", "??", "avg-loss",
			    "accuracy");
		o->header_done = 1;
	}
	for (s = 0; s < 2; s++) {
		const struct yote_side_stats *st = &j->an.st[s];
		double loss = st->moves ? st->loss / (double)st->moves : 0;
		double acc = st->moves ? st->accuracy / (double)st->moves : 100;

		if (opt.side >= 0 && opt.side != s)
			continue;
		n = yote_node_get(j->rec->root, s ? "second" : "first");
		name = n && n->type == YOTE_NODE_SCALAR ? n->text : "?";
		if (opt.json) {
			fputs("{\"kind\":\"side\",\"file\":\"", stdout);
			tool_put_text(stdout, j->file, TOOL_ESC_JSON);
			printf("\",\"game\":%lu,\"side\":\"%s\",\"player\":\"",
			    j->rec->game, s ? "second" : "first");
			tool_put_text(stdout, name, TOOL_ESC_JSON);
			printf("\",\"inaccuracies\":%lu,\"mistakes\":%lu,"
			    "\"blunders\":%lu,\"average_loss\":%.1f,"
			    "\"accuracy\":%.1f}\n", st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
		} else if (opt.tsv) {
			printf("%lu\t%s\t", j->rec->game, s ? "second" : "first");
			put_name(name, 0);
			printf("\t%lu\t%lu\t%lu\t%.1f\t%.1f\t",
			    st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
			tool_put_text(stdout, j->file, TOOL_ESC_FIELD);
			putchar('\n');
		} else {
			printf("%-5lu %-6s ", j->rec->game, s ? "second" :
			    "first");
			put_name(name, 24);
			printf(" %5lu %5lu %5lu %9.1f %8.1f\n",
			    st->n[YOTE_CLASS_INACCURACY],
			    st->n[YOTE_CLASS_MISTAKE],
			    st->n[YOTE_CLASS_BLUNDER], loss, acc);
		}
	}
}

static void
progress(struct output *o, double fraction)
{
	double t = seconds_since(&o->t0);

	fprintf(stderr, "\r%s: %lu games, %.0f positions/s", tool_name,
	    o->games, t > 0 ? (double)o->positions / t : 0.0);
	if (o->analysed > 0)
		fprintf(stderr, ", %.1f s a game (last %.1f s)", o->seconds /
		    (double)o->analysed, o->last);
	if (fraction > 0.01 && fraction <= 1.0)
		fprintf(stderr, ", %.0f%% done, about %.0f s left",
		    100 * fraction, t / fraction - t);
	fputs("   ", stderr);
	o->progress_shown = 1;
}

/* End the progress line, so that what follows starts a line of its own. */
static void
progress_end(struct output *o)
{
	if (o->progress_shown)
		fputc('\n', stderr);
	o->progress_shown = 0;
}

/* --html: the annotated record onto the page, played through again. */
static int
page_game(struct output *o, const struct job *j)
{
	struct yote_game_info info;
	struct yote_game *g = NULL;
	int status = EXIT_OK;

	if (yote_game_from_record(o->ck, j->rec, j->file, &info, NULL, NULL,
	    &g) == YOTE_ENOMEM)
		status = EXIT_IO;
	else if (g != NULL)
		status = html_add(o->page, j->rec, g, &info);
	yote_game_free(g);
	return status;
}

/* Write a finished job, in input order, and release it. */
static void
flush_job(struct output *o, struct job *j)
{
	if (j->diag != NULL) {
		progress_end(o);
		fputs(j->diag, stderr);
	}
	if (j->status > o->status)
		o->status = j->status;
	if (j->rec != NULL) {
		o->games++;
		o->positions += j->an.positions;
		if (j->an.analysed) {
			o->analysed++;
			o->seconds += j->seconds;
			o->last = j->seconds;
		}
		if (opt.summary) {
			if (j->an.analysed)
				summary_rows(o, j);
		} else if (o->page != NULL) {
			if (page_game(o, j) != EXIT_OK)
				o->status = EXIT_IO;
		} else if (yote_writer_put(o->w, j->rec) != 0) {
			if (o->status < EXIT_IO)
				tool_warn("write error on standard output");
			o->status = EXIT_IO;
		}
		if (opt.graph != NULL && j->an.analysed &&
		    write_graph(j, o->games) != 0)
			o->status = EXIT_IO;
	}
	yote_record_free(j->rec);
	free(j->diag);
	yote_annotation_free(&j->an);
	memset(j, 0, sizeof(*j));
}

/* ------------------------------------------------------------ the pool */

struct pool {
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	struct job *slot;
	size_t width;           /* slots */
	unsigned long queued;   /* jobs handed in so far */
	unsigned long taken;    /* jobs taken by workers */
	int closing;
	const struct yote_rules *fallback;
	size_t hash_mb;
	int failed;             /* a worker could not start its engine */
};

static void *
worker(void *arg)
{
	struct pool *pl = arg;
	struct yote_engine *e = engopt_engine(&opt.eng);
	struct yote_checker *ck = yote_checker_new();
	struct job *j;

	if (ck != NULL && pl->fallback != NULL)
		yote_checker_set_rules(ck, pl->fallback);
	pthread_mutex_lock(&pl->mu);
	if (e == NULL || ck == NULL)
		pl->failed = 1;
	for (;;) {
		while (pl->taken == pl->queued && !pl->closing)
			pthread_cond_wait(&pl->work, &pl->mu);
		if (pl->taken == pl->queued)
			break;
		j = &pl->slot[pl->taken++ % pl->width];
		j->state = 2;
		pthread_mutex_unlock(&pl->mu);
		if (j->rec != NULL && e != NULL && ck != NULL)
			analyse(e, ck, j);
		else if (j->rec != NULL)
			job_diag(j, &(struct yote_error){ .code = YOTE_ENOMEM,
			    .msg = "out of memory for the engine",
			    .file = j->file });
		pthread_mutex_lock(&pl->mu);
		j->state = 3;
		pthread_cond_broadcast(&pl->done);
	}
	pthread_mutex_unlock(&pl->mu);
	yote_engine_free(e);
	yote_checker_free(ck);
	return NULL;
}

/* Hand in a job, first writing out finished ones to make room. */
static void
pool_put(struct pool *pl, struct output *o, unsigned long *flushed,
    struct job *in, double fraction)
{
	struct job *j;

	pthread_mutex_lock(&pl->mu);
	for (;;) {
		j = &pl->slot[*flushed % pl->width];
		if (*flushed < pl->queued && j->state == 3) {
			pthread_mutex_unlock(&pl->mu);
			flush_job(o, j);
			if (opt.progress)
				progress(o, fraction);
			pthread_mutex_lock(&pl->mu);
			(*flushed)++;
			continue;
		}
		if (in == NULL && *flushed == pl->queued)
			break;
		if (in != NULL && pl->queued - *flushed < pl->width)
			break;
		pthread_cond_wait(&pl->done, &pl->mu);
	}
	if (in != NULL) {
		j = &pl->slot[pl->queued % pl->width];
		*j = *in;
		j->state = 1;
		pl->queued++;
		pthread_cond_signal(&pl->work);
	}
	pthread_mutex_unlock(&pl->mu);
}

/* ------------------------------------------------------------ inputs */

static double
fraction_read(FILE *fp, long size)
{
	long at;

	if (size <= 0 || (at = ftell(fp)) < 0)
		return -1;
	return (double)at / (double)size;
}

/* Read one input and hand its games to the pool. */
static int
read_input(struct pool *pl, struct output *o, unsigned long *flushed,
    const char *path)
{
	struct yote_reader *rd;
	struct yote_error e;
	struct job j;
	struct stat sb;
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	char why[256];
	FILE *fp;
	long size = -1, skip;
	unsigned long game;
	int rc;

	if ((fp = tool_open(path, why, sizeof(why))) == NULL) {
		tool_warn("%s: %s", path, why);
		return EXIT_IO;
	}
	if (fstat(fileno(fp), &sb) == 0 && S_ISREG(sb.st_mode))
		size = (long)sb.st_size;
	if (yote_reader_open(fp, name, &rd) != 0) {
		if (fp != stdin)
			fclose(fp);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	yote_error_clear(&e);
	if ((skip = tool_select_skip(&opt.sel, rd, &e)) < 0) {
		e.file = name;
		tool_diag(&e);
		yote_reader_close(rd);
		if (fp != stdin)
			fclose(fp);
		return tool_exit_for((int)skip);
	}
	for (;;) {
		memset(&j, 0, sizeof(j));
		j.file = name;
		yote_error_clear(&e);
		rc = yote_reader_next(rd, &j.rec, &e);
		if (rc == 0)
			break;
		if (rc < 0) {
			if (rc == YOTE_EVALUE && e.game > 0 &&
			    !tool_select_number(&opt.sel, e.game))
				continue;       /* a game not asked for */
			e.file = name;
			job_diag(&j, &e);
			j.status = tool_exit_for(rc);
		} else if ((rc = tool_select_record(&opt.sel, j.rec, name,
		    yote_reader_plies(rd))) <= 0) {
			unsigned long g = j.rec->game;

			if (rc < 0) {
				tool_warn("out of memory");
				yote_record_free(j.rec);
				break;
			}

			yote_record_free(j.rec);
			if (tool_select_past(&opt.sel, g + 1))
				break;
			continue;
		}
		game = rc > 0 ? j.rec->game : e.game;
		pool_put(pl, o, flushed, &j, fraction_read(fp, size));
		if (rc < 0 && tool_input_fatal(rc))
			break;
		if (tool_select_past(&opt.sel, game + 1))
			break;
	}
	rc = tool_select_check(&opt.sel, name, yote_reader_games(rd));
	yote_reader_close(rd);
	/* the pool may still read from the records, not from fp */
	if (fp != stdin)
		fclose(fp);
	return rc;
}

static int
analyse_files(char **files, const struct yote_rules *fallback)
{
	struct pool pl;
	struct output o;
	pthread_t *th;
	unsigned long flushed = 0;
	int i, status = EXIT_OK, st;

	memset(&o, 0, sizeof(o));
	clock_gettime(CLOCK_MONOTONIC, &o.t0);
	if (opt.html != NULL) {
		if ((o.ck = tool_checker(fallback)) == NULL)
			return EXIT_IO;
		if ((o.page = html_open(opt.html)) == NULL) {
			yote_checker_free(o.ck);
			return EXIT_IO;
		}
	} else if (!opt.summary && yote_writer_open(stdout, &o.w) != 0) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	memset(&pl, 0, sizeof(pl));
	pthread_mutex_init(&pl.mu, NULL);
	pthread_cond_init(&pl.work, NULL);
	pthread_cond_init(&pl.done, NULL);
	pl.width = (size_t)opt.jobs * 4;
	pl.fallback = fallback;
	pl.hash_mb = opt.hash_mb;
	pl.slot = calloc(pl.width, sizeof(*pl.slot));
	th = calloc((size_t)opt.jobs, sizeof(*th));
	if (pl.slot == NULL || th == NULL) {
		tool_warn("out of memory");
		free(pl.slot);
		free(th);
		yote_writer_close(o.w);
		html_close(o.page, 0);
		yote_checker_free(o.ck);
		return EXIT_IO;
	}
	for (i = 0; i < opt.jobs; i++)
		if (pthread_create(&th[i], NULL, worker, &pl) != 0) {
			tool_warn("cannot start thread: %s", strerror(errno));
			opt.jobs = i;
			break;
		}
	if (opt.jobs == 0) {
		free(pl.slot);
		free(th);
		yote_writer_close(o.w);
		html_close(o.page, 0);
		yote_checker_free(o.ck);
		return EXIT_IO;
	}
	for (i = 0; files[i] != NULL; i++) {
		st = read_input(&pl, &o, &flushed, files[i]);
		if (st > status)
			status = st;
	}
	pool_put(&pl, &o, &flushed, NULL, 1.0);
	pthread_mutex_lock(&pl.mu);
	pl.closing = 1;
	pthread_cond_broadcast(&pl.work);
	pthread_mutex_unlock(&pl.mu);
	for (i = 0; i < opt.jobs; i++)
		pthread_join(th[i], NULL);
	progress_end(&o);
	if (o.w != NULL && yote_writer_close(o.w) != 0 && o.status < EXIT_IO) {
		tool_warn("write error on standard output");
		o.status = EXIT_IO;
	}
	if (pl.failed && o.status < EXIT_IO)
		o.status = EXIT_IO;
	if (o.page != NULL && (st = html_close(o.page, o.status < EXIT_IO &&
	    status < EXIT_IO)) > o.status)
		o.status = st;
	yote_checker_free(o.ck);
	free(pl.slot);
	free(th);
	pthread_mutex_destroy(&pl.mu);
	pthread_cond_destroy(&pl.work);
	pthread_cond_destroy(&pl.done);
	return o.status > status ? o.status : status;
}

/* ------------------------------------------------------------ main */

/* What the command line asks for beyond struct opts. */
struct mode {
	const char *rules;      /* --rules */
	const char *position;   /* --position */
	int perft;              /* --perft DEPTH, or -1 */
	int divide;             /* --divide */
	int moves;              /* --moves */
	int best;               /* --best */
};

/* The options into opt and md: -1 to go on, else the exit status. */
static int
parse_options(int argc, char *argv[], struct mode *md)
{
	/* long only: their letters mean other things in the suite (yote(7)) */
	enum { OPT_BEST = 0x300, OPT_FROM_PLY, OPT_GRAPH, OPT_MOVES, OPT_ONLY,
		OPT_PERFT, OPT_POSITION, OPT_SIDE, OPT_TSV, OPT_HTML };
	static const struct option longopts[] = {
		{ "best", no_argument, NULL, OPT_BEST },
		{ "depth", required_argument, NULL, 'D' },
		{ "divide", no_argument, NULL, 'd' },
		{ "format", required_argument, NULL, 'f' },
		{ "from-ply", required_argument, NULL, OPT_FROM_PLY },
		{ "game", required_argument, NULL, 'g' },
		{ "graph", required_argument, NULL, OPT_GRAPH },
		{ "hash", required_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "html", required_argument, NULL, OPT_HTML },
		{ "jobs", required_argument, NULL, 'j' },
		{ "moves", no_argument, NULL, OPT_MOVES },
		{ "nodes", required_argument, NULL, 'N' },
		{ "only", required_argument, NULL, OPT_ONLY },
		{ "perft", required_argument, NULL, OPT_PERFT },
		{ "position", required_argument, NULL, OPT_POSITION },
		{ "rules", required_argument, NULL, 'r' },
		{ "side", required_argument, NULL, OPT_SIDE },
		{ "summary", no_argument, NULL, 's' },
		{ "movetime", required_argument, NULL, 'T' },
		{ "tsv", no_argument, NULL, OPT_TSV },
		{ "version", no_argument, NULL, 'V' },
		ENGOPT_LONGOPTS,
		SELECT_LONGOPTS,
		{ NULL, 0, NULL, 0 }
	};
	long long x;
	int c, taken;

	engopt_init(&opt.eng);
	memset(md, 0, sizeof(*md));
	md->perft = -1;
	opt.side = -1;
	while ((c = engopt_getopt(&opt.eng, argc, argv,
	    ":D:H:N:P:T:Vde:f:g:hj:r:s", longopts)) != -1) {
		if ((taken = tool_select_option(&opt.sel, c, optarg)) != 0) {
			if (taken < 0)
				return EXIT_USAGE;
			continue;
		}
		switch (c) {
		case ENGOPT_BAD:
			return EXIT_USAGE;
		case OPT_POSITION:
			md->position = optarg;
			break;
		case 's':
			opt.summary = 1;
			break;
		case OPT_TSV:
			opt.tsv = 1;
			break;
		case 'f':
			opt.tsv = strcmp(optarg, "tsv") == 0;
			opt.json = strcmp(optarg, "json") == 0;
			if (!opt.tsv && !opt.json && strcmp(optarg, "text") != 0)
				return tool_usage_error("--format: expected "
				    "text, tsv or json, not '%s'", optarg);
			break;
		case 'V':
			return tool_version();
		case OPT_BEST:
			md->best = 1;
			break;
		case 'd':
			md->divide = 1;
			break;
		case OPT_FROM_PLY:
			if (tool_number(optarg, "--from-ply", 1, 1000000000, &x) != 0)
				return EXIT_USAGE;
			opt.from_ply = (unsigned long)x;
			break;
		case OPT_GRAPH:
			opt.graph = optarg;
			break;
		case 'h':
			return tool_help(usage);
		case OPT_HTML:
			opt.html = optarg;
			break;
		case OPT_MOVES:
			md->moves = 1;
			break;
		case OPT_ONLY:
			/* the words a user types: one or many, or the mark */
			if (strcmp(optarg, "inaccuracies") == 0 ||
			    strcmp(optarg, "inaccuracy") == 0 ||
			    strcmp(optarg, "?!") == 0)
				opt.only = YOTE_CLASS_INACCURACY;
			else if (strcmp(optarg, "mistakes") == 0 ||
			    strcmp(optarg, "mistake") == 0 ||
			    strcmp(optarg, "?") == 0)
				opt.only = YOTE_CLASS_MISTAKE;
			else if (strcmp(optarg, "blunders") == 0 ||
			    strcmp(optarg, "blunder") == 0 ||
			    strcmp(optarg, "?" "?") == 0)
				opt.only = YOTE_CLASS_BLUNDER;
			else
				return tool_usage_error("--only: expected "
				    "inaccuracies, mistakes or blunders (or "
				    "their marks), not '%s'", optarg);
			break;
		case OPT_PERFT:
			if (tool_number(optarg, "--perft", 0, 64, &x) != 0)
				return EXIT_USAGE;
			md->perft = (int)x;
			break;
		case 'r':
			md->rules = optarg;
			break;
		case OPT_SIDE:
			if ((opt.side = tool_side(optarg)) < 0)
				return tool_usage_error("--side: expected first "
				    "or second (x, o, or a side's name: white, "
				    "black, red), not '%s'", optarg);
			break;
		default:
			return tool_bad_option(c, argv, longopts);
		}
	}
	opt.lim = opt.eng.lim;
	opt.hash_mb = opt.eng.hash_mb;
	opt.jobs = opt.eng.jobs;
	return -1;
}

/* Options that exclude or need each other: -1 to go on, else EXIT_USAGE. */
static int
check_options(const struct mode *md)
{
	if ((md->perft >= 0) + md->moves + md->best > 1)
		return tool_usage_error("give one of --perft, --moves, --best");
	if (md->divide && md->perft < 0)
		return tool_usage_error("--divide goes with --perft");
	if ((opt.tsv || opt.json) && !opt.summary)
		return tool_usage_error("--tsv and --format go with --summary");
	if (opt.html != NULL && (opt.summary || md->perft >= 0 || md->moves ||
	    md->best))
		return tool_usage_error("--html writes the annotated games; it "
		    "does not go with --summary, --perft, --moves or --best");
	return -1;
}

/* --perft, --moves or --best on one position. */
static int
one_position(const struct yote_rules *r, const struct mode *md)
{
	struct yote_error e;
	struct yote_pos pos;

	yote_error_clear(&e);
	if (md->position == NULL)
		yote_pos_start(r, &pos);
	else if (yote_pos_parse(r, md->position, &pos, &e) != 0) {
		tool_diag(&e);
		return EXIT_INVALID;
	}
	return md->moves ? list_moves(r, &pos) : md->best ? best_move(r,
	    &pos) : perft(r, &pos, md->perft, md->divide);
}

int
main(int argc, char *argv[])
{
	static char *stdin_only[] = { (char *)"-", NULL };
	const struct yote_rules *r = NULL;
	struct mode md;
	int owned = 0, status = EXIT_OK, on_position;

	tool_init(argv[0]);
	if ((status = parse_options(argc, argv, &md)) >= 0)
		return status;
	if ((status = check_options(&md)) >= 0)
		return status;
	if (!opt.lim.depth && !opt.lim.nodes && !opt.lim.movetime_ms) {
		opt.lim.depth = YOTE_ANNOTATE_DEPTH;
		opt.lim.nodes = YOTE_ANNOTATE_NODES;
	}
	opt.lim.endgame = 1;
	on_position = md.perft >= 0 || md.moves || md.best;
	if ((md.rules != NULL || on_position) &&
	    (r = tool_rules(md.rules, &owned, &status)) == NULL)
		return status;
	if (md.best || !on_position)
		engopt_check(&opt.eng, r);
	if (on_position && optind < argc)
		status = tool_usage_error("unexpected argument '%s'",
		    argv[optind]);
	else if (on_position)
		status = one_position(r, &md);
	else if (md.position != NULL)
		status = tool_usage_error("--position goes with --best, "
		    "--moves or --perft");
	else {
		opt.progress = isatty(STDERR_FILENO);
		status = analyse_files(optind < argc ? argv + optind :
		    stdin_only, r);
	}
	status = tool_stdout_done(status);
	if (owned)
		yote_rules_free(r);
	return status;
}
