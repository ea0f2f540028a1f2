/*
 * session.c - a game of a person against the engine, or of two people:
 * what yote-play's terminal session and pipe mode share (session.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engopt.h"
#include "session.h"

void
session_wrap(const char *text, int indent)
{
	tool_wrap(stdout, text, indent);
}

void
session_say(const char *fmt, ...)
{
	va_list ap;
	char buf[1024], *big = NULL;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(buf) && (big = malloc((size_t)n + 1)) != NULL) {
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	if (n >= 0)
		session_wrap(big != NULL ? big : buf, 0);
	free(big);
}

/* Text built up in memory, to be wrapped: a stream, or stdout when
 * memory ran out (the text is then printed as it comes). */
struct said {
	FILE *fp;
	char *text;
	size_t len;
};

static FILE *
said_open(struct said *sd)
{
	sd->text = NULL;
	if ((sd->fp = open_memstream(&sd->text, &sd->len)) == NULL)
		sd->fp = stdout;
	return sd->fp;
}

/* The text wrapped, continuation lines indented by indent. */
static void
said_close(struct said *sd, int indent)
{
	if (sd->fp == stdout) {
		putchar('\n');
		return;
	}
	if (fclose(sd->fp) == 0)
		session_wrap(sd->text, indent);
	free(sd->text);
}

int
session_open(struct session *s, const struct yote_rules *r,
    const struct yote_pos *start, const struct session_opts *opt)
{
	memset(s, 0, sizeof(*s));
	s->opt = opt;
	s->r = r;
	s->shown = (size_t)-1;
	if (game_init(&s->g, r, start) != 0 ||
	    (s->eng.e = engopt_engine(opt->eng)) == NULL) {
		game_free(&s->g);
		tool_warn("out of memory");
		return EXIT_IO;
	}
	s->eng.lv = opt->level;
	s->eng.rng = opt->seed;
	snprintf(s->engname, sizeof(s->engname), "yote-play (%s)",
	    opt->level->name);
	s->human_side = opt->engine_first ? YOTE_SECOND : YOTE_FIRST;
	yote_escape(s->side[0], sizeof(s->side[0]), r->side_name[0], 0);
	yote_escape(s->side[1], sizeof(s->side[1]), r->side_name[1], 0);
	if (opt->hvh) {
		s->who[0] = "first player";
		s->who[1] = "second player";
	} else {
		s->who[s->human_side] = opt->name ? opt->name : "Human";
		s->who[!s->human_side] = s->engname;
	}
	if (opt->player[0] != NULL)
		s->who[0] = opt->player[0];
	if (opt->player[1] != NULL)
		s->who[1] = opt->player[1];
	return EXIT_OK;
}

void
session_close(struct session *s)
{
	yote_engine_free(s->eng.e);
	game_free(&s->g);
	free(s->line);
}

int
session_save(const struct session *s, const char *path)
{
	const struct session_opts *opt = s->opt;
	struct game_names nm = { opt->event ? opt->event : "yote-play",
	    opt->site, opt->round, s->who[0], s->who[1], opt->rules };
	struct outfile o;
	struct yote_record *rec;
	int st;

	if ((st = out_open(&o, path)) != EXIT_OK)
		return st;
	if ((rec = game_record(&s->g, &nm, opt->hvh ? NULL : &opt->seed)) ==
	    NULL) {
		tool_warn("out of memory");
		out_close(&o, 0);
		return EXIT_IO;
	}
	st = out_put(&o, rec);
	yote_record_free(rec);
	return out_close(&o, st == EXIT_OK) != EXIT_OK ? EXIT_IO : st;
}

int
session_engine_turn(struct session *s, struct yote_move *m)
{
	int score;

	if (engine_move(&s->eng, &s->g, m, &score) != 0 ||
	    game_play(&s->g, m) != 0)
		return -1;
	return 0;
}

int
session_hint(struct session *s, struct yote_search_result *sr)
{
	struct yote_limits lim;

	memset(&lim, 0, sizeof(lim));
	lim.depth = 6;
	lim.nodes = 2000000;
	if (engine_history(s->eng.e, &s->g) != 0)
		return YOTE_ENOMEM;
	return yote_engine_search(s->eng.e, s->r, game_now(&s->g), &lim, sr,
	    NULL, NULL);
}

size_t
session_undo_plies(const struct session *s)
{
	const struct session_opts *opt = s->opt;
	size_t n = game_plies(&s->g), k;

	k = opt->hvh ? 1 : game_now(&s->g)->side == s->human_side ? 2 : 1;
	if (n < k || (!opt->hvh && n - k < (size_t)(opt->engine_first ? 1 :
	    0)))
		return 0;
	return k;
}

void
session_resign(struct session *s)
{
	int side = game_now(&s->g)->side;

	s->g.result = side == YOTE_FIRST ? YOTE_RES_SECOND : YOTE_RES_FIRST;
	s->g.term = YOTE_TERM_RESIGNATION;
	s->declared = 1;
}

enum yote_result
session_agreed_result(const struct session *s)
{
	const struct yote_rules *r = s->r;
	const struct yote_pos *p = game_now(&s->g);
	int c0 = yote_pos_captured_by(r, p, 0), c1 = yote_pos_captured_by(r,
	    p, 1);

	if (r->blocked == YOTE_BLOCK_MORE_CAPTURED && c0 != c1)
		return c0 > c1 ? YOTE_RES_FIRST : YOTE_RES_SECOND;
	return YOTE_RES_DRAW;
}

int
session_engine_agrees(struct session *s, enum yote_result res)
{
	struct yote_search_result sr;

	if (res != YOTE_RES_DRAW)       /* the engine agrees to win, not to lose */
		return (res == YOTE_RES_FIRST) != (s->human_side == YOTE_FIRST);
	if (session_hint(s, &sr) != 0)
		return 0;
	/* the human's view: the engine accepts when it is not better */
	return sr.score >= -50;
}

void
session_agree(struct session *s, enum yote_result res)
{
	s->g.term = YOTE_TERM_AGREEMENT;
	s->g.result = res;
	s->declared = 1;
}

char *
session_split_command(char *line, char **arg)
{
	char *cmd = line + strspn(line, " \t"), *end = cmd + strlen(cmd);

	while (end > cmd && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
	if ((*arg = strpbrk(cmd, " \t")) != NULL) {
		*(*arg)++ = '\0';
		*arg += strspn(*arg, " \t");
	}
	return cmd;
}

char *
session_whole_line(char *cmd, const char *arg)
{
	if (arg != NULL)
		cmd[strlen(cmd)] = ' ';
	return cmd;
}

int
session_read_move(const struct game *g, const char *text, struct yote_move *m,
    int quiet)
{
	const struct yote_rules *r = g->r;
	const struct yote_pos *p = game_now(g);
	struct yote_move_text mt;
	struct yote_movelist l = { 0 };
	struct yote_error e;
	struct said sd;
	char buf[YOTE_MOVE_TEXT], sq[4];
	FILE *fp;
	size_t i;

	yote_error_clear(&e);
	if (yote_move_parse(text, &mt, &e) != 0) {
		/* typed, so shown escaped: an arrow key at a prompt that
		 * does not edit is an escape sequence */
		if (!quiet)
			session_say("'%s' is not a move: %s (at character "
			    "%lu). Type 'moves' for the legal moves, 'help' "
			    "for commands.", tool_text(text), e.msg, e.col);
		return -1;
	}
	if (yote_move_from_text(r, &mt, m, &e) != 0 ||
	    yote_move_check(r, p, m, &e) != 0) {
		if (quiet)
			return -1;
		fp = said_open(&sd);
		fprintf(fp, "Illegal: %s.", e.msg);
		if (yote_move_from_text(r, &mt, m, NULL) == 0 &&
		    yote_gen_moves_from(r, p, m->from, &l) > 0) {
			yote_movelist_sort(r, &l);
			fprintf(fp, "\nLegal from %s:", yote_square_name(r,
			    m->from, sq));
			for (i = 0; i < l.n && i < 12; i++)
				fprintf(fp, " %s", yote_move_format(r, &l.v[i],
				    buf));
			if (l.n > 12)
				fprintf(fp, " ... (%zu in all)", l.n);
		}
		said_close(&sd, 2);
		yote_movelist_free(&l);
		return -1;
	}
	return 0;
}

void
session_list_moves(const struct game *g, int pipe)
{
	struct yote_movelist l = { 0 };
	struct said sd;
	char buf[YOTE_MOVE_TEXT];
	FILE *fp = stdout;
	size_t i;

	if (yote_gen_moves(g->r, game_now(g), &l) <= 0 && !pipe) {
		printf("No legal moves.\n");
		yote_movelist_free(&l);
		return;
	}
	yote_movelist_sort(g->r, &l);
	if (pipe)
		fputs("moves", stdout);
	else
		fprintf(fp = said_open(&sd), "%zu legal move%s:", l.n,
		    l.n == 1 ? "" : "s");
	for (i = 0; i < l.n; i++)
		fprintf(fp, " %s", yote_move_format(g->r, &l.v[i], buf));
	if (pipe)
		putchar('\n');
	else
		said_close(&sd, 2);
	yote_movelist_free(&l);
}

void
session_print_hint(struct session *s, int pipe)
{
	struct yote_search_result sr;
	char buf[YOTE_MOVE_TEXT], sc[16];

	if (session_hint(s, &sr) != 0 || sr.nmoves == 0)
		printf(pipe ? "hint (none)\n" : "No hint: no legal move.\n");
	else if (pipe)
		printf("hint %s %s\n", yote_move_format(s->r, &sr.best, buf),
		    yote_score_text(sr.score, sc));
	else
		session_say("Hint: %s (%s for %s)", yote_move_format(s->r,
		    &sr.best, buf), yote_score_text(sr.score, sc),
		    s->side[game_now(&s->g)->side]);
}

int
session_save_now(struct session *s, const char *arg)
{
	int st;

	s->g.term = YOTE_TERM_NONE;
	s->g.result = YOTE_RES_NONE;
	if ((st = session_save(s, arg)) != EXIT_OK)
		s->save_failed = 1;
	return st;
}
