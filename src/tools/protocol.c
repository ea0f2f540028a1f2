/*
 * protocol.c - the line protocol of yote-play --protocol, in the spirit
 * of UCI (man/yote-play.1, PROTOCOL, says every command and every
 * difference from UCI):
 *
 *   yote                       -> id name, id rules, option ..., yoteok
 *   uci                        -> id name, id author, option ..., uciok
 *                                 (and scores as cp and mate from then on)
 *   isready                    -> readyok (also during a search)
 *   setoption name N [value V] Hash, Threads, Level, MultiPV, Clear Hash
 *   newgame | ucinewgame       forget the table, back to the start
 *   rules NAME|FILE            another ruleset (and the start position)
 *   position start|startpos|[fen] POS [moves M ...]
 *   go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS]
 *      [binc MS] [movestogo N] [mate N] [infinite] [searchmoves M ...]
 *                              -> info ... (one per iteration and line)
 *                              -> bestmove M | bestmove (none)
 *   stop                       end the search now: its bestmove
 *   show | d                   -> position POS
 *   quit                       (also during a search)
 *
 * protocol_run reads the input in a thread of its own, so that `stop`,
 * `quit` and `isready` are seen while the main thread searches: the
 * search looks at an atomic flag every 64 nodes.  Every other command
 * waits in a queue and runs in order.  Each `go` read gets a number;
 * `stop` (and `quit`) stops every go read before it, whether it is
 * running or still queued, so that "go infinite" and "stop" arriving
 * together cannot leave a search that nobody stops.  `isready` is
 * answered at once while a search is under way, whatever waits in the
 * queue (as UCI has it: a GUI's ping must not wait on a queued go),
 * else in its turn.
 *
 * A command that cannot be carried out is answered "error MESSAGE",
 * which names the offending word, and changes nothing.
 */
#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "line.h"
#include "movetext.h"
#include "protocol.h"

#define HASH_MAX 4096
#define MAX_DEPTH (YOTE_MAX_PLY - 4)
#define CURRMOVE_MS 1000        /* currmove lines after this long */
#define MATE_MAX ((MAX_DEPTH + 1) / 2)  /* go mate N: moves, so many plies */
#define AUTHOR "the Yote record suite authors"

/* A line waiting for the main thread. */
struct qline {
	struct qline *next;
	unsigned go;            /* the go's number; 0: not a go */
	int ready;              /* an isready */
	int refused;            /* REFUSED_LONG or REFUSED_NUL; 0: a command */
	unsigned long no;       /* line number */
	char text[];
};

struct protocol {
	const struct yote_rules *r;     /* current ruleset */
	const struct yote_rules *loaded;        /* to free (a built-in: no-op) */
	struct yote_engine *e;
	struct yote_pos p;
	int depth;              /* `go` without a budget */
	unsigned long long nodes;
	size_t hash_mb;
	int multipv;
	int uci;                /* the handshake was uci: UCI's score forms */
	protocol_level_fn level_fn;
	const char *level_names;
	char level[32];
	FILE *out;
	struct timespec t0;     /* of the search under way */
	/* shared by the reader thread and the main thread, under mu */
	int threaded;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct qline *head, *tail;
	unsigned go_read;       /* go lines read */
	unsigned stop_upto;     /* every go up to this one is stopped */
	unsigned cur_go;        /* the go being carried out (main thread) */
	unsigned running;       /* the go searching now; 0: none */
	int infinite;           /* it is a `go infinite` */
	int eof;
	int read_errno;         /* the input ended in a read error */
	atomic_int stop;        /* the search's flag */
	unsigned tb_said;       /* endgame table notes given, by kind */
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
	pr->hash_mb = hash_mb < 1 ? 1 : hash_mb > HASH_MAX ? HASH_MAX :
	    hash_mb;
	pr->multipv = 1;
	atomic_init(&pr->stop, 0);
	yote_engine_set_stop(pr->e, &pr->stop);
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

void
protocol_set_levels(struct protocol *pr, protocol_level_fn fn,
    const char *names, const char *current)
{
	pr->level_fn = fn;
	pr->level_names = names;
	snprintf(pr->level, sizeof(pr->level), "%s", current);
}

/* ------------------------------------------------------------ output */

/*
 * One line of output, whole: the reader thread answers isready while the
 * main thread writes info lines, and a line must not be cut by another.
 */
static void
say(FILE *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void
say(FILE *out, const char *fmt, ...)
{
	va_list ap;

	flockfile(out);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc('\n', out);
	fflush(out);
	funlockfile(out);
}

/* s into line (size bytes) on one line: control bytes as '?', whatever a
 * file's or directory's name holds. */
static char *
one_line(const char *s, char *line, size_t size)
{
	size_t i;

	for (i = 0; s[i] != '\0' && i < size - 1; i++)
		line[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' :
		    s[i];
	line[i] = '\0';
	return line;
}

void
protocol_tb_note(void *ctx, int kind, const char *msg)
{
	struct protocol *pr = ctx;
	char line[512];

	if (pr->out == NULL || (pr->tb_said & 1U << kind))
		return;
	pr->tb_said |= 1U << kind;
	say(pr->out, "info string endgame tables: %s", one_line(msg, line,
	    sizeof(line)));
}

/* A word of the input as an error shows it: escaped as every message of
 * the suite escapes text from the input (yote(7): a control character
 * or a byte that is not UTF-8 as \xHH, a bidirectional control as
 * \uXXXX), cut at a character after about 60 bytes, with "...". */
#define SHOWN 64

static const char *
shown(const char *w, char buf[SHOWN])
{
	yote_escape(buf, SHOWN, w, 0);
	return buf;
}

/* ------------------------------------------------------------ words */

/* The next word of *s (runs of spaces and tabs separate words), ended
 * in place; NULL when there is none. */
static char *
word(char **s)
{
	char *w = *s + strspn(*s, " \t");

	if (*w == '\0') {
		*s = w;
		return NULL;
	}
	*s = w + strcspn(w, " \t");
	if (**s != '\0')
		*(*s)++ = '\0';
	return w;
}

/* The rest of *s without its leading and trailing blanks. */
static char *
rest(char *s)
{
	size_t n;

	s += strspn(s, " \t");
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

/* A whole decimal number in lo..hi; 0, or -1 (with why) when it is not. */
static int
number(const char *w, long long lo, long long hi, long long *x)
{
	char *end;

	if (w == NULL || !(isdigit((unsigned char)*w) || ((*w == '-' ||
	    *w == '+') && isdigit((unsigned char)w[1]))))
		return -1;
	*x = strtoll(w, &end, 10);
	return *end == '\0' && *x >= lo && *x <= hi ? 0 : -1;
}

/* ------------------------------------------------------------ position */

/* A new game, or a position without its past: no history. */
static void
forget_history(struct protocol *pr)
{
	yote_engine_set_history(pr->e, NULL, 0);
}

/* Play the moves of s (words) from *q, keeping every position before
 * the last in hist; 0, or -1 after an error reply. */
static int
play_moves(struct protocol *pr, char *s, struct yote_pos *q,
    struct yote_pos *hist, unsigned long *ply)
{
	const struct yote_rules *r = pr->r;
	struct yote_move m;
	char *w, b[SHOWN], why[700];

	while ((w = word(&s)) != NULL) {
		hist[(*ply)++] = *q;
		/* a typo and an illegal move told apart, in the suite's words */
		if (movetext_read(r, q, w, shown(w, b), &m, why,
		    sizeof(why)) != 0) {
			say(pr->out, "error position: move %lu: %s", *ply, why);
			return -1;
		}
		yote_pos_play(r, q, &m);
	}
	return 0;
}

/* "start|startpos|[fen] POS [moves M...]" into the session's position. */
static void
position(struct protocol *pr, char *args)
{
	struct yote_pos q, *hist = NULL;
	struct yote_error e;
	char *s = args, *w, *mv = NULL, pos[YOTE_POS_TEXT + 2] = "";
	unsigned long ply = 0;
	size_t n = 0, k;
	int fen = 0;

	/* the words before "moves" are the position, one space apart; UCI's
	 * "fen" before it is taken too */
	while ((w = word(&s)) != NULL && strcmp(w, "moves") != 0) {
		if (n == 0 && !fen && strcmp(w, "fen") == 0) {
			fen = 1;
			continue;
		}
		/* nothing follows start but moves: a move there lacks the
		 * word */
		if (!fen && (strcmp(pos, "start") == 0 ||
		    strcmp(pos, "startpos") == 0)) {
			say(pr->out, "error position: '%s' after %s: expected "
			    "'moves' before the moves (position %s moves %s)",
			    w, pos, pos, w);
			return;
		}
		k = strlen(w);
		if (n + k + 2 > sizeof(pos)) {
			say(pr->out, "error position: longer than %d "
			    "characters", YOTE_POS_TEXT - 1);
			return;
		}
		if (n > 0)
			pos[n++] = ' ';
		memcpy(pos + n, w, k + 1);
		n += k;
	}
	if (w != NULL)
		mv = s;
	if (fen && n == 0) {
		say(pr->out, "error position: fen without a position (position "
		    "fen POS [moves M ...])");
		return;
	}
	yote_error_clear(&e);
	if (n == 0 || strcmp(pos, "start") == 0 || strcmp(pos, "startpos") == 0)
		yote_pos_start(pr->r, &q);
	else if (yote_pos_parse(pr->r, pos, &q, &e) != 0) {
		say(pr->out, "error %s", e.msg);        /* "position: ..." */
		return;
	}
	/* at most one move for every two characters, and the start */
	if (mv != NULL && (hist = malloc((strlen(mv) / 2 + 2) *
	    sizeof(*hist))) == NULL) {
		say(pr->out, "error position: out of memory");
		return;
	}
	if (mv != NULL && play_moves(pr, mv, &q, hist, &ply) != 0) {
		free(hist);
		return;
	}
	if (hist != NULL && yote_engine_set_history(pr->e, hist, ply) != 0) {
		say(pr->out, "error position: out of memory");
		free(hist);
		return;
	}
	if (hist == NULL)
		forget_history(pr);
	free(hist);
	pr->p = q;
}

/* ------------------------------------------------------------ search */

static long
elapsed(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000 +
	    (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/*
 * A score as an info line gives it: yote_score_text's form, or after the
 * uci handshake UCI's "cp N" (hundredths of a piece) and "mate N" (moves
 * of the side to move to the win, negative for a loss).
 */
static const char *
score_text(const struct protocol *pr, int score, char buf[24])
{
	int plies;

	if (!pr->uci)
		return yote_score_text(score, buf);
	if (score > YOTE_WIN_BOUND || score < -YOTE_WIN_BOUND) {
		plies = YOTE_WIN - (score > 0 ? score : -score);
		snprintf(buf, 24, "mate %d", score > 0 ? (plies + 1) / 2 :
		    -(plies / 2));
	} else
		snprintf(buf, 24, "cp %d", score);
	return buf;
}

static void
info(void *ctx, const struct yote_search_result *sr)
{
	const struct protocol *pr = ctx;
	char buf[YOTE_MOVE_TEXT], sc[24];
	int i;

	flockfile(pr->out);
	fprintf(pr->out, "info depth %d score %s nodes %llu time %ld nps %llu "
	    "seldepth %d multipv %d hashfull %d pv", sr->depth,
	    score_text(pr, sr->score, sc), sr->nodes, sr->ms, sr->ms > 0 ?
	    sr->nodes * 1000ULL / (unsigned long long)sr->ms : sr->nodes,
	    sr->seldepth, sr->multipv, yote_engine_hashfull(pr->e));
	for (i = 0; i < sr->pvlen; i++)
		fprintf(pr->out, " %s", yote_move_format(pr->r, &sr->pv[i],
		    buf));
	fputc('\n', pr->out);
	fflush(pr->out);
	funlockfile(pr->out);
}

/* The root move searched now, once the search has taken a while. */
static void
currmove(void *ctx, const struct yote_move *m, int n, int depth)
{
	const struct protocol *pr = ctx;
	char buf[YOTE_MOVE_TEXT];

	if (elapsed(&pr->t0) >= CURRMOVE_MS)
		say(pr->out, "info depth %d currmove %s currmovenumber %d",
		    depth, yote_move_format(pr->r, m, buf), n);
}

/*
 * The time for this move out of `left` ms on the clock, inc ms added
 * after each move, mtg moves to the next time control (0: none): an even
 * share of what is left for about 30 moves more (or the moves to go, at
 * most 40), plus most of the increment, and never more than nine tenths
 * of the clock less 30 ms for the way to the GUI.
 */
static long
allot(long long left, long long inc, long long mtg)
{
	long long t, cap;

	if (left < 1)
		left = 1;
	mtg = mtg > 0 ? (mtg < 40 ? mtg : 40) : 30;
	t = left / mtg + inc * 3 / 4;
	cap = left - left / 10 - 30;
	if (t > cap)
		t = cap;
	return t < 1 ? 1 : (long)t;
}

/* The budgets of go that take a number. */
static const char *const go_key[] = { "depth", "nodes", "movetime", "wtime",
	"btime", "winc", "binc", "movestogo", "mate" };
#define GO_KEYS 9

/* Is w a word of go other than a move? */
static int
go_word(const char *w)
{
	int k;

	for (k = 0; k < GO_KEYS; k++)
		if (strcmp(w, go_key[k]) == 0)
			return 1;
	return strcmp(w, "infinite") == 0 || strcmp(w, "ponder") == 0 ||
	    strcmp(w, "searchmoves") == 0;
}

/*
 * The moves after searchmoves, up to the next word of go (into *next,
 * NULL at the end), each legal in the position, into lim (an array the
 * caller frees); 0, or -1 after an error reply.
 */
static int
go_searchmoves(struct protocol *pr, char **s, struct yote_limits *lim,
    char **next)
{
	struct yote_move *m, *more;
	char *w, b[SHOWN], why[700];
	size_t cap = 0;

	while ((w = word(s)) != NULL && !go_word(w)) {
		if (lim->nsearchmoves == cap) {
			cap = cap ? 2 * cap : 16;
			if ((more = realloc((void *)lim->searchmoves, cap *
			    sizeof(*more))) == NULL) {
				say(pr->out, "error go: out of memory");
				return -1;
			}
			lim->searchmoves = more;
		}
		m = (struct yote_move *)lim->searchmoves + lim->nsearchmoves;
		if (movetext_read(pr->r, &pr->p, w, shown(w, b), m, why,
		    sizeof(why)) != 0) {
			say(pr->out, "error go: searchmoves: %s", why);
			return -1;
		}
		lim->nsearchmoves++;
	}
	*next = w;
	if (lim->nsearchmoves == 0) {
		say(pr->out, "error go: searchmoves: expected one move or more");
		return -1;
	}
	return 0;
}

/* The words of a go into lim, lim->mate in moves; 0, or -1 after an
 * error reply. */
static int
go_args(struct protocol *pr, char *s, struct yote_limits *lim, int *inf)
{
	static const long long lo[GO_KEYS] = { 1, 1, 1, -86400000LL,
		-86400000LL, 0, 0, 1, 1 };
	static const long long hi[GO_KEYS] = { 1000000, (long long)1 << 62,
		86400000, 86400000, 86400000, 86400000, 86400000, 100000,
		MATE_MAX };
	const char *const *key = go_key;
	long long v[GO_KEYS] = { 0 };
	int set[GO_KEYS] = { 0 }, k, first = pr->p.side == YOTE_FIRST;
	char *w, b[SHOWN], c[SHOWN];
	long t;

	for (w = word(&s); w != NULL; w = word(&s)) {
again:
		for (k = 0; k < GO_KEYS && strcmp(w, key[k]) != 0; k++)
			;
		if (k < GO_KEYS) {
			char *x = word(&s);

			if (number(x, lo[k], hi[k], &v[k]) != 0) {
				say(pr->out, "error go: %s '%s': expected a "
				    "number from %lld to %lld", key[k],
				    x ? shown(x, c) : "", lo[k], hi[k]);
				return -1;
			}
			set[k] = 1;
		} else if (strcmp(w, "infinite") == 0)
			*inf = 1;
		else if (strcmp(w, "searchmoves") == 0) {
			if (go_searchmoves(pr, &s, lim, &w) != 0)
				return -1;
			if (w != NULL)
				goto again;     /* the word after the moves */
			break;
		} else if (strcmp(w, "ponder") == 0) {
			say(pr->out, "error go: 'ponder' is not supported");
			return -1;
		} else {
			say(pr->out, "error go: unknown budget '%s'",
			    shown(w, b));
			return -1;
		}
	}
	lim->depth = set[0] ? (v[0] > MAX_DEPTH ? MAX_DEPTH : (int)v[0]) : 0;
	lim->nodes = set[1] ? (unsigned long long)v[1] : 0;
	lim->movetime_ms = set[2] ? (long)v[2] : 0;
	if (set[first ? 3 : 4]) {
		t = allot(v[first ? 3 : 4], v[first ? 5 : 6], set[7] ? v[7] :
		    0);
		if (lim->movetime_ms == 0 || t < lim->movetime_ms)
			lim->movetime_ms = t;
	}
	lim->mate = set[8] ? (int)v[8] : 0;
	if (*inf) {
		*lim = (struct yote_limits){ .depth = MAX_DEPTH, .searchmoves =
		    lim->searchmoves, .nsearchmoves = lim->nsearchmoves };
	} else if (set[8]) {
		/* go mate N: up to a win in N moves, 2N - 1 plies */
		lim->mate = 2 * lim->mate - 1;
		if (!set[0])
			lim->depth = lim->mate;
	} else if (!set[0] && !set[1] && !set[2] && !set[first ? 3 : 4]) {
		/* no budget for the side to move (the other side's clock
		 * alone): the level's, as a plain go, not a search without
		 * end that no end of input stops */
		lim->depth = pr->depth;
		lim->nodes = pr->nodes;
	} else if (!set[0])
		lim->depth = MAX_DEPTH;
	return 0;
}

/*
 * Under way now (protocol_run): stopped already when a stop or quit came
 * after this go, or when it is infinite and the input is over; isready
 * is answered at once from now on, and those waiting are answered now.
 */
static void
search_starts(struct protocol *pr, int inf)
{
	struct qline *q, **pp;

	pthread_mutex_lock(&pr->mu);
	pr->running = pr->cur_go;
	pr->infinite = inf;
	atomic_store(&pr->stop, pr->stop_upto >= pr->cur_go ||
	    (inf && pr->eof));
	for (pp = &pr->head; (q = *pp) != NULL;) {
		if (q->ready) {
			say(pr->out, "readyok");
			*pp = q->next;
			free(q);
		} else {
			pr->tail = q;
			pp = &q->next;
		}
	}
	if (pr->head == NULL)
		pr->tail = NULL;
	pthread_mutex_unlock(&pr->mu);
}

static void
go(struct protocol *pr, char *args)
{
	struct yote_limits lim;
	struct yote_search_result sr;
	char buf[YOTE_MOVE_TEXT];
	int inf = 0, rc;

	memset(&lim, 0, sizeof(lim));
	if (go_args(pr, args, &lim, &inf) != 0) {
		free((void *)lim.searchmoves);
		return;
	}
	if (pr->threaded)
		search_starts(pr, inf);
	clock_gettime(CLOCK_MONOTONIC, &pr->t0);
	yote_engine_set_multipv(pr->e, pr->multipv);
	yote_engine_set_root_fn(pr->e, currmove, pr);
	rc = yote_engine_search(pr->e, pr->r, &pr->p, &lim, &sr, info, pr);
	free((void *)lim.searchmoves);
	if (rc != 0) {
		say(pr->out, "error go: out of memory");
		return;
	}
	if (lim.mate > 0 && sr.nmoves > 0 && !(sr.score > YOTE_WIN_BOUND &&
	    YOTE_WIN - sr.score <= lim.mate))
		say(pr->out, "info string no win in %d move%s found",
		    (lim.mate + 1) / 2, lim.mate > 1 ? "s" : "");
	/* "go infinite": the bestmove waits for the stop */
	if (inf && pr->threaded) {
		pthread_mutex_lock(&pr->mu);
		while (!atomic_load(&pr->stop))
			pthread_cond_wait(&pr->cv, &pr->mu);
		pthread_mutex_unlock(&pr->mu);
	}
	/* over before its bestmove is said: an isready sent after it is
	 * answered in its turn, after the commands before it */
	pthread_mutex_lock(&pr->mu);
	pr->running = 0;
	pthread_mutex_unlock(&pr->mu);
	if (sr.nmoves == 0)
		say(pr->out, "bestmove (none)");
	else
		say(pr->out, "bestmove %s", yote_move_format(pr->r, &sr.best,
		    buf));
}

/* ------------------------------------------------------------ options */

static void
option_lines(const struct protocol *pr)
{
	char names[256] = "", *s = names;
	const char *n = pr->level_names, *w;
	size_t k;

	/* "beginner casual" -> " var beginner var casual" */
	while (n != NULL && *n != '\0' && s < names + sizeof(names) - 64) {
		w = n + strspn(n, " ");
		k = strcspn(w, " ");
		if (k == 0)
			break;
		s += snprintf(s, names + sizeof(names) - s, " var %.*s",
		    (int)k, w);
		n = w + k;
	}
	say(pr->out, "option name Hash type spin default %zu min 1 max %d",
	    pr->hash_mb, HASH_MAX);
	say(pr->out, "option name Clear Hash type button");
	say(pr->out, "option name Threads type spin default 1 min 1 max 1");
	if (pr->level_fn != NULL)
		say(pr->out, "option name Level type combo default %s%s",
		    pr->level, names);
	say(pr->out, "option name MultiPV type spin default %d min 1 max %d",
	    pr->multipv, YOTE_MULTIPV_MAX);
}

/* "name N... [value V...]": option names are matched without regard to
 * case, as UCI has it. */
static void
setoption(struct protocol *pr, char *args)
{
	char *s = args, *w, *name, *value = NULL, b[SHOWN], c[SHOWN];
	size_t n, k;
	long long x;
	int depth;
	unsigned long long nodes;

	if ((w = word(&s)) == NULL || strcmp(w, "name") != 0) {
		say(pr->out, "error setoption: expected 'name', not '%s'",
		    w ? shown(w, b) : "");
		return;
	}
	/* the words up to "value" are the name, one space apart */
	name = s + strspn(s, " \t");
	for (n = 0; (w = word(&s)) != NULL && strcmp(w, "value") != 0;) {
		if (n > 0)
			name[n++] = ' ';
		k = strlen(w);
		memmove(name + n, w, k + 1);
		n += k;
	}
	name[n] = '\0';
	if (w != NULL)
		value = rest(s);
	if (strcasecmp(name, "Hash") == 0) {
		if (number(value, 1, HASH_MAX, &x) != 0) {
			say(pr->out, "error setoption: Hash: value '%s': "
			    "expected a number of MiB from 1 to %d",
			    value ? shown(value, c) : "", HASH_MAX);
			return;
		}
		if (yote_engine_resize(pr->e, (size_t)x) != 0) {
			say(pr->out, "error setoption: Hash: out of memory "
			    "for %lld MiB", x);
			return;
		}
		pr->hash_mb = (size_t)x;
	} else if (strcasecmp(name, "Clear Hash") == 0) {
		yote_engine_clear(pr->e);
	} else if (strcasecmp(name, "Threads") == 0) {
		if (number(value, 1, 1, &x) != 0) {
			say(pr->out, "error setoption: Threads: value '%s': "
			    "one thread only", value ? shown(value, c) : "");
			return;
		}
	} else if (strcasecmp(name, "MultiPV") == 0) {
		if (number(value, 1, YOTE_MULTIPV_MAX, &x) != 0) {
			say(pr->out, "error setoption: MultiPV: value '%s': "
			    "expected a number from 1 to %d",
			    value ? shown(value, c) : "", YOTE_MULTIPV_MAX);
			return;
		}
		pr->multipv = (int)x;
	} else if (strcasecmp(name, "Level") == 0 && pr->level_fn != NULL) {
		if (value == NULL || pr->level_fn(value, &depth, &nodes) != 0) {
			say(pr->out, "error setoption: Level: value '%s': "
			    "expected one of: %s", value ? shown(value, c) : "",
			    pr->level_names);
			return;
		}
		pr->depth = depth;
		pr->nodes = nodes;
		snprintf(pr->level, sizeof(pr->level), "%s", value);
	} else
		say(pr->out, "error setoption: unknown option '%s'",
		    shown(name, b));
}

/* ------------------------------------------------------------ commands */

static void
rules(struct protocol *pr, char *args)
{
	const struct yote_rules *nr;
	struct yote_error err;
	char where[1024], file[768], msg[512];

	yote_error_clear(&err);
	if (yote_rules_get(rest(args), &nr, &err) != 0) {
		/* the file and the line, as the tools name them */
		where[0] = '\0';
		if (err.file != NULL && err.line > 0 && err.col > 0)
			snprintf(where, sizeof(where), "%s:%lu:%lu: ",
			    one_line(err.file, file, sizeof(file)), err.line,
			    err.col);
		else if (err.file != NULL && err.line > 0)
			snprintf(where, sizeof(where), "%s:%lu: ",
			    one_line(err.file, file, sizeof(file)), err.line);
		else if (err.file != NULL)
			snprintf(where, sizeof(where), "%s: ",
			    one_line(err.file, file, sizeof(file)));
		say(pr->out, "error rules: %s%s", where, one_line(err.msg, msg,
		    sizeof(msg)));
		return;
	}
	yote_rules_free(pr->loaded);
	pr->loaded = nr;        /* freeing a built-in does nothing */
	pr->r = nr;
	yote_engine_clear(pr->e);
	forget_history(pr);
	yote_pos_start(pr->r, &pr->p);
}

int
protocol_line(struct protocol *pr, char *line, FILE *out)
{
	char *s = line, *cmd, buf[YOTE_POS_TEXT], b[SHOWN];

	if (!pr->threaded)      /* protocol_run set it, and shares it */
		pr->out = out;
	line[strcspn(line, "\r\n")] = '\0';
	if ((cmd = word(&s)) == NULL || *cmd == '#')
		return 0;
	if (strcmp(cmd, "yote") == 0) {
		pr->uci = 0;
		say(out, "id name yote-play %s", YOTE_VERSION);
		say(out, "id rules %s", pr->r->name);
		option_lines(pr);
		say(out, "yoteok");
	} else if (strcmp(cmd, "uci") == 0) {
		pr->uci = 1;
		say(out, "id name yote-play %s", YOTE_VERSION);
		say(out, "id author %s", AUTHOR);
		option_lines(pr);
		say(out, "uciok");
	} else if (strcmp(cmd, "isready") == 0) {
		say(out, "readyok");
	} else if (strcmp(cmd, "setoption") == 0) {
		setoption(pr, s);
	} else if (strcmp(cmd, "newgame") == 0 ||
	    strcmp(cmd, "ucinewgame") == 0) {
		yote_engine_clear(pr->e);
		forget_history(pr);
		yote_pos_start(pr->r, &pr->p);
	} else if (strcmp(cmd, "rules") == 0) {
		rules(pr, s);
	} else if (strcmp(cmd, "position") == 0) {
		position(pr, s);
	} else if (strcmp(cmd, "go") == 0) {
		go(pr, s);
	} else if (strcmp(cmd, "stop") == 0) {
		/* no search under way: nothing to stop (as UCI) */
	} else if (strcmp(cmd, "ponderhit") == 0) {
		say(out, "error ponderhit: pondering is not supported");
	} else if (strcmp(cmd, "d") == 0 || strcmp(cmd, "show") == 0) {
		say(out, "position %s", yote_pos_format(pr->r, &pr->p, buf));
	} else if (strcmp(cmd, "quit") == 0) {
		return 1;
	} else {
		say(out, "error unknown command '%s'", shown(cmd, b));
	}
	return 0;
}

/* ------------------------------------------------------------ the reader */

struct reader {
	struct protocol *pr;
	FILE *in;
};

/* Queue a line for the main thread (under mu); -1 when out of memory. */
static int
push(struct protocol *pr, const char *text, long n, unsigned long no,
    unsigned go)
{
	/* n: the length, or LINE_LONG or LINE_NUL for a refused line */
	struct qline *q = malloc(sizeof(*q) + (n > 0 ? (size_t)n : 0) + 1);

	if (q == NULL)
		return -1;
	q->next = NULL;
	q->go = go;
	q->ready = 0;
	q->refused = n < 0 ? (int)n : 0;
	q->no = no;
	if (n > 0)
		memcpy(q->text, text, (size_t)n);
	q->text[n > 0 ? n : 0] = '\0';
	if (pr->tail != NULL)
		pr->tail->next = q;
	else
		pr->head = q;
	pr->tail = q;
	pthread_cond_signal(&pr->cv);
	return 0;
}

/* The first word of a line, in w (empty when none or too long). */
static void
first_word(const char *s, char w[16])
{
	size_t k;

	s += strspn(s, " \t");
	k = strcspn(s, " \t");
	if (k >= 16)
		k = 0;
	memcpy(w, s, k);
	w[k] = '\0';
}

/* The reader thread: stop, quit and isready now; the rest in the queue. */
static void *
reader(void *arg)
{
	struct reader *rd = arg;
	struct protocol *pr = rd->pr;
	char *buf = NULL, w[16];
	size_t cap = 0;
	unsigned long no = 0;
	long n;
	int quit = 0;

	while (!quit) {
		errno = 0;
		n = line_read(rd->in, &buf, &cap, LINE_LIMIT);
		no++;
		if (n == LINE_EOF) {
			if (ferror(rd->in))
				pr->read_errno = errno ? errno : EIO;
			break;
		}
		if (n >= 0)
			first_word(buf, w);
		else
			w[0] = '\0';
		pthread_mutex_lock(&pr->mu);
		if (strcmp(w, "stop") == 0 || strcmp(w, "quit") == 0) {
			pr->stop_upto = pr->go_read;
			if (pr->running != 0)
				atomic_store(&pr->stop, 1);
			pthread_cond_signal(&pr->cv);
			quit = w[0] == 'q';
		}
		if (strcmp(w, "isready") == 0 && pr->running != 0)
			say(pr->out, "readyok");        /* a search is on */
		else if (strcmp(w, "stop") != 0 && push(pr, buf, n, no,
		    strcmp(w, "go") == 0 ? ++pr->go_read : 0) != 0) {
			/* out of memory: the input cannot be followed */
			quit = 1;
			pr->stop_upto = pr->go_read;
			atomic_store(&pr->stop, 1);
		} else if (strcmp(w, "isready") == 0)
			pr->tail->ready = 1;
		pthread_mutex_unlock(&pr->mu);
	}
	pthread_mutex_lock(&pr->mu);
	pr->eof = 1;
	if (pr->running != 0 && pr->infinite)
		atomic_store(&pr->stop, 1);
	pthread_cond_signal(&pr->cv);
	pthread_mutex_unlock(&pr->mu);
	free(buf);
	return NULL;
}

/* The next queued line, or NULL at the end of the input; a go starts
 * stopped when a stop came after it. */
static struct qline *
next_line(struct protocol *pr)
{
	struct qline *q;

	pthread_mutex_lock(&pr->mu);
	while (pr->head == NULL && !pr->eof)
		pthread_cond_wait(&pr->cv, &pr->mu);
	if ((q = pr->head) != NULL) {
		if ((pr->head = q->next) == NULL)
			pr->tail = NULL;
		pr->cur_go = q->go;
	}
	pthread_mutex_unlock(&pr->mu);
	return q;
}

int
protocol_run(struct protocol *pr, FILE *in, FILE *out)
{
	struct reader rd = { pr, in };
	struct qline *q;
	pthread_t th;
	int rc = 0, done = 0;

	pr->out = out;
	if (pthread_mutex_init(&pr->mu, NULL) != 0)
		return -2;
	if (pthread_cond_init(&pr->cv, NULL) != 0) {
		pthread_mutex_destroy(&pr->mu);
		return -2;
	}
	pr->threaded = 1;
	if (pthread_create(&th, NULL, reader, &rd) != 0) {
		rc = -2;
		done = 1;
	}
	while (!done && (q = next_line(pr)) != NULL) {
		if (q->refused == LINE_LONG)
			say(out, "error line %lu: longer than %zu bytes: "
			    "ignored whole", q->no, (size_t)LINE_LIMIT);
		else if (q->refused == LINE_NUL)
			say(out, "error line %lu: a NUL byte: ignored whole",
			    q->no);
		else
			done = protocol_line(pr, q->text, out) != 0;
		if (q->go != 0) {
			pthread_mutex_lock(&pr->mu);
			pr->running = 0;
			pr->cur_go = 0;
			pthread_mutex_unlock(&pr->mu);
		}
		free(q);
	}
	if (rc == 0)
		pthread_join(th, NULL);
	while ((q = pr->head) != NULL) {
		pr->head = q->next;
		free(q);
	}
	pr->tail = NULL;
	pr->threaded = 0;
	pthread_cond_destroy(&pr->cv);
	pthread_mutex_destroy(&pr->mu);
	if (rc == 0 && (fflush(out) != 0 || ferror(out)))
		rc = -1;
	if (rc == 0 && pr->read_errno != 0)
		rc = -3;        /* not the end of the input a program meant */
	return rc;
}

int
protocol_read_errno(const struct protocol *pr)
{
	return pr->read_errno;
}
