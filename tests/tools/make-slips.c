/*
 * make-slips - scoresheet slips for testing yote-validate --suggest: each
 * valid game of the input with one move miswritten, written out only when
 * the slip makes the record invalid, and what the slip was into a truth
 * file (tests/suggest.t compares the suggestions with it).
 *
 * Five kinds of slip, one game each in turn:
 *   char     one character of the move changed: a square's column or row
 *            one off (the move may come out legal or illegal, or off the
 *            board, or with row 0, a syntax error);
 *   legal    another move legal in the same position, the closest in
 *            writing (ties by the seed): the slip that breaks a record
 *            only plies later;
 *   swap     the move and the next one written in the wrong order;
 *   extra    the move written twice;
 *   missing  the move left out.
 *
 * usage: make-slips [--seed S] [--ply N] TRUTH < games.yaml > slips.yaml
 * TRUTH gets a line a game written: game, ply, the move as played, as
 * written ("-" for none), the kind, 1 when the written move is legal
 * where it stands, the ruleset.  The ply is that of the move miswritten;
 * of a swap, the first of the two; of an extra move, the second copy;
 * of a missing move, the ply it should have had.  --ply N slips at ply N (or the last) instead of a random
 * ply.
 *
 *        make-slips --two [--seed S] TRUTH < games.yaml > slips.yaml
 * two slips a game instead, a char or a legal slip each (the four pairs
 * in turn), at two
 * plies at least 2 apart: TRUTH gets game, ply, played, written of the
 * first, the same of the second, the kinds ("char+legal") and the ruleset.
 *
 *        make-slips --long PLIES [--rules R] [--games N] [--seed S]
 * writes N valid games of PLIES plies (result *) instead: random moves,
 * quiet ones where there are (a capture only when the move limit comes
 * near), the long games the worst case of --suggest needs.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "yote.h"

/* The written item's move text node of ply k (0-based). */
static struct yote_node *
move_node(struct yote_node *moves, size_t k)
{
	struct yote_node *it = moves->kids[k];

	return it->type == YOTE_NODE_SCALAR ? it :
	    (struct yote_node *)yote_item_move(it);
}

/* One character of text changed: a square's column or row one off. */
static int
char_slip(const char *text, uint64_t *rng, char *out, size_t size)
{
	size_t len = strlen(text), at[2 * YOTE_MAX_SEGS + 2], n = 0, i;
	char c;

	if (len + 1 > size)
		return 0;
	for (i = 0; i < len; i++)
		if ((text[i] >= 'a' && text[i] <= 'h') ||
		    (text[i] >= '1' && text[i] <= '8' && (i == 0 ||
		    text[i - 1] < '0' || text[i - 1] > '9')))
			at[n++] = i;
	if (n == 0)
		return 0;
	strcpy(out, text);
	i = at[splitmix_below(rng, n)];
	c = text[i];
	if (c >= 'a' && c <= 'h')
		out[i] = c == 'a' ? 'b' : c == 'h' ? 'g' :
		    splitmix_below(rng, 2) ? c + 1 : c - 1;
	else
		out[i] = c == '1' ? (splitmix_below(rng, 4) ? '2' : '0') :
		    splitmix_below(rng, 2) ? c + 1 : c - 1;
	return strcmp(out, text) != 0;
}

/* Another legal move before ply k, the closest in writing. */
static int
legal_slip(const struct yote_game *g, size_t k, const char *text,
    uint64_t *rng, char *out)
{
	const struct yote_rules *r = yote_game_rules(g);
	struct yote_movelist l = { NULL, 0, 0 };
	char t[YOTE_MOVE_TEXT];
	size_t i, best = (size_t)-1, ties = 0, d;
	long got;

	got = yote_gen_moves(r, yote_game_pos(g, k), &l);
	for (i = 0; got > 0 && i < l.n; i++) {
		yote_move_format(r, &l.v[i], t);
		if (strcmp(t, text) == 0)
			continue;
		d = 0;
		{
			/* a cheap distance: characters differing, and the
			 * lengths apart */
			size_t la = strlen(t), lb = strlen(text), j;

			for (j = 0; j < la && j < lb; j++)
				d += t[j] != text[j];
			d += la > lb ? la - lb : lb - la;
		}
		if (d < best) {
			best = d;
			ties = 0;
		}
		if (d == best && splitmix_below(rng, ++ties) == 0)
			strcpy(out, t);
	}
	yote_movelist_free(&l);
	return best != (size_t)-1;
}

/* A game of plies random moves, mostly quiet, as a record on w. */
static int
long_game(const struct yote_rules *r, size_t plies, uint64_t *rng,
    struct yote_writer *w)
{
	struct yote_movelist l = { NULL, 0, 0 };
	struct yote_game *g = yote_game_new(r, NULL);
	struct yote_record *rec = NULL;
	struct yote_outcome o;
	struct yote_pos p;
	size_t i, quiet, pick;
	long n;
	int rc = -1;

	if (g == NULL)
		return -1;
	while (yote_game_plies(g) < plies) {
		p = *yote_game_now(g);
		if ((n = yote_gen_moves(r, &p, &l)) <= 0)
			goto out;
		for (i = quiet = 0; i < l.n; i++)
			quiet += !yote_move_is_capture(&l.v[i]);
		/* a capture only when quiet moves would run into the limit,
		 * or there are none */
		if (quiet == 0 || (r->move_limit > 0 && p.since_capture + 10 >
		    (unsigned)r->move_limit))
			i = splitmix_below(rng, l.n);
		else {
			pick = splitmix_below(rng, quiet);
			for (i = 0; yote_move_is_capture(&l.v[i]) || pick-- > 0;
			    i++)
				;
		}
		if (yote_game_play(g, &l.v[i], NULL) != 0)
			goto out;
		/* over too soon: start again */
		yote_pos_outcome(r, yote_game_now(g), &o);
		if (o.term != YOTE_TERM_NONE)
			yote_game_undo(g, yote_game_plies(g));
	}
	rc = yote_game_record(g, NULL, NULL, 0, YOTE_RES_NONE,
	    YOTE_TERM_UNFINISHED, &rec, NULL) != 0 || yote_writer_put(w,
	    rec) != 0 ? -1 : 0;
out:
	yote_record_free(rec);
	yote_movelist_free(&l);
	yote_game_free(g);
	return rc;
}

/*
 * The moves list of rec in another order: kind 's' swaps items k and
 * k + 1, 'e' writes item k twice, 'm' leaves it out.  0, or -1 (out of
 * memory, or nothing to swap).
 */
static int
reorder(struct yote_record *rec, struct yote_node *moves, size_t k, int kind)
{
	struct yote_node *seq = yote_node_seq();
	size_t i, from;

	if (seq == NULL || (kind == 's' && (k + 1 >= moves->n ||
	    yote_node_is(moves->kids[k + 1], move_node(moves, k)->text)))) {
		yote_node_free(seq);
		return -1;
	}
	for (i = 0; i < moves->n + (kind == 'e') - (kind == 'm'); i++) {
		from = i;
		if (kind == 's' && (i == k || i == k + 1))
			from = i == k ? k + 1 : k;
		else if (kind == 'e' && i > k)
			from = i - 1;
		else if (kind == 'm' && i >= k)
			from = i + 1;
		if (yote_node_push(seq, yote_node_copy(moves->kids[from])) != 0)
			return -1;
	}
	seq->style = YOTE_STYLE_FLOW;
	return yote_node_set(rec->root, "moves", seq) != 0 ? -1 : 0;
}

/*
 * Two slips in the moves of a valid game g (plies > 3), a char or a legal
 * one each, kinds in turn: 1 when both could be made, with the truth
 * line but its game number and ruleset into line.
 */
static int
two_slips(const struct yote_game *g, struct yote_node *moves, size_t plies,
    uint64_t *rng, int *kind, char *line, size_t size)
{
	char orig[2][YOTE_MOVE_TEXT], slip[2][YOTE_MOVE_TEXT];
	size_t k[2], j;
	struct yote_node *mn;
	int kd[2];

	k[0] = splitmix_below(rng, plies - 2);
	k[1] = k[0] + 2 + splitmix_below(rng, plies - k[0] - 2);
	*kind = (*kind + 1) % 4;        /* char+char, char+legal, ... */
	kd[0] = *kind >> 1;
	kd[1] = *kind & 1;
	for (j = 0; j < 2; j++) {
		mn = move_node(moves, k[j]);
		snprintf(orig[j], sizeof(orig[j]), "%s", mn->text);
		if (!(kd[j] == 0 ? char_slip(orig[j], rng, slip[j],
		    sizeof(slip[j])) : legal_slip(g, k[j], orig[j], rng,
		    slip[j])))
			return 0;
	}
	for (j = 0; j < 2; j++)
		if (yote_node_set_text(move_node(moves, k[j]), slip[j],
		    strlen(slip[j])) != 0)
			return 0;
	snprintf(line, size, "%zu\t%s\t%s\t%zu\t%s\t%s\t%s+%s", k[0] + 1,
	    orig[0], slip[0], k[1] + 1, orig[1], slip[1], kd[0] ? "legal" :
	    "char", kd[1] ? "legal" : "char");
	return 1;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "ply", required_argument, NULL, 'p' },
		{ "long", required_argument, NULL, 'l' },
		{ "rules", required_argument, NULL, 'r' },
		{ "games", required_argument, NULL, 'g' },
		{ "two", no_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 }
	};
	struct yote_stream *s;
	struct yote_stream_game *sg;
	struct yote_checker *ck;
	struct yote_writer *w;
	struct yote_record *rec;
	struct yote_game *g;
	struct yote_game_info info;
	struct yote_node *moves, *mn;
	char orig[YOTE_MOVE_TEXT], slip[YOTE_MOVE_TEXT];
	char line[4 * YOTE_MOVE_TEXT + 64];
	uint64_t rng = 1;
	unsigned long n = 0, fixed = 0, longer = 0, games = 1;
	const char *rules = "classic";
	size_t k, plies;
	FILE *truth;
	static const char *const kinds[] = { "char", "legal", "swap", "extra",
		"missing" };
	int c, kind = -1, legal, rc, two = 0;
	size_t at;

	while ((c = getopt_long(argc, argv, "g:l:p:r:s:t", longopts,
	    NULL)) != -1)
		if (c == 't')
			two = 1;
		else if (c == 's')
			rng = strtoull(optarg, NULL, 10);
		else if (c == 'p')
			fixed = strtoul(optarg, NULL, 10);
		else if (c == 'l')
			longer = strtoul(optarg, NULL, 10);
		else if (c == 'g')
			games = strtoul(optarg, NULL, 10);
		else if (c == 'r')
			rules = optarg;
		else
			return 2;
	if (longer > 0) {
		if (yote_writer_open(stdout, &w) != 0 ||
		    yote_rules_by_name(rules) == NULL)
			return 3;
		for (n = 0; n < games; n++)
			if (long_game(yote_rules_by_name(rules), longer, &rng,
			    w) != 0)
				return 3;
		return yote_writer_close(w) != 0 ? 3 : 0;
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "usage: make-slips [--seed S] [--ply N] TRUTH "
		    "< games > slips\n");
		return 2;
	}
	if ((truth = fopen(argv[optind], "w")) == NULL) {
		perror(argv[optind]);
		return 3;
	}
	if ((s = yote_stream_new()) == NULL || yote_stream_add(s, "-") != 0 ||
	    (ck = yote_checker_new()) == NULL ||
	    yote_writer_open(stdout, &w) != 0)
		return 3;
	yote_stream_set_flags(s, YOTE_STREAM_PLAY);
	while (yote_stream_next(s, &sg) > 0) {
		if (sg->verdict != YOTE_VERDICT_VALID || sg->played == NULL ||
		    (plies = yote_game_plies(sg->played)) == 0)
			continue;
		yote_stream_take(s, &rec, &g);
		moves = yote_node_get(rec->root, "moves");
		if (two) {
			if (plies >= 4 && two_slips(g, moves, plies, &rng,
			    &kind, line, sizeof(line)) && yote_checker_play(ck,
			    rec, NULL, &info, NULL, NULL, NULL) != 0) {
				fprintf(truth, "%lu\t%s\t%s\n", ++n, line,
				    yote_game_rules(g)->name);
				if (yote_writer_put(w, rec) != 0)
					return 3;
			}
			goto next;
		}
		k = fixed > 0 ? (fixed < plies ? fixed : plies) - 1 :
		    splitmix_below(&rng, plies);
		mn = move_node(moves, k);
		snprintf(orig, sizeof(orig), "%s", mn->text);
		kind = (kind + 1) % 5;
		at = k + 1;
		if (kind == 0)
			rc = char_slip(orig, &rng, slip, sizeof(slip)) ?
			    yote_node_set_text(mn, slip, strlen(slip)) : -1;
		else if (kind == 1)
			rc = legal_slip(g, k, orig, &rng, slip) ?
			    yote_node_set_text(mn, slip, strlen(slip)) : -1;
		else {
			/* the texts first: the old list goes */
			snprintf(slip, sizeof(slip), "%s", kind == 2 &&
			    k + 1 < moves->n ? move_node(moves, k + 1)->text :
			    kind == 3 ? orig : "-");
			if (kind == 3) {
				strcpy(orig, "-");
				at = k + 2;
			}
			rc = reorder(rec, moves, k, "sem"[kind - 2]);
		}
		/* only a slip that breaks the record can be found */
		if (rc != 0 || yote_checker_play(ck, rec, NULL, &info, NULL,
		    NULL, NULL) == 0)
			goto next;
		legal = info.played >= at;
		fprintf(truth, "%lu\t%zu\t%s\t%s\t%s\t%d\t%s\n", ++n, at,
		    orig, slip, kinds[kind], legal, yote_game_rules(g)->name);
		if (yote_writer_put(w, rec) != 0)
			return 3;
next:
		yote_record_free(rec);
		yote_game_free(g);
	}
	fclose(truth);
	yote_checker_free(ck);
	yote_stream_free(s);
	return yote_writer_close(w) != 0 ? 3 : 0;
}
