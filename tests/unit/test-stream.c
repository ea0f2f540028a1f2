/*
 * test-stream.c - cmocka tests of the stream of games (src/stream/,
 * yote_stream.h) through libyote alone: the selection's forms taken and
 * refused, the games handed over from several inputs with their verdicts,
 * the counts and the exit status, unreadable games, a number past the
 * end, played games, taken records and key sets.  Run with
 * CMOCKA_MESSAGE_OUTPUT=TAP (tests/stream.t).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "yote.h"

/* Diagnostics said, one a line "game ply diag". */
struct said {
	char text[4096];
	size_t len;
	int n;
};

static void
note(void *ctx, const struct yote_error *e)
{
	struct said *s = ctx;
	int k;

	k = snprintf(s->text + s->len, sizeof(s->text) - s->len,
	    "%lu %lu %s\n", e->game, e->ply, yote_diag_name(e->diag));
	if (k > 0 && (size_t)k < sizeof(s->text) - s->len)
		s->len += (size_t)k;
	s->n++;
}

/* A file of text in a fresh temporary place; its path in path. */
static void
file_of(char *path, size_t size, const char *text)
{
	FILE *fp;
	int fd;

	snprintf(path, size, "/tmp/test-stream.XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	fp = fdopen(fd, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

/* Five games: 3 has an illegal move, 4 a result its position
 * contradicts, 5 an unknown key (a warning where warnings are asked). */
static const char five[] =
    "---\nyote: 1\nfirst: A\nsecond: B\nmoves: [c3, d4]\n"
    "---\nyote: 1\nfirst: A\nsecond: B\nresult: 1-0\n"
    "termination: resignation\nmoves: [c3]\n"
    "---\nyote: 1\nfirst: A\nsecond: B\nmoves: [c3, c3]\n"
    "---\nyote: 1\nfirst: A\nsecond: C\nresult: 1-0\nmoves: [c3, d4]\n"
    "---\nyote: 1\nfirst: B\nsecond: A\nfrist: B\nmoves: [a1, b1]\n";

/* The numbers and verdicts the stream hands over, as "1v 3i ...". */
static void
run(struct yote_stream *s, char *out, size_t size)
{
	struct yote_stream_game *g;
	size_t len = 0;
	int k;

	out[0] = '\0';
	while (yote_stream_next(s, &g) > 0) {
		k = snprintf(out + len, size - len, "%s%lu%c", len ? " " : "",
		    g->number, "vwi"[g->verdict]);
		assert_true(k > 0 && (size_t)k < size - len);
		len += (size_t)k;
	}
}

static void
test_games_forms(void **state)
{
	static const char *const good[] = { "1", "1-10", "20-", "1-10,15,20-",
		"3,1", "1-99999999999999999999", "7-7", NULL };
	static const char *const bad[] = { "0", "3-2", "x", "1,,2", "", "-3",
		"1-2-3", "2,", "99999999999999999999", "1 ", NULL };
	struct yote_stream *s = yote_stream_new();
	struct yote_error e;
	char many[512];
	size_t len;
	int i;

	(void)state;
	assert_non_null(s);
	for (i = 0; good[i] != NULL; i++) {
		yote_error_clear(&e);
		assert_int_equal(yote_select_games(yote_stream_select(s),
		    good[i], &e), 0);
	}
	for (i = 0; bad[i] != NULL; i++) {
		yote_error_clear(&e);
		assert_int_equal(yote_select_games(yote_stream_select(s),
		    bad[i], &e), YOTE_EVALUE);
		assert_non_null(strstr(e.msg, "game: expected"));
	}
	/* 65 ranges: refused, and nothing of them chosen */
	for (i = 0, len = 0; i < 65; i++)
		len += (size_t)snprintf(many + len, sizeof(many) - len, "%s%d",
		    i ? "," : "", 2 * i + 1);
	yote_error_clear(&e);
	assert_int_equal(yote_select_games(yote_stream_select(s), many, &e),
	    YOTE_EVALUE);
	assert_non_null(strstr(e.msg, "at most 64"));
	assert_false(yote_select_active(yote_stream_select(s)));
	yote_stream_free(s);
}

static void
test_keys_forms(void **state)
{
	/* msg: how the message begins, where that was once wrong (a
	 * ruleset file's problem in err->file alone, termination's names
	 * missing, a bad glob or an empty text taken to match) */
	static const struct {
		const char *key, *value;
		int rc;
		const char *msg;
	} t[] = {
		{ "player", "Diop", 0, NULL }, { "date", "2025..", 0, NULL },
		{ "date", "2026-13x", YOTE_EVALUE, NULL },
		{ "plies", "..45", 0, NULL }, { "plies", "a", YOTE_EVALUE, NULL },
		{ "result", "1-0", 0, NULL }, { "result", "2-0", YOTE_EVALUE, NULL },
		{ "termination", "capture-all", 0, NULL },
		{ "termination", "nosuch", YOTE_EVALUE, "termination: expected "
		    "capture-all, blocked, few-pieces, move-limit, agreement, "
		    "resignation, time, adjudication or unfinished, not "
		    "'nosuch'" },
		{ "reaches", "6/6/6/6/6 x 12 12", 0, NULL },
		{ "reaches", "6/6 x", YOTE_EVALUE, NULL },
		{ "pattern", "6/6/6/6/x4x o", 0, NULL },
		{ "player", "Awa*", 0, NULL }, { "round", "[!]1]*", 0, NULL },
		{ "player", "[", YOTE_EVALUE, "player: bad pattern '[': a '[' "
		    "without its ']'" },
		{ "event", "Dakar [2", YOTE_EVALUE, "event: bad pattern" },
		/* an escaped '[' is itself, no class to close (it was taken
		 * for one); a class left open at the end read past it */
		{ "player", "Sy \\[club\\]*", 0, NULL },
		{ "player", "a\\[*", 0, NULL },
		{ "player", "*[!", YOTE_EVALUE, "player: bad pattern" },
		{ "player", "x*\\", YOTE_EVALUE, "player: bad pattern 'x*\\': "
		    "a '\\' with nothing after it" },
		{ "ruleset", "cl[", YOTE_EVALUE, "ruleset: bad pattern 'cl['" },
		{ "player", "", YOTE_EVALUE, "player: an empty value" },
		{ "site", "", YOTE_EVALUE, "site: an empty value" },
		{ "ruleset", "/nonexistent/r.yaml", YOTE_EIO, "ruleset: "
		    "/nonexistent/r.yaml: No such file or directory" },
		{ "nosuch", "x", YOTE_EVALUE, NULL }, { NULL, NULL, 0, NULL }
	};
	struct yote_stream *s = yote_stream_new();
	struct yote_error e;
	int i;

	(void)state;
	for (i = 0; t[i].key != NULL; i++) {
		yote_error_clear(&e);
		assert_int_equal(yote_select_add(yote_stream_select(s),
		    t[i].key, t[i].value, &e), t[i].rc);
		if (t[i].rc != 0)       /* the message names its key */
			assert_true(strncmp(e.msg, t[i].key,
			    strlen(t[i].key)) == 0 || strstr(e.msg,
			    "unknown key") != NULL);
		if (t[i].msg != NULL && strncmp(e.msg, t[i].msg,
		    strlen(t[i].msg)) != 0)
			fail_msg("%s=%s: '%s', not '%s...'", t[i].key,
			    t[i].value, e.msg, t[i].msg);
		if (t[i].rc != 0)       /* all of it in the message */
			assert_null(e.file);
	}
	yote_stream_free(s);
}

static void
test_verdicts(void **state)
{
	struct yote_stream *s;
	struct said said = { { 0 }, 0, 0 };
	char path[64], got[256];
	const struct yote_stream_counts *n;

	(void)state;
	file_of(path, sizeof(path), five);
	s = yote_stream_new();
	yote_stream_set_diag(s, note, &said);
	yote_stream_set_warnings(s, YOTE_WARN_REPORT);
	assert_int_equal(yote_stream_add(s, path), 0);
	run(s, got, sizeof(got));
	assert_string_equal(got, "1v 2v 3i 4i 5w");
	n = yote_stream_counts(s);
	assert_int_equal(n->games, 5);
	assert_int_equal(n->valid, 2);
	assert_int_equal(n->warned, 1);
	assert_int_equal(n->invalid, 2);
	assert_int_equal(n->with_warnings, 1);
	assert_int_equal(yote_stream_status(s), 1);
	assert_string_equal(said.text, "3 2 illegal-move\n4 0 result-mismatch\n"
	    "5 0 unknown-key\n");
	yote_stream_free(s);
	unlink(path);
}

static void
test_selection_judges_only_chosen(void **state)
{
	struct yote_stream *s;
	struct said said = { { 0 }, 0, 0 };
	struct yote_error e;
	char path[64], got[256];

	(void)state;
	file_of(path, sizeof(path), five);
	/* games 1, 2 and 5 of the first input, the whole second: only
	 * games chosen are judged, and said */
	s = yote_stream_new();
	yote_stream_set_diag(s, note, &said);
	assert_int_equal(yote_select_games(yote_stream_select(s), "1-2,5,9",
	    &e), 0);
	yote_stream_add(s, path);
	yote_stream_add(s, path);
	run(s, got, sizeof(got));
	assert_string_equal(got, "1v 2v 5v 1v 2v 5v");
	/* game 9 is past the end of both inputs: said, status 1 */
	assert_string_equal(said.text, "0 0 no-such-game\n0 0 no-such-game\n");
	assert_int_equal(yote_stream_counts(s)->missing, 2);
	assert_int_equal(yote_stream_status(s), 1);
	yote_stream_free(s);

	/* by a key, then inverted */
	memset(&said, 0, sizeof(said));
	s = yote_stream_new();
	yote_stream_set_diag(s, note, &said);
	assert_int_equal(yote_select_add(yote_stream_select(s), "second", "C",
	    &e), 0);
	yote_stream_add(s, path);
	run(s, got, sizeof(got));
	assert_string_equal(got, "4i");
	yote_stream_free(s);
	s = yote_stream_new();
	yote_select_add(yote_stream_select(s), "second", "C", &e);
	yote_select_invert(yote_stream_select(s));
	yote_stream_add(s, path);
	run(s, got, sizeof(got));
	assert_string_equal(got, "1v 2v 3i 5v");
	assert_int_equal(yote_stream_status(s), 1);
	yote_stream_free(s);
	unlink(path);
}

static void
test_unreadable_and_missing_input(void **state)
{
	struct yote_stream *s;
	struct yote_stream_game *g;
	struct said said = { { 0 }, 0, 0 };
	char path[64];
	int k = 0;

	(void)state;
	/* an alias cannot be read into a record at all */
	file_of(path, sizeof(path), "---\nyote: 1\nx-a: &a 1\nx-b: *a\n"
	    "moves: []\n---\nyote: 1\nmoves: [c3]\n");
	s = yote_stream_new();
	yote_stream_set_diag(s, note, &said);
	yote_stream_add(s, "/nonexistent/games.yaml");
	yote_stream_add(s, path);
	while (yote_stream_next(s, &g) > 0) {
		if (k++ == 0) { /* unreadable: handed over without a record */
			assert_null(g->rec);
			assert_int_equal(g->number, 1);
			assert_int_equal(g->verdict, YOTE_VERDICT_INVALID);
		} else {
			assert_non_null(g->rec);
			assert_int_equal(g->verdict, YOTE_VERDICT_VALID);
			assert_int_equal(g->input, 1);
		}
	}
	assert_int_equal(k, 2);
	assert_int_equal(yote_stream_counts(s)->inputs_failed, 1);
	assert_int_equal(yote_stream_status(s), 3);      /* the missing file */
	assert_string_equal(said.text, "0 0 io\n1 0 bad-type\n");
	yote_stream_free(s);
	unlink(path);

	/* a syntax error in the last game: the input was read to its end,
	 * no input failed, and the status is 1 (inputs_failed was 1 with
	 * status 1: the counts and the status disagreed) */
	file_of(path, sizeof(path), "---\nyote: 1\nmoves: [c3]\n---\n"
	    "yote: 1\nmoves: [c3\n");
	s = yote_stream_new();
	yote_stream_add(s, path);
	while (yote_stream_next(s, &g) > 0)
		;
	assert_int_equal(yote_stream_counts(s)->invalid, 1);
	assert_int_equal(yote_stream_counts(s)->inputs_failed, 0);
	assert_int_equal(yote_stream_status(s), 1);
	yote_stream_free(s);
	unlink(path);
}

static void
test_play_take_and_keys(void **state)
{
	struct yote_stream *s;
	struct yote_stream_game *g;
	struct yote_record *rec = NULL;
	struct yote_game *played = NULL;
	struct yote_keyset *ks = yote_keyset_new();
	char path[64];
	uint64_t first = 0;
	int dup = 0;

	(void)state;
	file_of(path, sizeof(path), "---\nyote: 1\nmoves: [c3, d4]\n---\n"
	    "yote: 1\nevent: again\nmoves: [c3, d4]\n");
	s = yote_stream_new();
	yote_stream_set_flags(s, YOTE_STREAM_PLAY | YOTE_STREAM_KEYS);
	yote_stream_add(s, path);
	while (yote_stream_next(s, &g) > 0) {
		assert_non_null(g->played);
		assert_int_equal(yote_game_plies(g->played), 2);
		assert_true(g->keyed);
		if (yote_keyset_add(ks, &g->key, g->number, &first) == 0)
			dup = (int)first;
		if (g->number == 1)
			yote_stream_take(s, &rec, &played);
	}
	assert_int_equal(dup, 1);       /* game 2 repeats game 1 */
	assert_int_equal(yote_keyset_count(ks), 1);
	/* what was taken outlives the stream */
	yote_stream_free(s);
	assert_non_null(rec);
	assert_int_equal(rec->game, 1);
	assert_int_equal(yote_game_plies(played), 2);
	yote_record_free(rec);
	yote_game_free(played);
	yote_keyset_free(ks);
	unlink(path);
}

/* A ruleset file of its own name in dir; its path in path. */
static void
rules_file(char *path, size_t size, const char *dir, int i)
{
	FILE *fp;

	snprintf(path, size, "%s/r%d.yaml", dir, i);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "yote-rules: 1\nname: own%d\nboard: 6x5\npieces: 12\n"
	    "sides: [white, black]\nopening: first-move-placement\n"
	    "chain: yes\nbonus: mandatory-board\nself-jump: plain\n"
	    "blocked: loses-unless-both\nfew-pieces: 3\n"
	    "no-capture-limit: off\n", i);
	assert_int_equal(fclose(fp), 0);
}

/* Every game of path read with its moves played, the first one's game
 * taken, and the stream and the record freed: the game, its position
 * string in want (when want is not NULL). */
static struct yote_game *
take_first(const char *path, char *want)
{
	struct yote_stream *s = yote_stream_new();
	struct yote_stream_game *g;
	struct yote_record *rec = NULL;
	struct yote_game *played = NULL;

	yote_stream_set_flags(s, YOTE_STREAM_PLAY);
	yote_stream_add(s, path);
	while (yote_stream_next(s, &g) > 0) {
		assert_int_equal(g->verdict, YOTE_VERDICT_VALID);
		if (g->number == 1) {
			if (want != NULL)
				yote_pos_format(g->info.rules,
				    yote_game_now(g->played), want);
			yote_stream_take(s, &rec, &played);
		}
	}
	yote_stream_free(s);
	yote_record_free(rec);
	assert_non_null(played);
	return played;
}

/* A game kept past its stream and record still has its ruleset, own0,
 * and its position, want. */
static void
still_whole(struct yote_game *played, const char *want)
{
	const struct yote_rules *r = yote_game_rules(played);
	char pos[YOTE_POS_TEXT];

	assert_string_equal(r->name, "own0");
	assert_string_equal(yote_pos_format(r, yote_game_now(played), pos),
	    want);
	yote_game_free(played);
}

/* The first max games of the file path, as an archive (block games a
 * block) on out. */
static void
archive_games(const char *path, FILE *out, unsigned long block,
    unsigned long max)
{
	struct yote_archive_writer *w;
	struct yote_reader *rd;
	struct yote_record *rec;
	struct yote_error e;
	FILE *in = fopen(path, "rb");

	assert_non_null(in);
	assert_int_equal(yote_reader_open(in, path, &rd), 0);
	assert_int_equal(yote_archive_writer_open(out, 0, &w, &e), 0);
	yote_archive_writer_set_block(w, block);
	while (max-- > 0 && yote_reader_next(rd, &rec, &e) == 1) {
		assert_int_equal(yote_archive_put(w, rec, path, NULL, NULL,
		    &e), 0);
		yote_record_free(rec);
	}
	assert_int_equal(yote_archive_writer_close(w, NULL, &e), 0);
	yote_reader_close(rd);
	fclose(in);
}

/*
 * A game keeps its ruleset: one taken from the stream outlives the
 * checker's cache of ruleset files (16: the 17th file let the first go)
 * and the stream itself, and one made by hand outlives the caller's own
 * yote_rules_free.  It read freed memory (the sanitizer run and valgrind
 * say so; here the names and positions must still be right).
 */
static void
test_game_keeps_its_ruleset(void **state)
{
	struct yote_game *mine;
	struct yote_rules *loaded;
	struct yote_error e;
	char dir[] = "/tmp/test-stream.XXXXXX", path[96], games[96];
	char want[YOTE_POS_TEXT];
	FILE *fp;
	int i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(games, sizeof(games), "%s/games.yaml", dir);
	fp = fopen(games, "w");
	assert_non_null(fp);
	for (i = 0; i < 17; i++) {
		rules_file(path, sizeof(path), dir, i);
		fprintf(fp, "---\nyote: 1\nrules: r%d.yaml\nmoves: [c3, d4]\n",
		    i);
	}
	assert_int_equal(fclose(fp), 0);
	still_whole(take_first(games, want), want);

	/* an archive's game under the ruleset it stores: the ruleset went
	 * with the record (yote_record_free), the game still has it */
	{
		char yta[96];
		FILE *out;

		snprintf(yta, sizeof(yta), "%s/games.yta", dir);
		assert_non_null(out = fopen(yta, "wb"));
		archive_games(games, out, 1, 1);
		assert_int_equal(fclose(out), 0);
		/* the ruleset file is gone: only the archive's copy is left */
		snprintf(path, sizeof(path), "%s/r0.yaml", dir);
		unlink(path);
		still_whole(take_first(yta, NULL), want);
		unlink(yta);
	}

	/* by hand: the caller lets go first, the game still has it */
	yote_error_clear(&e);
	rules_file(path, sizeof(path), dir, 99);
	assert_int_equal(yote_rules_load_file(path, &loaded, &e), 0);
	mine = yote_game_new(loaded, NULL);
	assert_non_null(mine);
	yote_rules_free(loaded);
	assert_string_equal(yote_game_rules(mine)->name, "own99");
	assert_int_equal(yote_game_rules(mine)->width, 6);
	yote_game_free(mine);

	for (i = 0; i < 17; i++) {
		snprintf(path, sizeof(path), "%s/r%d.yaml", dir, i);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/r99.yaml", dir);
	unlink(path);
	unlink(games);
	rmdir(dir);
}

/* The first error a reader opened on data[0..len) under name gives
 * (reading on or skipping n games), or fails when there is none. */
static void
reader_error(const char *data, size_t len, const char *name, long skip,
    struct yote_error *e)
{
	struct yote_reader *rd;
	struct yote_record *rec;
	FILE *fp = fmemopen((void *)data, len, "rb");
	int rc;

	assert_non_null(fp);
	assert_int_equal(yote_reader_open(fp, name, &rd), 0);
	yote_error_clear(e);
	if (skip > 0)
		rc = (int)yote_reader_skip(rd, (unsigned long)skip, e);
	else
		while ((rc = yote_reader_next(rd, &rec, e)) == 1)
			yote_record_free(rec);
	if (rc >= 0)
		fail_msg("%s: no error", name);
	yote_reader_close(rd);
	fclose(fp);
}

/* An archive of samples/classic.yaml's games, two a block, in *data. */
static size_t
sample_archive(char **data)
{
	size_t len = 0;
	FILE *out = open_memstream(data, &len);

	assert_non_null(out);
	archive_games("samples/classic.yaml", out, 2, 100);
	assert_int_equal(fclose(out), 0);
	return len;
}

/* Every error of yote_reader_next and yote_reader_skip names the input
 * given to yote_reader_open (they came back with no file at all). */
static void
test_reader_errors_name_the_input(void **state)
{
	static const char yaml[] = "yote: 1\nmoves: [a1, b2\n";
	static const char lines[] = "@1\tyote=1\trules=classic\tmoves=\"a1\n";
	struct yote_error e;
	char *arc;
	size_t len = sample_archive(&arc);

	(void)state;
	reader_error(yaml, sizeof(yaml) - 1, "bad.yaml", 0, &e);
	assert_int_equal(e.diag, YOTE_D_YAML);
	assert_non_null(e.file);
	assert_string_equal(e.file, "bad.yaml");
	reader_error(lines, sizeof(lines) - 1, "bad.lines", 0, &e);
	assert_non_null(e.file);
	assert_string_equal(e.file, "bad.lines");
	/* cut short, then a byte of the second block flipped */
	reader_error(arc, len - len / 3, "cut.yta", 0, &e);
	assert_int_equal(e.diag, YOTE_D_DAMAGED);
	assert_non_null(e.file);
	assert_string_equal(e.file, "cut.yta");
	reader_error(arc, len - len / 3, "cut.yta", 8, &e);
	assert_non_null(e.file);
	assert_string_equal(e.file, "cut.yta");
	arc[len / 2] ^= 0x55;
	reader_error(arc, len, "flip.yta", 0, &e);
	assert_int_equal(e.diag, YOTE_D_DAMAGED);
	assert_non_null(e.file);
	assert_string_equal(e.file, "flip.yta");
	free(arc);
}

/* The functions that take what a caller hands in refuse a NULL object,
 * stream, path, key or value with YOTE_EVALUE: yote_select_add followed
 * a NULL key into strcmp, yote_reader_open a NULL stream into fread. */
static void
test_null_arguments_refused(void **state)
{
	struct yote_stream *s = yote_stream_new();
	struct yote_select *sel = yote_stream_select(s);
	struct yote_reader *rd = (struct yote_reader *)&rd;
	struct yote_writer *w = (struct yote_writer *)&w;
	struct yote_archive_writer *aw = (struct yote_archive_writer *)&aw;
	struct yote_rules *r = (struct yote_rules *)&r;
	struct yote_keyset *ks = yote_keyset_new();
	struct yote_arena *a = yote_arena_new(0);
	struct yote_node *n = yote_arena_scalar(a, "x", 1);
	struct yote_error e;

	(void)state;
	assert_non_null(s);
	assert_non_null(ks);
	assert_non_null(n);
	assert_int_equal(yote_select_add(sel, NULL, "x", &e), YOTE_EVALUE);
	assert_int_equal(yote_select_add(sel, "player", NULL, &e),
	    YOTE_EVALUE);
	assert_int_equal(yote_select_add(NULL, "player", "x", &e),
	    YOTE_EVALUE);
	assert_int_equal(yote_select_games(sel, NULL, &e), YOTE_EVALUE);
	assert_int_equal(yote_select_file(sel, NULL, &e), YOTE_EVALUE);
	assert_int_equal(yote_select_active(sel), 0);
	assert_int_equal(yote_reader_open(NULL, "x", &rd), YOTE_EVALUE);
	assert_null(rd);
	assert_int_equal(yote_writer_open(NULL, &w), YOTE_EVALUE);
	assert_null(w);
	assert_int_equal(yote_archive_writer_open(NULL, 0, &aw, &e),
	    YOTE_EVALUE);
	assert_null(aw);
	assert_int_equal(yote_rules_load_file(NULL, &r, &e), YOTE_EVALUE);
	assert_null(r);
	assert_int_equal(yote_stream_add(s, NULL), YOTE_EVALUE);
	assert_int_equal(yote_stream_add(NULL, "x"), YOTE_EVALUE);
	assert_int_equal(yote_stream_set_reaching(s, NULL, 1), YOTE_EVALUE);
	assert_int_equal(yote_keyset_add(ks, NULL, 0, NULL), YOTE_EVALUE);
	assert_int_equal(yote_node_set_text(NULL, "x", 1), YOTE_EVALUE);
	assert_int_equal(yote_arena_set_tag(a, n, NULL), YOTE_EVALUE);
	assert_int_equal(yote_arena_set_text(a, NULL, "x", 1), YOTE_EVALUE);
	assert_int_equal(yote_arena_set_kids(NULL, n, NULL, 0), YOTE_EVALUE);
	/* and the stream still reads what it was given */
	assert_int_equal(yote_stream_add(s, "samples/classic.yaml"), 0);
	{
		struct yote_stream_game *g;

		assert_int_equal(yote_stream_next(s, &g), 1);
	}
	yote_arena_free(a);
	yote_keyset_free(ks);
	yote_stream_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_games_forms),
		cmocka_unit_test(test_keys_forms),
		cmocka_unit_test(test_verdicts),
		cmocka_unit_test(test_selection_judges_only_chosen),
		cmocka_unit_test(test_unreadable_and_missing_input),
		cmocka_unit_test(test_play_take_and_keys),
		cmocka_unit_test(test_game_keeps_its_ruleset),
		cmocka_unit_test(test_reader_errors_name_the_input),
		cmocka_unit_test(test_null_arguments_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
