/*
 * protocol.c - the line protocol of yote-play --protocol.
 *
 *   yote                       -> id name ..., id rules ..., yoteok
 *   isready                    -> readyok
 *   newgame                    forget the table, back to the start
 *   rules NAME|FILE            another ruleset (and the start position)
 *   position start|POS [moves M ...]
 *                              (the engine is told the positions before
 *                              the last one: repetitions)
 *   go [depth N | nodes N | movetime MS]
 *                              -> info depth D score S nodes N time T
 *                                 nps R pv M ...  (one per iteration)
 *                              -> bestmove M | bestmove (none)
 *   show                       -> position POS
 *   quit
 * A command that cannot be carried out is answered "error MESSAGE" and
 * changes nothing.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"

struct protocol {
	const struct yote_rules *r;     /* current ruleset */
	const struct yote_rules *loaded;        /* to free (a built-in: no-op) */
	struct yote_engine *e;
	struct yote_pos p;
	int depth;              /* `go` without a budget */
	unsigned long long nodes;
	FILE *out;              /* for the info callback */
};

struct protocol *
protocol_new(const struct yote_rules *r, size_t hash_mb, int depth,
    unsigned long long nodes)
{
	struct protocol *pr = calloc(1, sizeof(*pr));

	if (pr == NULL)
		return NULL;
	if ((pr->e = yote_engine_new(hash_mb)) == NULL) {
		free(pr);
		return NULL;
	}
	pr->r = r;
	pr->depth = depth;
	pr->nodes = nodes;
	yote_pos_start(r, &pr->p);
	return pr;
}

void
protocol_free(struct protocol *pr)
{
	if (pr == NULL)
		return;
	yote_rules_free(pr->loaded);
	yote_engine_free(pr->e);
	free(pr);
}

struct yote_engine *
protocol_engine(struct protocol *pr)
{
	return pr->e;
}

/* A new game, or a position without its past: no history. */
static void
forget_history(struct protocol *pr)
{
	yote_engine_set_history(pr->e, NULL, 0);
}

static void
reply_error(FILE *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void
reply_error(FILE *out, const char *fmt, ...)
{
	va_list ap;

	fputs("error ", out);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc('\n', out);
	fflush(out);
}

static void
info(void *ctx, const struct yote_search_result *sr)
{
	const struct protocol *pr = ctx;
	char buf[YOTE_MOVE_TEXT], sc[16];
	int i;

	fprintf(pr->out, "info depth %d score %s nodes %llu time %ld nps %llu "
	    "pv", sr->depth, yote_score_text(sr->score, sc), sr->nodes,
	    sr->ms, sr->ms > 0 ? sr->nodes * 1000ULL /
	    (unsigned long long)sr->ms : sr->nodes);
	for (i = 0; i < sr->pvlen; i++)
		fprintf(pr->out, " %s", yote_move_format(pr->r, &sr->pv[i],
		    buf));
	fputc('\n', pr->out);
	fflush(pr->out);
}

/* "start|POS [moves M...]" into the session's position. */
static void
position(struct protocol *pr, char *args, FILE *out)
{
	const struct yote_rules *r = pr->r;
	struct yote_pos q, *hist = NULL;
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;
	char *mv = NULL, *tok, *save;
	unsigned long ply = 0;

	yote_error_clear(&e);
	if (strncmp(args, "moves", 5) == 0 && (args[5] == ' ' ||
	    args[5] == '\0')) {
		mv = args + 5;
		args = (char *)"start";
	} else if ((mv = strstr(args, " moves")) != NULL &&
	    (mv[6] == ' ' || mv[6] == '\0')) {
		*mv = '\0';
		mv += 6;
	} else
		mv = NULL;
	if (strcmp(args, "start") == 0 || *args == '\0')
		yote_pos_start(r, &q);
	else if (yote_pos_parse(r, args, &q, &e) != 0) {
		reply_error(out, "%s", e.msg);  /* it says "position: ..." */
		return;
	}
	/* at most one move for every two characters, and the start */
	if (mv != NULL && (hist = malloc((strlen(mv) / 2 + 2) *
	    sizeof(*hist))) == NULL) {
		reply_error(out, "out of memory");
		return;
	}
	if (mv != NULL)
		for (tok = strtok_r(mv, " \t", &save); tok != NULL;
		    tok = strtok_r(NULL, " \t", &save)) {
			hist[ply++] = q;
			if (yote_move_parse(tok, &mt, &e) != 0 ||
			    yote_move_from_text(r, &mt, &m, &e) != 0 ||
			    yote_move_check(r, &q, &m, &e) != 0) {
				reply_error(out, "position: move %lu '%.40s': %s",
				    ply, tok, e.msg);
				free(hist);
				return;
			}
			yote_pos_play(r, &q, &m);
		}
	if (hist != NULL && yote_engine_set_history(pr->e, hist, ply) != 0) {
		reply_error(out, "out of memory");
		free(hist);
		return;
	}
	if (hist == NULL)
		forget_history(pr);
	free(hist);
	pr->p = q;
}

static void
go(struct protocol *pr, char *args, FILE *out)
{
	struct yote_limits lim;
	struct yote_search_result sr;
	char *save, *kind, *val, *end = NULL, buf[YOTE_MOVE_TEXT];
	long long x;

	kind = strtok_r(args, " \t", &save);
	val = kind ? strtok_r(NULL, " \t", &save) : NULL;
	memset(&lim, 0, sizeof(lim));
	x = val ? strtoll(val, &end, 10) : -1;
	if (kind == NULL) {
		lim.depth = pr->depth;
		lim.nodes = pr->nodes;
	} else if (val == NULL || *end != '\0' || x < 1) {
		reply_error(out, "go: expected depth N, nodes N or movetime "
		    "MS");
		return;
	} else if (strcmp(kind, "depth") == 0)
		lim.depth = x > YOTE_MAX_PLY - 4 ? YOTE_MAX_PLY - 4 : (int)x;
	else if (strcmp(kind, "nodes") == 0)
		lim.nodes = (unsigned long long)x;
	else if (strcmp(kind, "movetime") == 0)
		lim.movetime_ms = x > 86400000 ? 86400000 : (long)x;
	else {
		reply_error(out, "go: unknown budget '%.40s'", kind);
		return;
	}
	pr->out = out;
	if (yote_engine_search(pr->e, pr->r, &pr->p, &lim, &sr, info,
	    pr) != 0) {
		reply_error(out, "out of memory");
		return;
	}
	if (sr.nmoves == 0)
		fprintf(out, "bestmove (none)\n");
	else
		fprintf(out, "bestmove %s\n", yote_move_format(pr->r, &sr.best,
		    buf));
}

int
protocol_line(struct protocol *pr, char *line, FILE *out)
{
	const struct yote_rules *nr;
	struct yote_error err;
	char *cmd, *args, buf[YOTE_POS_TEXT];

	line[strcspn(line, "\r\n")] = '\0';
	cmd = line + strspn(line, " \t");
	args = cmd + strcspn(cmd, " \t");
	if (*args != '\0')
		*args++ = '\0';
	args += strspn(args, " \t");
	if (*cmd == '\0' || *cmd == '#')
		return 0;
	if (strcmp(cmd, "yote") == 0) {
		fprintf(out, "id name yote-play %s\nid rules %s\nyoteok\n",
		    YOTE_VERSION, pr->r->name);
	} else if (strcmp(cmd, "isready") == 0) {
		fprintf(out, "readyok\n");
	} else if (strcmp(cmd, "newgame") == 0) {
		yote_engine_clear(pr->e);
		forget_history(pr);
		yote_pos_start(pr->r, &pr->p);
	} else if (strcmp(cmd, "rules") == 0) {
		yote_error_clear(&err);
		if (yote_rules_get(args, &nr, &err) != 0) {
			reply_error(out, "rules: %s", err.msg);
			return 0;
		}
		yote_rules_free(pr->loaded);
		pr->loaded = nr;      /* freeing a built-in does nothing */
		pr->r = nr;
		yote_engine_clear(pr->e);
		forget_history(pr);
		yote_pos_start(pr->r, &pr->p);
	} else if (strcmp(cmd, "position") == 0) {
		position(pr, args, out);
	} else if (strcmp(cmd, "go") == 0) {
		go(pr, args, out);
	} else if (strcmp(cmd, "d") == 0 || strcmp(cmd, "show") == 0) {
		fprintf(out, "position %s\n", yote_pos_format(pr->r, &pr->p,
		    buf));
	} else if (strcmp(cmd, "quit") == 0) {
		return 1;
	} else {
		reply_error(out, "unknown command '%.40s'", cmd);
	}
	fflush(out);
	return 0;
}
