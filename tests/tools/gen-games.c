/*
 * gen-games - write a collection of complete, valid game records.
 *
 *   gen-games [--rules R] [--games N] [--seed S] [--max-plies K]
 *       [--set-up K] [--terminations LIST]
 *
 * The games are for tests, samples and `make bench`, so they must look
 * like real play (every way a game can end, plausible names and events)
 * and come fast.  Both sides play the same cheap policy, driven by a
 * seeded PRNG so that a command line always writes the same bytes:
 *
 *  - score every legal move after a one-ply look: material won, a win or
 *    a loss on the spot, a penalty when the opponent could capture at
 *    once, a little for a capture threat of one's own, plus noise;
 *  - play the best, or now and then a random move (people blunder).
 *
 * A game ends when the rules end it (capture-all, blocked, few-pieces,
 * move-limit: the result is the library's), when a side far behind in
 * material resigns, or at its ply cap (between 3/4 of --max-plies and
 * --max-plies, drawn per game), where it gets a declared ending with the
 * result rules.md section 8 allows:
 *   agreement     a draw; under a ruleset that scores blocked games by
 *                 captures (traditional) the side that captured more wins
 *   resignation   the side behind in material resigns
 *   time          the side to move lost on time
 *   adjudication  the side ahead in material wins, equal is a draw
 *   unfinished    *
 * --terminations keeps only games ending in one of the listed ways (the
 * others are played and thrown away), and limits the declared endings
 * chosen at the cap to those listed.  --set-up K starts every game from
 * a set-up position, as an adjourned game resumed: the position after 1
 * to K plies (drawn per game) of the same play, written as the record's
 * start: and not as moves.
 *
 * Records go out through yote_writer (libyaml's emitter), never printf.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"
#include "rng.h"

#define MAX_TRIES 100000        /* discarded games per kept game, at most */

/* ------------------------------------------------------------ PRNG */

/* xoshiro256**: fast, good enough, and the same on every platform. */
static uint64_t rng_s[4];

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t
rng_next(void)
{
	uint64_t r = rotl(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;

	rng_s[2] ^= rng_s[0];
	rng_s[3] ^= rng_s[1];
	rng_s[1] ^= rng_s[2];
	rng_s[0] ^= rng_s[3];
	rng_s[2] ^= t;
	rng_s[3] = rotl(rng_s[3], 45);
	return r;
}

static void
rng_seed(uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)         /* splitmix64 spreads the seed */
		rng_s[i] = splitmix_next(&seed);
}

/* Uniform in 0..n-1 (n > 0); the bias of a plain modulo is negligible. */
static unsigned long
rng_below(unsigned long n)
{
	return (unsigned long)((rng_next() >> 11) % n);
}

/* ------------------------------------------------------------ names */

static const char *const players[] = {
	"Awa Diop", "Moussa Ndiaye", "Fatou Sarr", "Mamadou Diallo",
	"Aminata Traoré", "Ousmane Sow", "Seydou Keïta", "Mariama Bâ",
	"Ibrahima Fall", "Khady Faye", "Cheikh Mbaye", "Ndeye Gueye",
	"Abdoulaye Wade", "Rokhaya Ndour", "Modou Seck", "Coumba Thiam",
	"Boubacar Cissé", "Adama Coulibaly", "Kadiatou Camara", "Lamine Sané",
	"Aïssatou Barry", "Souleymane Kouyaté", "Binta Sylla", "Oumar Touré",
	"Penda Kane", "Alioune Niang", "Yacine Dieng", "Babacar Gaye",
	"Mame Diarra Lo", "Pape Samba Ba", "Dieynaba Sy", "Amadou Konaté",
	"Hawa Sangaré", "Issa Ouédraogo", "Salimata Kaboré", "Moctar Maïga",
	"Fanta Kourouma", "Tidiane Mbengue", "Astou Ndao", "Malick Dramé",
	"Sokhna Diagne", "Idrissa Sagna", "Ramatoulaye Badji", "Djibril Tall",
};

struct event {
	const char *name;       /* the event: header */
	const char *site;       /* the site: header */
};

static const struct event events[] = {
	{ "Dakar Club Championship", "Dakar" },
	{ "Saint-Louis Open", "Saint-Louis" },
	{ "Thiès Regional Cup", "Thiès" },
	{ "Casamance Festival of Games", "Ziguinchor" },
	{ "Kaolack Market Rapid", "Kaolack" },
	{ "Bamako Invitational", "Bamako" },
	{ "Ouagadougou Cultural Week", "Ouagadougou" },
	{ "Niamey Masters", "Niamey" },
	{ "Abidjan Friendship Match", "Abidjan" },
	{ "Conakry Open", "Conakry" },
	{ "Banjul Beach Tournament", "Banjul" },
	{ "Nouakchott Cup", "Nouakchott" },
	{ "Touba Youth League", "Touba" },
	{ "Rufisque Team Match", "Rufisque" },
	{ "Gorée Island Classic", "Gorée" },
	{ "Sahel Yoté Series", "Mopti" },
};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* The current event: a block of rounds on consecutive days. */
struct tourney {
	const struct event *ev;
	int year, month, day;   /* date of the current round */
	int round;              /* current round, from 1 */
	int boards;             /* games per round */
	int board;              /* games played in this round so far */
	int left;               /* games left in this event */
	uint64_t busy;          /* players already seated this round */
};

static int
month_days(int y, int m)
{
	static const int d[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
		30, 31 };

	if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
		return 29;
	return d[m - 1];
}

static void
tourney_next(struct tourney *t)
{
	if (t->left == 0) {
		t->ev = &events[rng_below(NELEM(events))];
		t->year = 2017 + (int)rng_below(10);
		t->month = 1 + (int)rng_below(12);
		t->day = 1 + (int)rng_below((unsigned long)month_days(t->year,
		    t->month));
		t->round = 1;
		t->boards = 1 + (int)rng_below(4);
		t->board = 0;
		t->left = 4 + (int)rng_below(20);
		t->busy = 0;
	} else if (t->board == t->boards) {
		t->round++;
		t->board = 0;
		t->busy = 0;
		if (rng_below(3) != 0 && ++t->day > month_days(t->year,
		    t->month)) {
			t->day = 1;
			if (++t->month > 12) {
				t->month = 1;
				t->year++;
			}
		}
	}
	t->board++;
	t->left--;
}

/* A player not yet seated this round (nobody plays two boards at once). */
static unsigned long
seat(struct tourney *t)
{
	unsigned long i;

	do
		i = rng_below(NELEM(players));
	while (t->busy & ((uint64_t)1 << i));
	t->busy |= (uint64_t)1 << i;
	return i;
}

/* ------------------------------------------------------------ play */

struct gen {
	const struct yote_rules *r;
	const char *rules_text;         /* the rules: header */
	unsigned long max_plies;        /* --max-plies: the longest game */
	unsigned long setup;            /* --set-up: plies before start: */
	unsigned allowed;               /* bit per enum yote_termination */
	struct yote_movelist list;      /* reused every ply */
	struct yote_game *play;         /* the game so far */
};

struct game {
	unsigned long plies;
	struct yote_pos pos;            /* final position */
	enum yote_result result;
	enum yote_termination term;
};

#define TERM_BIT(t) (1U << (t))

static enum yote_result
win_for(int side)
{
	return side == YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND;
}

/* Score of a position just reached by mover, for mover. */
static long
score_move(const struct yote_rules *r, const struct yote_pos *before,
    const struct yote_pos *after, int mover)
{
	struct yote_outcome o;
	long s, gain;

	gain = yote_pos_remaining(before, !mover) -
	    yote_pos_remaining(after, !mover);
	s = 16 * gain;
	yote_pos_outcome(r, after, &o);
	if (o.term != YOTE_TERM_NONE) {
		if (o.result == win_for(mover))
			return s + 1000;
		if (o.result == win_for(!mover))
			return s - 1000;
		/* a draw: welcome when behind, not when ahead */
		return s + 8 * (yote_pos_remaining(after, !mover) -
		    yote_pos_remaining(after, mover));
	}
	if (yote_pos_has_capture(r, after, !mover))
		s -= 22;
	if (yote_pos_has_capture(r, after, mover))
		s += 4;
	/* players bring their pieces in before they manoeuvre */
	if (after->hand[mover] < before->hand[mover])
		s += 3;
	return s;
}

/* Pick the move to play in p from g->list (not empty). */
static size_t
choose(struct gen *g, const struct yote_pos *p)
{
	const struct yote_rules *r = g->r;
	struct yote_pos q;
	size_t i, best = 0, n = g->list.n;
	long s, bs = LONG_MIN;

	if (rng_below(14) == 0)
		return rng_below(n);
	for (i = 0; i < n; i++) {
		q = *p;
		yote_pos_play(r, &q, &g->list.v[i]);
		s = score_move(r, p, &q, p->side) + (long)rng_below(10);
		if (s > bs) {
			bs = s;
			best = i;
		}
	}
	return best;
}

/* The result a declared agreement gets (rules.md sections 4 and 8). */
static enum yote_result
agreement_result(const struct yote_rules *r, const struct yote_pos *p)
{
	int a = yote_pos_captured_by(r, p, YOTE_FIRST);
	int b = yote_pos_captured_by(r, p, YOTE_SECOND);

	if (r->blocked != YOTE_BLOCK_MORE_CAPTURED || a == b)
		return YOTE_RES_DRAW;
	return a > b ? YOTE_RES_FIRST : YOTE_RES_SECOND;
}

/* Material ahead: +1 first, -1 second, 0 equal. */
static int
material(const struct yote_pos *p)
{
	int a = yote_pos_remaining(p, YOTE_FIRST);
	int b = yote_pos_remaining(p, YOTE_SECOND);

	return (a > b) - (a < b);
}

/*
 * End a game that is not over with a declared ending among those allowed;
 * 0 when none fits.
 */
static int
declare(struct gen *g, struct game *gm)
{
	enum yote_termination pick[5];
	const struct yote_pos *p = &gm->pos;
	int n = 0, t, m = material(p);

	for (t = YOTE_TERM_AGREEMENT; t <= YOTE_TERM_UNFINISHED; t++) {
		if (!(g->allowed & TERM_BIT(t)))
			continue;
		/* nobody resigns a level game */
		if (t == YOTE_TERM_RESIGNATION && m == 0)
			continue;
		pick[n++] = (enum yote_termination)t;
	}
	if (n == 0)
		return 0;
	gm->term = pick[rng_below((unsigned long)n)];
	switch (gm->term) {
	case YOTE_TERM_AGREEMENT:
		gm->result = agreement_result(g->r, p);
		break;
	case YOTE_TERM_RESIGNATION:
		gm->result = m > 0 ? YOTE_RES_FIRST : YOTE_RES_SECOND;
		break;
	case YOTE_TERM_TIME:
		gm->result = win_for(!p->side);
		break;
	case YOTE_TERM_ADJUDICATION:
		gm->result = m > 0 ? YOTE_RES_FIRST : m < 0 ?
		    YOTE_RES_SECOND : YOTE_RES_DRAW;
		break;
	default:
		gm->result = YOTE_RES_NONE;
		break;
	}
	return 1;
}

/* Whether the side to move, far behind, resigns now. */
static int
resigns(struct gen *g, const struct yote_pos *p)
{
	int own = yote_pos_remaining(p, p->side);
	int opp = yote_pos_remaining(p, !p->side);

	if (!(g->allowed & TERM_BIT(YOTE_TERM_RESIGNATION)))
		return 0;
	return opp - own >= 6 && own <= 3 && rng_below(12) == 0;
}

/* Play one game; 1 if it ended in an allowed way, 0 if to throw away,
 * YOTE_ENOMEM. */
static int
play(struct gen *g, struct game *gm)
{
	const struct yote_rules *r = g->r;
	struct yote_outcome o;
	struct yote_move m;
	unsigned long stop;
	long n;

	/* not all at the very same ply: a session runs out sooner or later */
	stop = g->max_plies - rng_below(g->max_plies / 4 + 1);
	yote_game_undo(g->play, yote_game_plies(g->play));
	yote_pos_start(r, &gm->pos);
	gm->plies = 0;
	if (g->setup > 0) {
		/* the game to record begins where these plies end: a game
		 * of its own, from that start */
		for (n = 1 + (long)rng_below(g->setup); n > 0; n--) {
			yote_pos_outcome(r, &gm->pos, &o);
			if (o.term != YOTE_TERM_NONE)
				return 0;
			if (yote_gen_moves(r, &gm->pos, &g->list) < 0)
				return YOTE_ENOMEM;
			m = g->list.v[choose(g, &gm->pos)];
			yote_pos_play(r, &gm->pos, &m);
		}
		yote_game_free(g->play);
		if ((g->play = yote_game_new(r, &gm->pos)) == NULL)
			return YOTE_ENOMEM;
	}
	for (;;) {
		yote_pos_outcome(r, &gm->pos, &o);
		if (o.term != YOTE_TERM_NONE) {
			gm->result = o.result;
			gm->term = o.term;
			return (g->allowed & TERM_BIT(o.term)) != 0;
		}
		if (gm->plies >= stop)
			return declare(g, gm);
		if (gm->plies > 0 && resigns(g, &gm->pos)) {
			gm->term = YOTE_TERM_RESIGNATION;
			gm->result = win_for(!gm->pos.side);
			return 1;
		}
		if ((n = yote_gen_moves(r, &gm->pos, &g->list)) < 0)
			return YOTE_ENOMEM;
		if (n == 0)     /* cannot happen: no moves is "blocked" */
			return 0;
		m = g->list.v[choose(g, &gm->pos)];
		if (yote_game_play(g->play, &m, NULL) != 0)
			return YOTE_ENOMEM;
		gm->pos = *yote_game_now(g->play);
		gm->plies++;
	}
}

/* ------------------------------------------------------------ records */

/* The record of the game just played, as a tournament's: 0 or
 * YOTE_ENOMEM. */
static int
make_record(struct gen *g, const struct game *gm, struct tourney *t,
    struct yote_record **out)
{
	struct yote_tag tags[6];
	char date[32], round[32];
	unsigned long a, b;

	a = seat(t);
	b = seat(t);
	snprintf(date, sizeof(date), "%04d-%02d-%02d", t->year, t->month,
	    t->day);
	if (t->boards > 1)
		snprintf(round, sizeof(round), "%d.%d", t->round, t->board);
	else
		snprintf(round, sizeof(round), "%d", t->round);
	tags[0] = (struct yote_tag){ "event", t->ev->name, YOTE_STYLE_ANY };
	tags[1] = (struct yote_tag){ "site", t->ev->site, YOTE_STYLE_ANY };
	tags[2] = (struct yote_tag){ "date", date, YOTE_STYLE_ANY };
	/* quoted: a round is a label ("2.1"), not a number */
	tags[3] = (struct yote_tag){ "round", round, YOTE_STYLE_DOUBLE };
	tags[4] = (struct yote_tag){ "first", players[a],
	    YOTE_STYLE_ANY };
	tags[5] = (struct yote_tag){ "second", players[b],
	    YOTE_STYLE_ANY };
	return yote_game_record(g->play, g->rules_text, tags, 6, gm->result,
	    gm->term, out, NULL);
}

/* ------------------------------------------------------------ main */

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s [--rules R] [--games N] [--seed S] [--max-plies K]\n"
	    "                 [--terminations LIST]\n"
	    "\n"
	    "Write N complete, valid game records (a YAML stream) to standard\n"
	    "output, played by a seeded greedy policy.\n"
	    "\n"
	    "  -g, --games N          games to write (10)\n"
	    "  -h, --help             this help\n"
	    "  -m, --max-plies K      games still going after 3K/4 to K plies\n"
	    "                         end as declared endings (300)\n"
	    "  -r, --rules R          classic (default), traditional, damasi,\n"
	    "                         ndar-kepp, or a ruleset file\n"
	    "  -s, --seed S           PRNG seed (1); same seed, same output\n"
	    "  -u, --set-up K         start every game from the position after\n"
	    "                         1 to K plies, written as start:\n"
	    "  -t, --terminations L   keep only games ending so: a comma list\n"
	    "                         of capture-all, blocked, few-pieces,\n"
	    "                         move-limit, agreement, resignation,\n"
	    "                         time, adjudication, unfinished\n"
	    "  -V, --version          print the version\n", tool_name);
}

static int
number(const char *s, unsigned long long max, unsigned long long *out)
{
	char *end;

	errno = 0;
	if (*s < '0' || *s > '9')
		return -1;
	*out = strtoull(s, &end, 10);
	return errno != 0 || *end != '\0' || *out > max ? -1 : 0;
}

/* Parse a comma list of terminations into bits; 0 on error. */
static unsigned
parse_terms(char *list, const char **bad)
{
	unsigned bits = 0;
	char *tok, *save = NULL;
	int t;

	for (tok = strtok_r(list, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		if ((t = yote_termination_parse(tok)) < 0) {
			*bad = tok;
			return 0;
		}
		bits |= TERM_BIT(t);
	}
	*bad = "";
	return bits;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'g' },
		{ "help", no_argument, NULL, 'h' },
		{ "max-plies", required_argument, NULL, 'm' },
		{ "rules", required_argument, NULL, 'r' },
		{ "seed", required_argument, NULL, 's' },
		{ "set-up", required_argument, NULL, 'u' },
		{ "terminations", required_argument, NULL, 't' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	static char outbuf[1 << 16];
	struct gen g;
	struct game gm;
	struct tourney t;
	struct yote_writer *w;
	struct yote_record *rec;
	struct yote_error e;
	unsigned long long games = 10, seed = 1, k = 300, up = 0, made, tries;
	const char *rules = "classic", *bad;
	int c, rc, status = EXIT_OK;

	memset(&g, 0, sizeof(g));
	g.allowed = ~0U;
	tool_init(argv[0]);
	while ((c = getopt_long(argc, argv, "Vg:hm:r:s:t:u:", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'V':
			return tool_version();
		case 'g':
			if (number(optarg, ULONG_MAX, &games) != 0)
				return tool_usage_error("--games: expected a "
				    "count, not '%s'", optarg);
			break;
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case 'm':
			if (number(optarg, 1000000, &k) != 0)
				return tool_usage_error("--max-plies: expected "
				    "0 to 1000000, not '%s'", optarg);
			break;
		case 'r':
			rules = optarg;
			break;
		case 's':
			if (number(optarg, ~0ULL, &seed) != 0)
				return tool_usage_error("--seed: expected a "
				    "number, not '%s'", optarg);
			break;
		case 'u':
			if (number(optarg, 1000, &up) != 0)
				return tool_usage_error("--set-up: expected "
				    "0 to 1000, not '%s'", optarg);
			break;
		case 't':
			if ((g.allowed = parse_terms(optarg, &bad)) == 0)
				return tool_usage_error("--terminations: unknown "
				    "termination '%s'", bad);
			break;
		default:
			return tool_usage_error("unknown option or missing "
			    "argument");
		}
	}
	if (optind < argc)
		return tool_usage_error("unexpected argument '%s'",
		    argv[optind]);
	yote_error_clear(&e);
	if (yote_rules_get(rules, &g.r, &e) != 0) {
		if (e.file != NULL && e.line > 0)
			tool_warn("%s:%lu:%lu: %s", e.file, e.line, e.col,
			    e.msg);
		else
			tool_warn("%s", e.msg);
		return e.file == NULL ? EXIT_USAGE : EXIT_INVALID;
	}
	g.rules_text = g.r->builtin ? g.r->name : rules;
	if (g.r->few_pieces == 0)
		g.allowed &= ~TERM_BIT(YOTE_TERM_FEW_PIECES);
	if (g.r->move_limit == 0)
		g.allowed &= ~TERM_BIT(YOTE_TERM_MOVE_LIMIT);
	if ((g.allowed & ~1U) == 0) {
		status = tool_usage_error("--terminations: none of these "
		    "endings can happen under %s", g.r->name);
		yote_rules_free(g.r);
		return status;
	}
	g.max_plies = (unsigned long)k;
	g.setup = (unsigned long)up;
	if ((g.play = yote_game_new(g.r, NULL)) == NULL) {
		tool_warn("out of memory");
		yote_rules_free(g.r);
		return EXIT_IO;
	}
	rng_seed(seed);
	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	if (yote_writer_open(stdout, &w) != 0) {
		tool_warn("out of memory");
		yote_game_free(g.play);
		yote_rules_free(g.r);
		return EXIT_IO;
	}
	memset(&t, 0, sizeof(t));
	for (made = 0; made < games && status == EXIT_OK; made++) {
		for (tries = 0; (rc = play(&g, &gm)) == 0; tries++)
			if (tries == MAX_TRIES) {
				tool_warn("no game ending as asked after %d "
				    "tries; try a larger --max-plies",
				    MAX_TRIES);
				status = 1;
				break;
			}
		if (status != EXIT_OK)
			break;
		if (rc < 0) {
			tool_warn("out of memory");
			status = EXIT_IO;
			break;
		}
		tourney_next(&t);
		if (make_record(&g, &gm, &t, &rec) != 0) {
			tool_warn("out of memory");
			status = EXIT_IO;
			break;
		}
		rec->game = (unsigned long)made + 1;
		rc = yote_writer_put(w, rec);
		yote_record_free(rec);
		if (rc != 0) {
			tool_warn("write error: %s",
			    strerror(errno));
			status = EXIT_IO;
		}
	}
	if (yote_writer_close(w) != 0 && status == EXIT_OK) {
		tool_warn("write error: %s", strerror(errno));
		status = EXIT_IO;
	}
	if (fflush(stdout) != 0 && status == EXIT_OK) {
		tool_warn("write error: %s", strerror(errno));
		status = EXIT_IO;
	}
	yote_movelist_free(&g.list);
	yote_game_free(g.play);
	yote_rules_free(g.r);
	return status;
}
