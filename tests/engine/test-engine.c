/*
 * test-engine.c - the engine's API tests (TAP): yote_engine_search
 * against positions with a known answer, against yote_minimax, and
 * against itself.
 *
 * usage: test-engine [-v]
 *
 *  1. Tactics.  Positions built by hand, each with the moves that are
 *     best and why (see the table).  For each: every legal move at the
 *     root is scored with yote_minimax one ply shallower, so that the
 *     expected moves are shown to be best and every other move to be
 *     worse by the stated margin; then yote_engine_search must pick one
 *     of them at the stated depth with exactly that score, and a forced
 *     win must end, along the engine's line, the way the table says.
 *     Then the scores of a lost, a finished and a drawn position, and
 *     the exact endgame search (yote_limits.endgame) proving a win, and
 *     the quiescence search's width limit keeping the capture that
 *     matters among dozens, and the bonus choices below the root
 *     keeping the piece that could take back.
 *  2. Consistency.  On positions from short random playouts (a fixed
 *     generator, so the same positions every run) and on endgames of a
 *     few pieces, yote_engine_search at depth d scores exactly what
 *     yote_minimax does at d: the tables and the pruning change how
 *     fast, never what.  A position comes back four plies later at the
 *     earliest (each side undoing a step), where a search of four plies
 *     or less has only its quiescence left, which uses no table: so up
 *     to depth 4 the table cannot lend a score searched deeper.
 *  3. Determinism.  The same search after yote_engine_clear, and on a
 *     second engine, gives the same move, score, node count, line and
 *     progress reports; so does a search stopped by a node budget.
 *  4. Endgame tables (yote_engine_set_tb, in memory): a covered root
 *     takes the table's winning line, exactly scored, whatever the depth;
 *     tables of another ruleset are not used; a root the move limit
 *     leaves unknown is searched, with no false win claim; below a root
 *     with one piece more the tables decide, and two engines with their
 *     own handles agree.
 *
 *  5. Grading.  yote_classify's classes at its lines; a mistake that
 *     lost under 30 points is searched again before it is graded, a
 *     blunder that lost more, or the best move, is not.
 *
 * -v prints every root move's score of the tactics as TAP comments.
 * Exit status: 0 when every test passed, 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"
#include "yote_engine.h"
#include "search_int.h"
#include "rng.h"
#include "tap.h"

static int verbose;


static const struct yote_rules *
rules(const char *name)
{
	const struct yote_rules *r = yote_rules_by_name(name);

	if (r == NULL)
		bail("a built-in ruleset is missing");
	return r;
}

static int
pos_of(const struct yote_rules *r, const char *text, struct yote_pos *p)
{
	struct yote_error e;

	yote_error_clear(&e);
	if (yote_pos_parse(r, text, p, &e) != 0) {
		diag("position '%s': %s", text, e.msg);
		return -1;
	}
	return 0;
}

/* 1 when text is one of the space-separated words of list. */
static int
in_list(const char *list, const char *text)
{
	size_t n = strlen(text);
	const char *s = list;

	while ((s = strstr(s, text)) != NULL) {
		if ((s == list || s[-1] == ' ') && (s[n] == ' ' ||
		    s[n] == '\0'))
			return 1;
		s += n;
	}
	return 0;
}

/*
 * Play the line on p: 1 when every move is legal where it is played
 * (the engine's lines come from its own move lists, but a wrong line in
 * the table of a search would show here).
 */
static int
play_line(const struct yote_rules *r, struct yote_pos *p,
    const struct yote_move *line, int n)
{
	struct yote_error e;
	char text[YOTE_MOVE_TEXT];
	int i;

	for (i = 0; i < n; i++) {
		yote_error_clear(&e);
		if (yote_move_check(r, p, &line[i], &e) != 0) {
			diag("line move %d, %s, illegal: %s", i + 1,
			    yote_move_format(r, &line[i], text), e.msg);
			return 0;
		}
		yote_pos_play(r, p, &line[i]);
	}
	return 1;
}

/*
 * The score of move m in p by minimax, depth plies in all, from the
 * mover's side, the position after m being below the root, as in the
 * search.
 */
static int
move_score(const struct yote_rules *r, const struct yote_pos *p,
    const struct yote_move *m, int depth)
{
	return yote_minimax_move(r, p, m, depth);
}

static int
search(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, int depth, unsigned long long nodes,
    struct yote_search_result *sr)
{
	struct yote_limits lim;

	memset(&lim, 0, sizeof(lim));
	lim.depth = depth;
	lim.nodes = nodes;
	if (yote_engine_search(e, r, p, &lim, sr, NULL, NULL) != 0)
		bail("yote_engine_search: out of memory");
	return sr->score;
}

/* ------------------------------------------------------------ tactics */

/*
 * A position with a known answer.  best lists the good moves; the best of
 * them is the best move, and every other move must score at least margin
 * less (by minimax, depth - 1 plies after it).  score is the exact score of the
 * best moves at depth when it does not depend on the evaluation (a win
 * or a loss), else 0.  end is the termination the engine's line must
 * reach (a forced win), or NONE.
 */
struct tactic {
	const char *rules;
	const char *what;
	const char *pos;
	int depth;
	const char *best;
	int margin;
	int score;
	enum yote_termination end;
};

#define WIN(n) (YOTE_WIN - (n))

static const struct tactic tactics[] = {
	/*
	 * a1 jumps b1, c2, d3 in a row.  c3 and e3 block the second and
	 * third landings: only the bonus of the first jump (c3) opens the
	 * second, only that of the second (e3) the third, and the last
	 * bonus takes f5, the sixth and last piece.  Any other bonus order
	 * stops the chain with second still alive.
	 */
	{ "classic", "chain that takes all six pieces, bonuses opening the "
	    "landings", "5o/6/2ooo1/2o3/xo4 x 5 0 0 30", 1,
	    "a1xc1+c3xc3+e3xe3+f5", 1, WIN(1), YOTE_TERM_CAPTURE_ALL },
	/*
	 * Second's a5 is shut in by b5/c5 and a4/a3; f1 is its only free
	 * piece.  d2xd4 with the bonus on f1 leaves second without a move
	 * while first still has moves: second loses (loses-unless-both).
	 * The bonus on a5 leaves f1 free.
	 */
	{ "classic", "bonus takes the one piece that can still move",
	    "oxx3/x5/x2o2/3x2/5o x 3 0 0 30", 2, "d2xd4+f1", 1, WIN(1),
	    YOTE_TERM_BLOCKED },
	/*
	 * First has two pieces, b1 and b5.  Either can jump (b1 over b2,
	 * b5 over b4) to b3, where it is taken back by a3 (over b3 to c3)
	 * or by the other b-file piece, and that capture's bonus removes
	 * first's last piece: capture-all.  The bonus can remove only one
	 * of the two recapturers.  The quiet moves lose nothing now.
	 */
	{ "classic", "tempting capture loses to the recapture",
	    "1x2o1/1o4/o4o/1o4/1x4 x 0 0 0 30", 3, "b1-a1 b1-c1 b5-a5 b5-c5",
	    1, 0,
	    YOTE_TERM_NONE },
	/*
	 * Second's a5 and b5: every step is taken and a jump over b4 needs
	 * b3 empty.  Placing on b3 leaves second no move: blocked, and
	 * first can move, so second loses.
	 */
	{ "classic", "placement that blocks in one",
	    "ooxx2/xx4/x5/6/6 x 3 0 0 30", 2, "b3", 1, WIN(1),
	    YOTE_TERM_BLOCKED },
	/*
	 * Self-jump c5-e5 closes e5.  Second's replies: f3-e3 and f4-f5
	 * each open a capture that takes both its pieces (d3xf3+f4,
	 * f2xf4+f5); f3-f5 is met by the self-jump f1-f3, after which f5
	 * and f4 have no step and no jump: blocked.  No first move blocks
	 * at once.
	 */
	{ "classic", "forced blocked win in three plies",
	    "1xxx2/3xxo/3x1o/2xxxx/5x x 0 0 0 40", 3, "c5-e5", 1, WIN(3),
	    YOTE_TERM_BLOCKED },
	/*
	 * The bridge a1-a3 (over own a2) opens the chain b3, d3: the first
	 * bonus must take e3 to open the second landing, the last takes
	 * f5.
	 */
	{ "traditional", "bridge and chain that take all four pieces",
	    "5o/6/1o1oo1/x5/x5 x 4 0 0 30", 1, "a1-a3xc3+e3xe3+f5", 1,
	    WIN(1), YOTE_TERM_CAPTURE_ALL },
	/*
	 * As in classic, but a blocked side is judged by captures: second
	 * would have lost 11 pieces to first's 4, so blocking it wins.
	 */
	{ "traditional", "bonus leaves second blocked and behind",
	    "oxx3/x5/x2o2/3x2/5o x 3 0 0 30", 2, "d2xd4+f1", 1, WIN(1),
	    YOTE_TERM_BLOCKED },
	{ "traditional", "tempting capture loses to the recapture",
	    "1x2o1/1o4/o4o/1o4/1x4 x 0 0 0 30", 3, "b1-a1 b1-c1 b5-a5 b5-c5",
	    1, 0,
	    YOTE_TERM_NONE },
	/*
	 * c1xc3 and the optional bonus on f5, second's other piece: all
	 * taken.  Declining the bonus leaves f5.
	 */
	{ "damasi", "optional bonus taken to take the last piece",
	    "5o/6/6/2o3/2x3 x 3 0 0 30", 1, "c1xc3+f5", 1, WIN(1),
	    YOTE_TERM_CAPTURE_ALL },
	/*
	 * After c1xc3 (over c2), d3 can jump c3 to the empty b3; no other
	 * piece of second can.  The bonus must take d3: with any other
	 * bonus, or none, first loses the piece back (no chains here).
	 */
	{ "damasi", "bonus takes the piece that would recapture",
	    "o4o/6/3o2/2o3/2x3 x 4 0 0 30", 3, "c1xc3+d3", 100, 0,
	    YOTE_TERM_NONE },
	{ "damasi", "tempting capture loses to the recapture",
	    "1x2o1/1o4/o4o/1o4/1x4 x 0 0 0 30", 3, "b1-a1 b1-c1 b5-a5 b5-c5",
	    1, 0,
	    YOTE_TERM_NONE },
	/* blocked loses: the same one-move block as in classic */
	{ "damasi", "placement that blocks in one",
	    "ooxx2/xx4/x5/6/6 x 3 0 0 30", 2, "b3", 1, WIN(1),
	    YOTE_TERM_BLOCKED },
	/*
	 * Second's a5 has two exits, a4 and b5; first has one piece in
	 * hand, so it must place it (hand-first).  a4 (backed by a3)
	 * leaves a5-b5 as second's only move (e1, e2 are shut in), then
	 * the step a4-a5 shuts b5 in too: Ndar-Kepp.  b5 instead lets a5
	 * step to a4 and jump a3 later.
	 */
	{ "ndar-kepp", "forced Ndar-Kepp in three plies",
	    "o1xx1/1x2x/xx2x/2xxo/2xxo x 1 0 0 30", 3, "a4", 1, WIN(3),
	    YOTE_TERM_BLOCKED },
	/*
	 * Second's e1 and e2 are shut in, but it has a piece in hand and
	 * could place it.  a1xa3 with the bonus from the hand (+@) leaves
	 * it nothing to do: Ndar-Kepp.  A bonus on e1 or e2 leaves the
	 * hand piece.
	 */
	{ "ndar-kepp", "bonus from the hand shuts second in",
	    "5/4x/4x/o1xxo/x1xxo x 2 1 0 30", 2, "a1xa3+@", 1, WIN(1),
	    YOTE_TERM_BLOCKED },
	/*
	 * c1xc3: d3 would jump back to b3.  The bonus must take d3 from
	 * the board, not a piece from the hand or a5.
	 */
	{ "ndar-kepp", "bonus takes the recapturing piece, not one in hand",
	    "o4/5/3o1/2o2/2x2 x 3 2 0 30", 3, "c1xc3+d3", 100, 0,
	    YOTE_TERM_NONE },
	{ "ndar-kepp", "tempting capture loses to the recapture",
	    "1x2o/1o3/o3o/1o3/1x3 x 0 0 0 30", 3, "b1-a1 b1-c1 b5-a5 b5-c5",
	    1, 0,
	    YOTE_TERM_NONE },
};

static void
run_tactic(struct yote_engine *e, const struct tactic *t)
{
	const struct yote_rules *r = rules(t->rules);
	struct yote_movelist l = { 0 };
	struct yote_search_result sr;
	struct yote_outcome o;
	struct yote_pos p, q;
	char text[YOTE_MOVE_TEXT], sc[16], sc2[16];
	int v, top = -YOTE_WIN - 1, second = -YOTE_WIN - 1, mm;
	int d, good;
	size_t i;

	if (pos_of(r, t->pos, &p) != 0) {
		ok(0, "%s: %s: position", t->rules, t->what);
		return;
	}
	/* the claim itself, by plain minimax over every root move */
	if (yote_gen_moves(r, &p, &l) < 0)
		bail("out of memory");
	for (i = 0; i < l.n; i++) {
		v = move_score(r, &p, &l.v[i], t->depth);
		yote_move_format(r, &l.v[i], text);
		if (verbose)
			diag("  %-24s %s", text, yote_score_text(v, sc));
		if (in_list(t->best, text)) {
			if (v > top)
				top = v;
		} else if (v > second)
			second = v;
	}
	yote_movelist_free(&l);
	ok(top > -YOTE_WIN - 1 && (t->score == 0 ||
	    top == t->score) && second <= top - t->margin,
	    "%s: %s: %s scores %s by minimax at depth %d, every other move "
	    "at least %d less (best other %s)", t->rules, t->what, t->best,
	    yote_score_text(top, sc), t->depth, t->margin,
	    yote_score_text(second, sc2));

	/* the engine finds it, at the stated depth and deeper */
	mm = yote_minimax(r, &p, t->depth);
	for (d = t->depth; d <= t->depth + (t->score ? 2 : 0); d++) {
		yote_engine_clear(e);
		search(e, r, &p, d, 0, &sr);
		yote_move_format(r, &sr.best, text);
		good = sr.nmoves > 0 && in_list(t->best, text);
		if (d == t->depth)
			good = good && sr.score == top && sr.score == mm;
		else
			good = good && sr.score == t->score;
		ok(good, "%s: %s: engine at depth %d plays %s, score %s "
		    "(want %s, %s)", t->rules, t->what, d, text,
		    yote_score_text(sr.score, sc), t->best,
		    yote_score_text(d == t->depth ? top : t->score, sc2));
		if (d > t->depth || t->end == YOTE_TERM_NONE)
			continue;
		/* the line is the win: it ends, and ends as stated */
		q = p;
		good = sr.pvlen == YOTE_WIN - t->score &&
		    play_line(r, &q, sr.pv, sr.pvlen);
		yote_pos_outcome(r, &q, &o);
		ok(good && o.term == t->end && o.result == (p.side ==
		    YOTE_FIRST ? YOTE_RES_FIRST : YOTE_RES_SECOND),
		    "%s: %s: the engine's line of %d plies ends by %s",
		    t->rules, t->what, sr.pvlen, yote_termination_text(t->end));
	}
}

/* With reductions (the default), the engine still plays a good move. */
static void
run_tactic_default(struct yote_engine *e, const struct tactic *t)
{
	const struct yote_rules *r = rules(t->rules);
	struct yote_search_result sr;
	struct yote_pos p;
	char text[YOTE_MOVE_TEXT];
	int d;

	if (pos_of(r, t->pos, &p) != 0)
		return;
	for (d = t->depth; d <= t->depth + 2; d++) {
		yote_engine_clear(e);
		search(e, r, &p, d, 0, &sr);
		yote_move_format(r, &sr.best, text);
		ok(sr.nmoves > 0 && in_list(t->best, text) && (t->score == 0 ||
		    sr.score == t->score), "%s: %s: default engine at depth %d "
		    "plays %s (want %s)", t->rules, t->what, d, text, t->best);
	}
}

/*
 * Scores of lost and finished positions, from the loser's side: the
 * sign and the distance follow the convention of yote.h.
 */
static void
run_signs(struct yote_engine *e)
{
	const struct yote_rules *nk = rules("ndar-kepp"), *cl = rules("classic");
	struct yote_search_result sr;
	struct yote_pos p;
	char sc[16];

	/* after the placement a4 of the Ndar-Kepp tactic: lost in 2 */
	if (pos_of(nk, "o1xx1/xx2x/xx2x/2xxo/2xxo o 0 0 1 31", &p) != 0)
		bail("bad position in the test");
	yote_engine_clear(e);
	search(e, nk, &p, 3, 0, &sr);
	ok(sr.score == -WIN(2) && sr.nmoves == 1,
	    "ndar-kepp: shut-in side to move scores %s (want #-2), 1 move",
	    yote_score_text(sr.score, sc));
	/* the game is over: capture-all, second to move has nothing */
	if (pos_of(cl, "6/6/2x3/6/6 o 4 0 0 31", &p) != 0)
		bail("bad position in the test");
	yote_engine_clear(e);
	search(e, cl, &p, 3, 0, &sr);
	ok(sr.nmoves == 0 && sr.score == -YOTE_WIN,
	    "classic: a finished game scores %s for the side that lost "
	    "(want #-0), no moves", yote_score_text(sr.score, sc));
	/* few-pieces draw: both at most 3 and no capture anywhere */
	if (pos_of(cl, "x5/6/6/6/4o1 x 2 2 0 31", &p) != 0)
		bail("bad position in the test");
	yote_engine_clear(e);
	search(e, cl, &p, 3, 0, &sr);
	ok(sr.nmoves == 0 && sr.score == 0,
	    "classic: a few-pieces draw scores %s, no moves",
	    yote_score_text(sr.score, sc));
}

/*
 * The exact endgame search (yote_limits.endgame): red's three pieces
 * against black's one under ndar-kepp, asked for depth 2, are searched on
 * until the win is proven (formats/engine.md: a win in 11 plies), and
 * the engine's line is that win.
 */
static void
run_endgame(struct yote_engine *e)
{
	const struct yote_rules *r = rules("ndar-kepp");
	struct yote_search_result sr;
	struct yote_limits lim;
	struct yote_outcome o;
	struct yote_pos p, q;
	char sc[16];

	if (pos_of(r, "x4/5/2o2/5/4x x 1 0 10 60", &p) != 0)
		bail("bad position in the test");
	memset(&lim, 0, sizeof(lim));
	lim.depth = 2;
	lim.endgame = 1;
	yote_engine_clear(e);
	if (yote_engine_search(e, r, &p, &lim, &sr, NULL, NULL) != 0)
		bail("out of memory");
	q = p;
	ok(sr.score == WIN(11) && sr.depth == 11 && sr.pvlen == 11 &&
	    play_line(r, &q, sr.pv, sr.pvlen),
	    "ndar-kepp: endgame search from depth 2 proves %s at depth %d, "
	    "%llu nodes (want #+11)", yote_score_text(sr.score, sc),
	    sr.depth, sr.nodes);
	yote_pos_outcome(r, &q, &o);
	ok(o.result == YOTE_RES_FIRST, "ndar-kepp: the 11-ply line ends "
	    "in red's win (%s)", yote_termination_text(o.term));
}

/* ------------------------------------------------------------ quiescence */

/* A score for the side to move in a finished position, as yote.h says. */
static int
ended(const struct yote_rules *r, const struct yote_pos *p, int ply,
    int *score)
{
	struct yote_outcome o;

	yote_pos_outcome(r, p, &o);
	if (o.term == YOTE_TERM_NONE)
		return 0;
	if (o.result == YOTE_RES_DRAW)
		*score = 0;
	else
		*score = (o.result == YOTE_RES_FIRST) == (p->side ==
		    YOTE_FIRST) ? WIN(ply) : -WIN(ply);
	return 1;
}

/*
 * The quiescence search without its width limit: stand pat or any
 * capture, 8 plies at most (formats/engine.md), alpha-beta.
 */
static int
all_captures(const struct yote_rules *r, const struct yote_pos *p,
    int alpha, int beta, int ply)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	int stand, v;
	size_t i;

	if (ended(r, p, ply, &v))
		return v;
	stand = yote_evaluate(r, p);
	if (stand >= beta || ply >= 8)
		return stand;
	if (stand > alpha)
		alpha = stand;
	if (yote_gen_captures(r, p, &l) < 0)
		bail("out of memory");
	for (i = 0; i < l.n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		v = -all_captures(r, &q, -beta, -alpha, ply + 1);
		if (v > stand)
			stand = v;
		if (v > alpha && (alpha = v) >= beta)
			break;
	}
	yote_movelist_free(&l);
	return stand;
}

/*
 * The quiescence search looks at 24 captures of a node, and a jump with
 * a dozen bonus choices (a chain, dozens) fills that quickly.  In these
 * positions the best capture belongs to a piece the generator lists
 * after another piece with more than 24 choices: the window must still
 * hold it, and the limited search find what the unlimited one does.
 * The quiescence takes the bonus among a few enemy pieces only once a
 * node has more than 24 captures, so the value may differ: within 0.60
 * (the second position is 0.54 below).
 */
static void
run_quiescence(void)
{
	static const struct {
		const char *rules, *pos, *what;
	} cases[] = {
		/* f2xd2xb2 has 30 choices of bonuses, e3xe5xc5 5 */
		{ "classic", "2xx2/o3x1/x1x1o1/x1x1xo/3o2 o 4 2 0 24",
		    "e3's chains behind f2's 30" },
		{ "classic", "oo1ox1/x3ox/x1ox1x/ox1x2/o2o1o o 2 3 7 28",
		    "a2's 37 choices first, then c3's and d5's" },
	};
	const struct yote_rules *r;
	struct yote_movelist l = { 0 };
	struct yote_pos p;
	char sc[16], sm[16];
	size_t i;
	int q, full;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		r = rules(cases[i].rules);
		if (pos_of(r, cases[i].pos, &p) != 0)
			bail("bad position in the test");
		if (yote_gen_captures(r, &p, &l) < 0)
			bail("out of memory");
		q = yote_minimax(r, &p, 0);
		full = all_captures(r, &p, -YOTE_WIN - 1, YOTE_WIN + 1, 0);
		ok(l.n > 24 && abs(q - full) <= 60, "%s: quiescence over %zu "
		    "captures, %s: %s, as with no width limit (%s)", r->name, l.n,
		    cases[i].what, yote_score_text(q, sc),
		    yote_score_text(full, sm));
	}
	yote_movelist_free(&l);
}

/*
 * Below the root a capture takes its bonus among a few enemy pieces,
 * chosen before the move: the piece that could take the capturing one
 * where it lands must be among them.  Position 80 of the classic
 * held-out game 6 (tests/data/annotate/heldout): after d5-e5, o's
 * f5xd5+?xb5+a5 (or f5xd5+c5) wins four pieces and keeps its own, a
 * +8.90 that only the root, which lists every choice, saw: x's
 * annotation at depth 9 took d5-e5 for its best move at -1.62, tied with
 * c5-e5 and a dozen others.  The reply is searched in quiescence (depth
 * 1: 37 captures, more than its first ply takes whole) and in the main
 * search (depth 2), by minimax and by the engine.
 */
static void
run_recapture(struct yote_engine *e)
{
	const struct yote_rules *r = rules("classic");
	struct yote_search_result sr;
	struct yote_limits lim;
	struct yote_move_text mt;
	struct yote_error err;
	struct yote_move m;
	struct yote_pos p;
	char sc[16];
	int d, v;

	yote_error_clear(&err);
	if (pos_of(r, "x1xx1o/x1ooo1/2oo2/6/xxxoox x 2 4 72 85", &p) != 0 ||
	    yote_move_parse("d5-e5", &mt, &err) != 0 ||
	    yote_move_from_text(r, &mt, &m, &err) != 0 ||
	    yote_move_check(r, &p, &m, &err) != 0)
		bail("bad position or move in the test");
	memset(&lim, 0, sizeof(lim));
	lim.searchmoves = &m;
	lim.nsearchmoves = 1;
	for (d = 1; d <= 2; d++) {
		v = yote_minimax_move(r, &p, &m, d);
		ok(v < -500, "classic, depth %d: d5-e5 loses to a capture that "
		    "takes the piece that could take back (minimax %s)", d,
		    yote_score_text(v, sc));
		lim.depth = d;
		yote_engine_clear(e);
		if (yote_engine_search(e, r, &p, &lim, &sr, NULL, NULL) != 0)
			bail("yote_engine_search: out of memory");
		ok(sr.score < -500 && yote_move_equal(&sr.best, &m),
		    "classic, depth %d: the search sees it too (%s)", d,
		    yote_score_text(sr.score, sc));
	}
}

/* ------------------------------------------------------------ consistency */

static uint64_t rng_state;

static unsigned long
rng(unsigned long n)
{
	return (unsigned long)(xorshift_next(&rng_state) % n);
}

static int
popcount(uint64_t b)
{
	int n = 0;

	for (; b; b &= b - 1)
		n++;
	return n;
}

/* Captures side s would have in p, as if it were to move. */
static long
captures(const struct yote_rules *r, const struct yote_pos *p, int s)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q = *p;
	long n;

	q.side = (uint8_t)s;
	n = yote_gen_captures(r, &q, &l);
	yote_movelist_free(&l);
	return n;
}

/*
 * Engine and minimax agree at depths 1..maxdepth; the engine's move
 * reaches its score and its line is legal.
 */
static void
check_consistent(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, int maxdepth, const char *what)
{
	struct yote_search_result sr;
	struct yote_pos q;
	char pb[YOTE_POS_TEXT], sc[16], sm[16];
	int d, mm, reach, bad = 0;

	for (d = 1; d <= maxdepth && !bad; d++) {
		yote_engine_clear(e);
		search(e, r, p, d, 0, &sr);
		mm = yote_minimax(r, p, d);
		reach = move_score(r, p, &sr.best, d);
		if (sr.score != mm || reach != mm) {
			diag("depth %d: engine %s, minimax %s, engine's move "
			    "%s", d, yote_score_text(sr.score, sc),
			    yote_score_text(mm, sm),
			    yote_score_text(reach, pb));
			bad = 1;
		}
		q = *p;
		if (!play_line(r, &q, sr.pv, sr.pvlen))
			bad = 1;
	}
	ok(!bad, "%s: %s: engine = minimax at depths 1-%d (%s)", r->name,
	    what, maxdepth, yote_pos_format(r, p, pb));
}

/*
 * A position after a random playout of 4..40 plies, not finished, with
 * at most maxpieces on the board and capmax captures for both sides.
 */
static int
random_position(const struct yote_rules *r, struct yote_pos *p,
    int maxpieces, int capmax)
{
	struct yote_movelist l = { 0 };
	struct yote_outcome o;
	unsigned long plies, k;

	yote_pos_start(r, p);
	plies = 4 + rng(37);
	for (k = 0; k < plies; k++) {
		if (yote_gen_moves(r, p, &l) <= 0)
			break;
		yote_pos_play(r, p, &l.v[rng(l.n)]);
	}
	yote_movelist_free(&l);
	yote_pos_outcome(r, p, &o);
	/*
	 * minimax has no pruning and its quiescence looks at up to 24
	 * captures 8 plies deep: keep to positions where it ends soon
	 */
	return o.term == YOTE_TERM_NONE && popcount(p->pieces[0]) +
	    popcount(p->pieces[1]) <= maxpieces && captures(r, p, 0) +
	    captures(r, p, 1) <= capmax;
}

/* An endgame: 1..nmax pieces a side on the board, few in hand. */
static int
endgame_position(const struct yote_rules *r, struct yote_pos *p, int nmax)
{
	struct yote_outcome o;
	int s, n, sq;

	memset(p, 0, sizeof(*p));
	for (s = 0; s < 2; s++) {
		n = 1 + (int)rng((unsigned long)nmax);
		while (n > 0) {
			sq = (int)rng((unsigned long)r->squares);
			if ((p->pieces[0] | p->pieces[1]) >> sq & 1)
				continue;
			p->pieces[s] |= (uint64_t)1 << sq;
			n--;
		}
		p->hand[s] = (uint8_t)rng(2);
	}
	p->side = (uint8_t)rng(2);
	p->ply = 41;
	yote_pos_outcome(r, p, &o);
	return o.term == YOTE_TERM_NONE;
}

static void
run_consistency(struct yote_engine *e)
{
	/*
	 * per ruleset: how many random positions, their bounds, the depth;
	 * damasi's optional bonus makes the most captures of one jump
	 */
	static const struct {
		const char *rules;
		int n, maxpieces, capmax, depth;
	} mid[] = {
		{ "classic", 8, 12, 4, 3 },
		{ "traditional", 8, 12, 4, 3 },
		{ "damasi", 8, 10, 2, 3 },
		{ "ndar-kepp", 8, 12, 4, 3 },
	};
	const struct yote_rules *r;
	struct yote_pos p;
	char what[64];
	size_t i;
	int k;

	for (i = 0; i < sizeof(mid) / sizeof(mid[0]); i++) {
		r = rules(mid[i].rules);
		rng_state = 0x9E3779B97F4A7C15ULL + i;
		for (k = 0; k < mid[i].n; k++) {
			while (!random_position(r, &p, mid[i].maxpieces,
			    mid[i].capmax))
				continue;
			snprintf(what, sizeof(what), "random position %d",
			    k + 1);
			check_consistent(e, r, &p, mid[i].depth, what);
		}
		for (k = 0; k < 4; k++) {
			while (!endgame_position(r, &p, 4))
				continue;
			snprintf(what, sizeof(what), "endgame %d", k + 1);
			check_consistent(e, r, &p, 4, what);
		}
	}
}

/* ------------------------------------------------------------ determinism */

struct trace {
	int n;
	int score[YOTE_MAX_PLY];
	unsigned long long nodes[YOTE_MAX_PLY];
	struct yote_move best[YOTE_MAX_PLY];
};

static void
record_info(void *ctx, const struct yote_search_result *sr)
{
	struct trace *t = ctx;

	if (t->n < YOTE_MAX_PLY) {
		t->score[t->n] = sr->score;
		t->nodes[t->n] = sr->nodes;
		t->best[t->n] = sr->best;
		t->n++;
	}
}

static int
same_result(const struct yote_search_result *a,
    const struct yote_search_result *b)
{
	int i;

	if (a->score != b->score || a->depth != b->depth ||
	    a->nodes != b->nodes || a->nmoves != b->nmoves ||
	    a->pvlen != b->pvlen || !yote_move_equal(&a->best, &b->best))
		return 0;
	for (i = 0; i < a->pvlen; i++)
		if (!yote_move_equal(&a->pv[i], &b->pv[i]))
			return 0;
	return 1;
}

static void
run_determinism(struct yote_engine *e)
{
	static const struct {
		const char *rules, *pos;
	} cases[] = {
		{ "classic", "oxx2o/4x1/o5/2x3/x4o x 7 6 11 21" },
		{ "traditional", "3o2/6/1xo3/2x2o/x1o3 x 8 8 2 9" },
		{ "damasi", "o4o/6/3o2/2o3/2x3 x 4 0 0 30" },
		{ "ndar-kepp", "1o3/3o1/xxo2/4o/3x1 x 5 8 0 13" },
	};
	const struct yote_rules *r;
	struct yote_engine *e2;
	struct yote_search_result a, b, c;
	struct yote_limits lim;
	struct trace ta, tb;
	struct yote_pos p, other;
	char text[YOTE_MOVE_TEXT];
	size_t i;

	if ((e2 = yote_engine_new(1)) == NULL)
		bail("yote_engine_new: out of memory");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		r = rules(cases[i].rules);
		if (pos_of(r, cases[i].pos, &p) != 0)
			bail("bad position in the test");
		memset(&lim, 0, sizeof(lim));
		lim.depth = 4;
		memset(&ta, 0, sizeof(ta));
		memset(&tb, 0, sizeof(tb));
		yote_engine_clear(e);
		if (yote_engine_search(e, r, &p, &lim, &a, record_info,
		    &ta) != 0)
			bail("out of memory");
		/* something else in between, then clear */
		yote_pos_start(r, &other);
		search(e, r, &other, 3, 0, &c);
		yote_engine_clear(e);
		if (yote_engine_search(e, r, &p, &lim, &b, record_info,
		    &tb) != 0)
			bail("out of memory");
		ok(same_result(&a, &b) && ta.n == tb.n && memcmp(ta.score,
		    tb.score, sizeof(ta.score)) == 0 && memcmp(ta.nodes,
		    tb.nodes, sizeof(ta.nodes)) == 0 && ta.n == a.depth,
		    "%s: depth 4 twice after clear: %s, %d, %llu nodes, "
		    "%d-ply line, %d reports, all the same", r->name,
		    yote_move_format(r, &a.best, text), a.score, a.nodes,
		    a.pvlen, ta.n);
		/* a second engine of the same table size */
		yote_engine_clear(e2);
		search(e2, r, &p, 4, 0, &c);
		ok(same_result(&a, &c), "%s: depth 4 on a second engine: "
		    "the same", r->name);
		/* a node budget stops in the middle of an iteration */
		yote_engine_clear(e);
		search(e, r, &p, 0, 3000, &a);
		search(e, r, &other, 3, 0, &c);
		yote_engine_clear(e);
		search(e, r, &p, 0, 3000, &b);
		ok(same_result(&a, &b) && a.nodes >= 3000 && a.depth >= 1,
		    "%s: 3000-node budget twice: %s, %d, depth %d, %llu "
		    "nodes, the same", r->name, yote_move_format(r, &a.best,
		    text), a.score, a.depth, a.nodes);
	}
	/* a clear is a new generation of the table; after 65,535 of them
	 * the generation comes round again, and the entries of the search
	 * made under it must not come back (the table is wiped on the way) */
	r = rules(cases[0].rules);
	if (pos_of(r, cases[0].pos, &p) != 0)
		bail("bad position in the test");
	yote_engine_clear(e);
	search(e, r, &p, 5, 0, &a);
	for (i = 0; i < 65535; i++)
		yote_engine_clear(e);
	search(e, r, &p, 5, 0, &b);
	ok(same_result(&a, &b) && a.nodes == b.nodes, "%s: depth 5 after "
	    "65,535 clears (the generations come round): %llu nodes, as "
	    "the first time (%llu)", r->name, b.nodes, a.nodes);
	yote_engine_free(e2);
}

/* ------------------------------------------------------------ budgets */

/*
 * Issue 11: on a dense damasi board (19,812 legal moves) a node or time
 * budget used to end inside depth 1 and answer the first generated move,
 * unsearched.  Depth 1 is now always completed, and the best root move of
 * an unfinished iteration is kept.
 */
static void
run_budgets(struct yote_engine *e)
{
	static const unsigned long long budgets[] = { 1, 1000, 50000,
		400000 };
	const struct yote_rules *r = rules("damasi");
	struct yote_search_result sr;
	struct yote_limits lim;
	struct yote_pos p;
	char text[YOTE_MOVE_TEXT];
	size_t i;

	if (pos_of(r, "xox1ox/xxo1xo/oxoooo/xxoxox/o1x3 o 0 0 43 44",
	    &p) != 0) {
		ok(0, "damasi: dense position");
		return;
	}
	for (i = 0; i < sizeof(budgets) / sizeof(budgets[0]); i++) {
		yote_engine_clear(e);
		search(e, r, &p, 0, budgets[i], &sr);
		yote_move_format(r, &sr.best, text);
		ok(sr.depth >= 1 && strcmp(text, "b5xd5+a5") == 0,
		    "damasi: dense board, --nodes %llu: depth %d, %s (want "
		    "b5xd5+a5, depth 1 at least)", budgets[i], sr.depth, text);
	}
	memset(&lim, 0, sizeof(lim));
	lim.movetime_ms = 1;
	yote_engine_clear(e);
	if (yote_engine_search(e, r, &p, &lim, &sr, NULL, NULL) != 0)
		bail("yote_engine_search: out of memory");
	yote_move_format(r, &sr.best, text);
	ok(sr.depth >= 1 && strcmp(text, "b5xd5+a5") == 0,
	    "damasi: dense board, 1 ms: depth %d, %s (want b5xd5+a5)",
	    sr.depth, text);
}

/* A search of p to depth within nodes (0: no limit), going on up to
 * deepen iterations more within deepen_nodes, from a cleared table. */
static void
deepened(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, int depth, unsigned long long nodes,
    int deepen, unsigned long long deepen_nodes,
    struct yote_search_result *sr)
{
	struct yote_limits lim;

	memset(&lim, 0, sizeof(lim));
	lim.depth = depth;
	lim.nodes = nodes;
	lim.deepen = deepen;
	lim.deepen_nodes = deepen_nodes;
	yote_engine_clear(e);
	if (yote_engine_search(e, r, p, &lim, sr, NULL, NULL) != 0)
		bail("yote_engine_search: out of memory");
}

/*
 * An unsettled score is searched on: before ply 10 of the second game of
 * tests/data/annotate/traditional.yaml, o wins a piece by depth 6 and 8
 * (+2.89, +2.82) but not by depth 7 (+0.27).  The default's budget
 * (depth 7, deepen 3 within 120,000 nodes) would not begin depth 8,
 * foreseen at about 200,000 nodes; the swing of 2.6 pieces from depth 6
 * to 7 lets it, within three times the nodes, and the piece is seen.
 * Then o's move that lets it go (d5) is the annotator's blunder, as a
 * depth-10 search finds it.
 */
static void
run_swing(struct yote_engine *e)
{
	const struct yote_rules *r = rules("traditional");
	struct yote_search_result sr, plain;
	struct yote_pos p;

	if (pos_of(r, "2x1o1/x5/o2o2/o5/xxx1x1 o 6 8 13 14", &p) != 0)
		bail("bad position in the test");
	yote_engine_clear(e);
	search(e, r, &p, 7, 0, &plain);
	deepened(e, r, &p, 7, 1000000, 3, 120000, &sr);
	ok(plain.score < 100 && sr.depth >= 8 && sr.score >= 200 &&
	    sr.nodes <= 3 * 120000,
	    "traditional: depth 7 scores %+d, but its swing from depth 6 "
	    "deepens within 3 x 120,000 nodes: depth %d, %+d, %llu nodes",
	    plain.score, sr.depth, sr.score, sr.nodes);
}

/*
 * A threat, which the search reduces less: quiet move m from position
 * pos (classic) puts down or moves a piece that could capture next.
 */
static int
threat_of(const char *pos, const char *m)
{
	const struct yote_rules *r = rules("classic");
	struct yote_move_text mt;
	struct yote_move mv;
	struct yote_error err;
	struct yote_pos p;

	if (pos_of(r, pos, &p) != 0 || yote_move_parse(m, &mt, &err) != 0 ||
	    yote_move_from_text(r, &mt, &mv, &err) != 0 ||
	    yote_move_check(r, &p, &mv, &err) != 0)
		bail("bad position or move in the test");
	yote_pos_play(r, &p, &mv);
	return yote_srch_threatens(r, &p, &mv);
}

static void
run_threats(void)
{
	ok(threat_of("6/6/2o3/6/6 x 12 11 1 2", "b3") == 1 &&
	    threat_of("6/6/2o3/6/6 x 12 11 1 2", "c4") == 1,
	    "a piece put beside an enemy one, an empty point beyond: a threat");
	ok(threat_of("6/6/2oo2/6/6 x 12 10 2 3", "b3") == 0 &&
	    threat_of("6/6/o5/6/6 x 12 11 1 2", "b3") == 0 &&
	    threat_of("6/6/2o3/6/6 x 12 11 1 2", "a3") == 0,
	    "no threat: the point beyond taken, off the board, or no enemy "
	    "beside");
	ok(threat_of("6/6/3o2/x5/6 x 11 11 2 3", "a2-b2") == 0 &&
	    threat_of("6/6/3o2/1x4/6 x 11 11 2 3", "b2-c2") == 0 &&
	    threat_of("6/6/3o2/2x3/6 x 11 11 2 3", "c2-c3") == 1,
	    "a step: a threat only from where the piece lands");
}

/*
 * Deepening past the depth asked (yote-analyze's default budget): on a
 * sparse board, depth 3 and two iterations more within a large budget
 * end at depth 5; within one node, at depth 3 with the plain search's
 * result; on a dense board, an iteration foreseen to pass the budget
 * is not begun.
 */
static void
run_deepen(struct yote_engine *e)
{
	const struct yote_rules *r = rules("classic"), *d = rules("damasi");
	struct yote_search_result sr, plain;
	struct yote_pos p, q;

	if (pos_of(r, "3oo1/1x4/6/1x4/3xx1 o 8 10 7 8", &p) != 0 ||
	    pos_of(d, "xox1ox/xxo1xo/oxoooo/xxoxox/o1x3 o 0 0 43 44",
	    &q) != 0)
		bail("bad position in the test");
	deepened(e, r, &p, 3, 0, 2, 10000000, &sr);
	ok(sr.depth == 5, "deepen 2 within 10^7 nodes: depth 3 goes on to "
	    "5 (%d, %llu nodes)", sr.depth, sr.nodes);
	deepened(e, r, &p, 3, 0, 2, 1, &sr);
	yote_engine_clear(e);
	search(e, r, &p, 3, 0, &plain);
	ok(sr.depth == 3 && sr.score == plain.score && sr.nodes ==
	    plain.nodes && yote_move_equal(&sr.best, &plain.best),
	    "deepen 2 within 1 node: depth 3 as without (%d, %llu nodes)",
	    sr.depth, sr.nodes);
	yote_engine_clear(e);
	search(e, d, &q, 2, 0, &plain);
	deepened(e, d, &q, 2, 0, 2, plain.nodes + 1000, &sr);
	ok(sr.depth == 2 && sr.score == plain.score && sr.nodes ==
	    plain.nodes && yote_move_equal(&sr.best, &plain.best),
	    "damasi: dense board, depth 2 (%llu nodes), deepen within 1,000 "
	    "nodes more: depth 3 is not begun (%d, %llu nodes)", plain.nodes,
	    sr.depth, sr.nodes);
	run_swing(e);
}

/* ------------------------------------------------------------ grading */

/* A move that loses ground at depth 2, but less than 30 points: ply 4 of
 * tests/data/annotate/classic.yaml's first game */
#define DOUBT_RULES "classic"
#define DOUBT_POS "3oo1/1x4/6/1x4/3xx1 o 8 10 7 8"
#define DOUBT_MOVE "e4"

/*
 * Ply 1 of a record of one move, m from position pos under ruleset name,
 * annotated by yote_annotate_game at depth d: its class and how many
 * plies were searched again.
 */
static void
annotate_one(struct yote_engine *e, const char *name, const char *pos,
    const char *m, int d, enum yote_class *c, unsigned long *again)
{
	struct yote_annotate_opts o = { .only = YOTE_CLASS_NONE, .side = -1 };
	struct yote_annotation a;
	struct yote_record rec = { .game = 1 };
	struct yote_checker *ck = yote_checker_new();
	struct yote_node *moves = yote_node_seq();

	*c = YOTE_CLASS_NONE;
	*again = 99;
	o.lim.depth = d;
	o.lim.nodes = 1000000;
	rec.root = yote_node_map();
	if (ck == NULL || moves == NULL || rec.root == NULL ||
	    yote_node_set(rec.root, "yote", yote_node_scalar("1")) != 0 ||
	    yote_node_set(rec.root, "rules", yote_node_scalar(name)) != 0 ||
	    yote_node_set(rec.root, "start", yote_node_scalar(pos)) != 0 ||
	    yote_node_push(moves, yote_node_scalar(m)) != 0 ||
	    yote_node_set(rec.root, "moves", moves) != 0)
		bail("annotate_one: out of memory");
	if (yote_annotate_game(e, ck, &rec, NULL, &o, &a, NULL, NULL) == 0 &&
	    a.cls != NULL && a.plies == 1) {
		*c = a.cls[0];
		*again = a.researched;
	}
	yote_annotation_free(&a);
	yote_node_free(rec.root);
	yote_checker_free(ck);
}

/*
 * 5. Grading.  The classes of yote_classify at its lines, the caps of a
 * side far ahead or far behind included; and the re-search of
 * yote_annotate_game: a mistake or blunder that lost under 30 points is
 * searched again deeper before it is graded, a move that lost more, or
 * that lost nothing, is not.
 */
static void
run_grading(struct yote_engine *e)
{
	static const struct {
		int before, after;
		enum yote_class c;
		const char *why;
	} g[] = {
		{ 0, -400, YOTE_CLASS_BLUNDER, "50 -> 25: a blunder" },
		{ 0, -160, YOTE_CLASS_MISTAKE, "50 -> 39: a mistake" },
		{ 0, -80, YOTE_CLASS_INACCURACY, "50 -> 45: an inaccuracy" },
		{ 1200, 500, YOTE_CLASS_INACCURACY,
			"96 -> 79: still four pieces ahead, an inaccuracy" },
		{ 1200, 300, YOTE_CLASS_BLUNDER, "96 -> 69: a blunder" },
		{ -500, -1200, YOTE_CLASS_INACCURACY,
			"21 -> 4: four pieces behind already, an inaccuracy" },
		{ -300, -1200, YOTE_CLASS_BLUNDER, "31 -> 4: a blunder" },
		{ YOTE_WIN - 5, 500, YOTE_CLASS_INACCURACY,
			"a proven win let go at 79: an inaccuracy" },
	};
	enum yote_class c;
	unsigned long again;
	size_t i;

	for (i = 0; i < sizeof(g) / sizeof(g[0]); i++)
		ok(yote_classify(g[i].before, g[i].after) == g[i].c,
		    "yote_classify(%d, %d): %s", g[i].before, g[i].after,
		    g[i].why);
	/* tests/data/analyze/blunder-classic.yaml's ply 15 */
	annotate_one(e, "classic", "2x3/3oo1/2xx2/2xx2/o1o3 x 7 6 5 15",
	    "e3", 2, &c, &again);
	ok(c == YOTE_CLASS_BLUNDER && again == 0, "classic e3 at depth 2, "
	    "six pieces lost: a blunder (%s) not searched again (%lu)",
	    yote_class_name(c), again);
	annotate_one(e, "classic", "2x3/3oo1/2xx2/2xx2/o1o3 x 7 6 5 15",
	    "d3xd5+a1", 2, &c, &again);
	ok(c == YOTE_CLASS_NONE && again == 0, "classic d3xd5+a1 at depth 2, "
	    "the best move: no class ('%s'), not searched again (%lu)",
	    yote_class_name(c), again);
	annotate_one(e, DOUBT_RULES, DOUBT_POS, DOUBT_MOVE, 2, &c, &again);
	ok(again == 1, "%s %s at depth 2, a loss under 30 points at depth 2: "
	    "searched again (%lu), graded '%s'", DOUBT_RULES, DOUBT_MOVE,
	    again, yote_class_name(c));
}

/* ------------------------------------------------------------ repetition */

/*
 * A repeated position is a draw.  From a classic position where first is
 * ahead, the engine's best move m scores well; given a history in which
 * the position after m already occurred twice, m would make it three
 * times: m scores 0 and the engine plays something else (it is ahead: a
 * draw is worse).  Once in the history is not yet a draw (a player may go
 * back once and elsewhere next time): m stays.  A history that ends with
 * the root itself is the same as without it.
 */
static void
run_repetition(struct yote_engine *e)
{
	const struct yote_rules *r = rules("classic");
	struct yote_search_result sr, sr2, sr3;
	struct yote_pos p, hist[4];
	char t1[YOTE_MOVE_TEXT], t2[YOTE_MOVE_TEXT], sc[16];

	if (pos_of(r, "x5/2x3/6/1o2x1/6 x 4 5 4 40", &p) != 0) {
		ok(0, "classic: repetition position");
		return;
	}
	yote_engine_clear(e);
	search(e, r, &p, 4, 0, &sr);
	hist[0] = p;
	yote_pos_play(r, &hist[0], &sr.best);
	hist[1] = p;
	hist[2] = hist[0];
	hist[3] = p;
	if (yote_engine_set_history(e, hist + 2, 2) != 0)
		bail("yote_engine_set_history: out of memory");
	yote_engine_clear(e);
	search(e, r, &p, 4, 0, &sr2);
	ok(yote_move_equal(&sr.best, &sr2.best), "classic: a position of the "
	    "history met a second time is no draw yet: the engine keeps its "
	    "move");
	if (yote_engine_set_history(e, hist, 4) != 0)
		bail("yote_engine_set_history: out of memory");
	yote_engine_clear(e);
	search(e, r, &p, 4, 0, &sr2);
	yote_move_format(r, &sr.best, t1);
	yote_move_format(r, &sr2.best, t2);
	ok(sr.score > 50 && !yote_move_equal(&sr.best, &sr2.best) &&
	    sr2.score > 0, "classic: %s (%s) leads to a position of the "
	    "history: the engine plays %s (%s) instead", t1,
	    yote_score_text(sr.score, sc), t2, yote_score_text(sr2.score,
	    sc));
	if (yote_engine_set_history(e, &p, 1) != 0)
		bail("yote_engine_set_history: out of memory");
	yote_engine_clear(e);
	search(e, r, &p, 4, 0, &sr3);
	ok(sr3.score == sr.score && yote_move_equal(&sr3.best, &sr.best),
	    "classic: a history of the root alone changes nothing");
	yote_engine_set_history(e, NULL, 0);
}

/*
 * An iteration cut short keeps the root move it proved better than the
 * previous best.  Stopped one node before the end of an iteration that
 * changes the best move, the search answers the previous best or the new
 * one (the new one only if it was proven before the stop), and in at
 * least one of these positions the new one.
 */
static void
run_partial(struct yote_engine *e)
{
	static const struct {
		const char *rules, *pos;
	} cases[] = {
		{ "damasi", "xox1ox/xxo1xo/oxoooo/xxoxox/o1x3 o 0 0 43 44" },
		{ "classic", "1x4/2o3/x3x1/3o2/xxoo2 x 7 8 10 11" },
		{ "damasi", "2o1xx/xx4/3x1o/x2x1o/xxoo1x o 2 3 16 30" },
		{ "ndar-kepp", "xxoox/1ooox/xoxxo/xoxxo/oxoox x 0 0 24 25" },
	};
	const struct yote_rules *r;
	struct yote_search_result sr;
	struct yote_limits lim;
	struct trace it;
	struct yote_pos p;
	char want[YOTE_MOVE_TEXT], got[YOTE_MOVE_TEXT];
	size_t i;
	int k, tried = 0, kept = 0;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		r = rules(cases[i].rules);
		if (pos_of(r, cases[i].pos, &p) != 0)
			bail("bad position in the test");
		memset(&lim, 0, sizeof(lim));
		lim.depth = 7;
		memset(&it, 0, sizeof(it));
		yote_engine_clear(e);
		if (yote_engine_search(e, r, &p, &lim, &sr, record_info,
		    &it) != 0)
			bail("yote_engine_search: out of memory");
		for (k = 1; k < it.n; k++)
			if (!yote_move_equal(&it.best[k], &it.best[k - 1]))
				break;
		if (k >= it.n)
			continue;
		tried++;
		lim.depth = 0;
		lim.nodes = it.nodes[k] - 1;
		yote_engine_clear(e);
		if (yote_engine_search(e, r, &p, &lim, &sr, NULL, NULL) != 0)
			bail("yote_engine_search: out of memory");
		yote_move_format(r, &it.best[k], want);
		yote_move_format(r, &sr.best, got);
		kept += yote_move_equal(&sr.best, &it.best[k]);
		ok(sr.depth == k && (yote_move_equal(&sr.best, &it.best[k]) ||
		    yote_move_equal(&sr.best, &it.best[k - 1])),
		    "%s: depth %d changes the best move to %s; stopped one "
		    "node short of it, the search plays %s at depth %d",
		    r->name, k + 1, want, got, sr.depth);
	}
	ok(tried > 0 && kept > 0, "partial iterations: of %d positions "
	    "that change their best move, %d keep the new one found before "
	    "the stop", tried, kept);
}

/* ------------------------------------------------------------ tables */

static struct yote_tb *
tables(const struct yote_rules *r, int pieces)
{
	struct yote_tb *tb;
	struct yote_error err;

	if (yote_tb_open(r, NULL, pieces, YOTE_TB_NO_CACHE, &tb, &err) != 0)
		bail("yote_tb_open failed");
	return tb;
}

static void
search_at(struct yote_engine *e, const struct yote_rules *r,
    const struct yote_pos *p, int depth, struct yote_search_result *sr)
{
	deepened(e, r, p, depth, 0, 0, 0, sr);
}

static void
run_tables(struct yote_engine *e)
{
	const struct yote_rules *nk = rules("ndar-kepp");
	struct yote_tb *tb = tables(nk, 5), *other = tables(rules("classic"), 5);
	struct yote_tb *tb4 = tables(nk, 4), *tb4b = tables(nk, 4);
	struct yote_engine *e2 = yote_engine_new(1);
	struct yote_search_result sr, plain, s2;
	struct yote_outcome o;
	struct yote_pos p, q;
	char sc[16];
	int d;

	if (e2 == NULL)
		bail("out of memory");
	if (pos_of(nk, "x4/5/2o2/5/4x x 1 0 10 60", &p) != 0)
		bail("bad position in the test");
	yote_engine_set_tb(e, tb);
	for (d = 1; d <= 6; d += 5) {
		search_at(e, nk, &p, d, &sr);
		q = p;
		ok(sr.score == WIN(11) && sr.pvlen == 11 && sr.depth == 11 &&
		    sr.nodes < 1000 && play_line(nk, &q, sr.pv, sr.pvlen),
		    "tables, depth %d: the covered win is %s, %d plies of "
		    "line, %llu probes (want #+11)", d,
		    yote_score_text(sr.score, sc), sr.pvlen, sr.nodes);
		yote_pos_outcome(nk, &q, &o);
		ok(o.result == YOTE_RES_FIRST, "tables, depth %d: the table's "
		    "line ends in red's win (%s)", d,
		    yote_termination_text(o.term));
	}

	/* another ruleset's tables are not probed */
	yote_engine_set_tb(e, NULL);
	search_at(e, nk, &p, 4, &plain);
	yote_engine_set_tb(e, other);
	search_at(e, nk, &p, 4, &sr);
	ok(sr.score == plain.score && sr.nodes == plain.nodes &&
	    yote_move_equal(&sr.best, &plain.best), "classic's tables are "
	    "not used under ndar-kepp (%llu nodes, as without)", sr.nodes);

	/* the move limit comes first: with 5 plies left and no capture
	 * within 11 (its dtz), the tables know the win is an exact draw */
	yote_engine_set_tb(e, tb);
	q = p;
	q.since_capture = 115;
	search_at(e, nk, &q, 4, &sr);
	ok(sr.score == 0, "115 plies without capture: the win in 11 is an "
	    "exact draw (%s, %llu nodes)", yote_score_text(sr.score, sc),
	    sr.nodes);

	/* one piece more than the tables: the search meets them below */
	if (pos_of(nk, "x4/5/2o2/5/4x x 1 1 10 60", &q) != 0)
		bail("bad position in the test");
	yote_engine_set_tb(e, tb4);
	search_at(e, nk, &q, 5, &sr);
	yote_engine_set_tb(e2, tb4b);
	search_at(e2, nk, &q, 5, &s2);
	yote_engine_set_tb(e, NULL);
	search_at(e, nk, &q, 5, &plain);
	ok(sr.score == s2.score && sr.nodes == s2.nodes &&
	    yote_move_equal(&sr.best, &s2.best) && sr.nodes != plain.nodes,
	    "5 pieces, tables of 4, depth 5: two engines with their own tables agree "
	    "(%s, %llu nodes; without tables %s, %llu nodes)",
	    yote_score_text(sr.score, sc), sr.nodes,
	    yote_score_text(plain.score, sc + 8), plain.nodes);
	yote_engine_free(e2);
	yote_tb_close(tb);
	yote_tb_close(tb4);
	yote_tb_close(tb4b);
	yote_tb_close(other);
}

int
main(int argc, char *argv[])
{
	struct yote_engine *e;
	size_t i;

	if (argc > 1 && strcmp(argv[1], "-v") == 0)
		verbose = 1;
	/* the same table size as the second engine of the determinism tests */
	if ((e = yote_engine_new(1)) == NULL)
		bail("yote_engine_new: out of memory");
	/*
	 * Reductions make the search's score depend on the window: the
	 * comparisons with minimax run without them (what they check, the
	 * tables, ordering, quiescence cuts and repetition, stays in).
	 */
	yote_engine_set_exact(e, 1);
	for (i = 0; i < sizeof(tactics) / sizeof(tactics[0]); i++)
		run_tactic(e, &tactics[i]);
	run_signs(e);
	run_endgame(e);
	run_quiescence();
	run_recapture(e);
	run_consistency(e);
	yote_engine_set_exact(e, 0);
	for (i = 0; i < sizeof(tactics) / sizeof(tactics[0]); i++)
		run_tactic_default(e, &tactics[i]);
	run_determinism(e);
	run_budgets(e);
	run_deepen(e);
	run_threats();
	run_partial(e);
	run_repetition(e);
	run_tables(e);
	run_grading(e);
	yote_engine_free(e);
	if (tap_failures)
		diag("%lu of %lu tests failed", tap_failures, tap_tests);
	return tap_plan();
}
