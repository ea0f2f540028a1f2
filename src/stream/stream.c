/*
 * stream.c - the stream of games every tool reads (yote_stream.h): its
 * inputs one after the other, the selection, the verdict on each game,
 * and the counts.
 *
 * A game goes through four steps: read (reader.c, any format), chosen by
 * number (on an archive its index passes over the games before the first
 * number asked for), chosen by its keys and positions (select.c), judged
 * (the checker, or yote_game_from_record when the tool wants the game
 * played).  Only a selected game is judged, so a game nobody asked for
 * is never said to be wrong.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "stream_int.h"
#include "yote_int.h"

struct yote_stream {
	struct yote_select *sel;
	struct yote_checker *ck;
	const struct yote_rules *rules;
	enum yote_warnings warnings;
	unsigned flags;                 /* YOTE_STREAM_* */
	yote_diag_fn diag;
	void *diag_ctx;
	yote_input_fn input_end;
	void *input_ctx;
	unsigned long before;   /* games of the inputs ended */
	/* a game's diagnostics while it is judged, said in line order */
	struct yote_error *held_diag;
	size_t nheld, capheld;
	int holding;
	struct yote_pattern *reach;     /* yote_stream_set_reaching */
	size_t nreach;

	char **paths;                   /* the inputs */
	size_t npaths, cap;
	size_t next;                    /* the input to open next */
	FILE *fp;                       /* the input being read, or NULL */
	struct yote_reader *rd;
	const char *name;               /* its name in diagnostics */
	unsigned long counted;          /* its games counted so far */
	unsigned long highest;          /* the highest game number seen (a
					   piece of a numbered lines file
					   starts at any number) */
	uint64_t hits;                  /* the ranges its games met */
	unsigned long lost_at, lost_to; /* an unreadable range of games:
					   the last handed over, the end */
	int failed;                     /* it could not be read to the end */
	int stop;                       /* read no more of it (out of
					   memory there: input_nomem) */
	long size;                      /* its size when a file, else -1 */
	char *whole;                    /* it, read whole, or NULL */
	size_t max;                     /* yote_stream_set_input_max */
	const char *what;
	int trust_index;                /* yote_stream_set_trust_index */
	struct yote_error held;         /* met passing over the games before
					   the first asked for: handed on by
					   yote_stream_next as if just read */
	int held_rc;                    /* its code, or 0 */

	struct yote_keyset *seen;       /* YOTE_STREAM_DEDUPE's keys */
	struct yote_stream_game cur;    /* what was handed over last */
	struct yote_stream_counts n;
	int status;                     /* the worst exit status so far */
};

const char *
yote_verdict_name(enum yote_verdict v)
{
	switch (v) {
	case YOTE_VERDICT_VALID:
		return "valid";
	case YOTE_VERDICT_WARNED:
		return "warnings";
	case YOTE_VERDICT_INVALID:
		return "invalid";
	default:
		return "?";
	}
}

struct yote_stream *
yote_stream_new(void)
{
	struct yote_stream *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	if ((s->sel = yote_select_new(NULL)) == NULL) {
		free(s);
		return NULL;
	}
	return s;
}

static void
drop_current(struct yote_stream *s)
{
	yote_record_free(s->cur.rec);
	yote_game_free(s->cur.played);
	s->cur.rec = NULL;
	s->cur.played = NULL;
}

static void
close_input(struct yote_stream *s)
{
	yote_reader_close(s->rd);
	if (s->fp != NULL && s->fp != stdin)
		fclose(s->fp);
	free(s->whole);
	s->whole = NULL;
	s->held_rc = 0;
	s->lost_at = 0;
	s->rd = NULL;
	s->fp = NULL;
}

void
yote_stream_free(struct yote_stream *s)
{
	size_t i;

	if (s == NULL)
		return;
	drop_current(s);
	close_input(s);
	for (i = 0; i < s->npaths; i++)
		free(s->paths[i]);
	free(s->paths);
	free(s->reach);
	yote_checker_free(s->ck);
	yote_select_free(s->sel);
	yote_keyset_free(s->seen);
	free(s->held_diag);
	free(s);
}

struct yote_select *
yote_stream_select(struct yote_stream *s)
{
	return s->sel;
}

void
yote_stream_set_rules(struct yote_stream *s, const struct yote_rules *r)
{
	s->rules = r;
	s->sel->rules = r;
	if (s->ck != NULL)
		yote_checker_set_rules(s->ck, r);
}

void
yote_stream_set_warnings(struct yote_stream *s, enum yote_warnings w)
{
	s->warnings = w;
	if (s->ck != NULL)
		yote_checker_set_warnings(s->ck, w);
}

void
yote_stream_set_diag(struct yote_stream *s, yote_diag_fn fn, void *ctx)
{
	s->diag = fn;
	s->diag_ctx = ctx;
}

int
yote_stream_set_reaching(struct yote_stream *s,
    const struct yote_pattern *pos, size_t n)
{
	struct yote_pattern *p = NULL;

	if (s == NULL || (pos == NULL && n > 0))
		return YOTE_EVALUE;
	if (n > 0) {
		if ((p = malloc(n * sizeof(*p))) == NULL)
			return YOTE_ENOMEM;
		memcpy(p, pos, n * sizeof(*p));
	}
	free(s->reach);
	s->reach = p;
	s->nreach = n;
	return 0;
}

void
yote_stream_set_input_max(struct yote_stream *s, size_t max,
    const char *what)
{
	s->max = max;
	s->what = what;
}

void
yote_stream_set_trust_index(struct yote_stream *s, int on)
{
	s->trust_index = on;
}

void
yote_stream_set_flags(struct yote_stream *s, unsigned flags)
{
	s->flags = flags;
	s->sel->want_key = (flags & (YOTE_STREAM_KEYS |
	    YOTE_STREAM_DEDUPE)) != 0;
}

int
yote_stream_add(struct yote_stream *s, const char *path)
{
	char **p;

	if (s == NULL || path == NULL)
		return YOTE_EVALUE;
	if (s->npaths == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 8;

		if ((p = realloc(s->paths, cap * sizeof(*p))) == NULL)
			return YOTE_ENOMEM;
		s->paths = p;
		s->cap = cap;
	}
	if ((s->paths[s->npaths] = strdup(path)) == NULL)
		return YOTE_ENOMEM;
	s->npaths++;
	return 0;
}

const struct yote_stream_counts *
yote_stream_counts(const struct yote_stream *s)
{
	return &s->n;
}

int
yote_stream_status(const struct yote_stream *s)
{
	return s->status;
}

double
yote_stream_progress(const struct yote_stream *s)
{
	long at;

	if (s->fp == NULL || s->size <= 0 || (at = ftell(s->fp)) < 0)
		return -1;
	return (double)at / (double)s->size;
}

void
yote_stream_set_input_end(struct yote_stream *s, yote_input_fn fn,
    void *ctx)
{
	s->input_end = fn;
	s->input_ctx = ctx;
}

void
yote_stream_take(struct yote_stream *s, struct yote_record **rec,
    struct yote_game **played)
{
	*rec = s->cur.rec;
	if (played != NULL)
		*played = s->cur.played;
	else
		yote_game_free(s->cur.played);
	s->cur.rec = NULL;
	s->cur.played = NULL;
}

/* ------------------------------------------------------------ problems */

static void
worse(struct yote_stream *s, int status)
{
	if (status > s->status)
		s->status = status;
}

/* The exit status an error code calls for (yote(7)). */
static int
status_of(int code)
{
	return code == YOTE_EIO || code == YOTE_ENOMEM ? 3 : 1;
}

static void
say(struct yote_stream *s, const struct yote_error *e)
{
	if (s->diag != NULL)
		s->diag(s->diag_ctx, e);
}

/*
 * Out of memory in the input being read (game: the game's number, or 0),
 * said with its name: the rest of it is not read (status 3, an input that
 * failed), and the stream goes on with the next input, as after a read
 * error.  Most often it is one game too big for the memory left (a
 * million values), freed with the input: the inputs after it were lost
 * too.  Reading on in the same input could meet the same game's tail.
 */
static void
input_nomem(struct yote_stream *s, unsigned long game)
{
	struct yote_error e;

	yote_error_clear(&e);
	yote_error_set(&e, YOTE_ENOMEM, "out of memory: the rest of this "
	    "input is not read");
	e.file = s->name;
	e.game = game;
	e.diag = YOTE_D_IO;
	say(s, &e);
	worse(s, 3);
	s->n.inputs_failed++;
	s->failed = 1;
	s->stop = 1;
}

/* ------------------------------------------------------------ inputs */

/*
 * Input path into s->fp: as a file, or read whole within s->max (the
 * stream then reads it from memory).  0 or an error code, with e set.
 */
static int
open_input(struct yote_stream *s, const char *path, struct yote_error *e)
{
	size_t len;
	int rc;

	if (s->max == 0)
		return yote_file_open(path, &s->fp, e);
	if ((rc = yote_file_read(path, s->max, 0, s->what, &s->whole, &len,
	    e)) != 0)
		return rc;
	/* an empty buffer is a stream without a byte: fmemopen needs one */
	if ((s->fp = fmemopen(s->whole, len > 0 ? len : 1, "rb")) == NULL)
		return yote_error_set(e, YOTE_ENOMEM, "out of memory");
	if (len == 0)
		(void)getc(s->fp);
	return 0;
}

/* Open the next input that opens: 1, or 0 when none is left. */
static int
open_next(struct yote_stream *s)
{
	struct yote_error e;
	struct stat sb;
	unsigned long first;
	long skipped;
	int rc;

	while (s->next < s->npaths) {
		const char *path = s->paths[s->next++];

		s->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
		s->counted = 0;
		s->highest = 0;
		s->hits = 0;
		s->failed = 0;
		s->stop = 0;
		yote_error_clear(&e);
		/* read whole already: its games would be none, in silence */
		if (strcmp(path, "-") == 0 && s->sel->stdin_read)
			rc = yote_error_set(&e, YOTE_EIO, "read already as "
			    "the criteria file: no games can follow there");
		else
			rc = open_input(s, path, &e);
		if (rc != 0) {
			e.diag = rc == YOTE_ELIMIT ? YOTE_D_LIMIT : YOTE_D_IO;
			e.file = s->name;
			say(s, &e);
			s->n.inputs_failed++;
			worse(s, status_of(rc));
			close_input(s);
			continue;
		}
		s->size = -1;
		if (s->whole == NULL && fstat(fileno(s->fp), &sb) == 0 &&
		    S_ISREG(sb.st_mode))
			s->size = (long)sb.st_size;
		if (yote_reader_open(s->fp, s->name, &s->rd) != 0) {
			close_input(s);
			input_nomem(s, 0);
			continue;
		}
		/* a position set can only be believed, not checked */
		if (s->trust_index && yote_select_reaching(s->sel, s->rd,
		    s->reach, s->nreach) != 0) {
			input_nomem(s, 0);
			return 1;       /* ended by yote_stream_next */
		}
		/* an archive's index passes over the games not asked for */
		first = yote_select_first(s->sel);
		if (first > 1 &&
		    yote_reader_format(s->rd) == YOTE_FORMAT_ARCHIVE) {
			skipped = yote_reader_skip(s->rd, first - 1, &e);
			/* a damaged block that holds games asked for, or
			 * an input that ends early: said and counted as a
			 * game read would be */
			if (skipped < 0) {
				s->held = e;
				s->held_rc = (int)skipped;
			} else
				s->counted = (unsigned long)skipped;
		}
		return 1;
	}
	return 0;
}

/* At the end of an input: a selected number past its end is said. */
static void
end_input(struct yote_stream *s)
{
	struct yote_error e;
	unsigned long games = yote_reader_games(s->rd), missing;
	int skipped = 0;

	if (s->highest > games)
		games = s->highest;
	if (s->counted > games)         /* said lost, as unreadable */
		games = s->counted;
	missing = yote_select_missing(s->sel, games);
	/* numbers a numbered lines file skips (a piece of a collection
	 * that left games out) */
	if (missing == 0 && yote_reader_format(s->rd) == YOTE_FORMAT_LINES &&
	    (missing = yote_select_unmet(s->sel, s->hits, games)) != 0)
		skipped = 1;
	if (!s->failed && missing != 0) {
		yote_error_clear(&e);
		if (skipped)
			yote_error_set(&e, YOTE_EVALUE, "no game %lu (the "
			    "numbers of its lines pass over it)", missing);
		else if (yote_reader_format(s->rd) == YOTE_FORMAT_LINES)
			/* its numbers, not its lines: a piece of a
			 * collection may hold games 5 to 9 */
			yote_error_set(&e, YOTE_EVALUE, "no game %lu (its "
			    "lines are numbered up to %lu)", missing, games);
		else
			yote_error_set(&e, YOTE_EVALUE, "no game %lu (%lu "
			    "game%s)", missing, games, games == 1 ? "" : "s");
		e.diag = YOTE_D_NO_SUCH_GAME;
		e.file = s->name;
		say(s, &e);
		s->n.missing++;
		worse(s, 1);
	}
	if (s->input_end != NULL)
		s->input_end(s->input_ctx, s->name, s->rd);
	s->before += games;
	close_input(s);
}

/* ------------------------------------------------------------ games */

static void say_held(struct yote_stream *);

/* Diagnostics of a game held at most, to be sorted: a game of 100,000
 * warnings would hold 56 MB; past these, those held are said and the rest
 * as they come. */
#define HELD_MAX 256

/* The checker's diagnostics to the tool's callback: held while a game is
 * judged (said at once when no memory is left to hold them). */
static void
diag_relay(void *ctx, const struct yote_error *e)
{
	struct yote_stream *s = ctx;
	struct yote_error *h;
	size_t cap;

	if (s->holding && s->nheld == HELD_MAX) {
		say_held(s);
		s->holding = 0;
	}
	if (s->holding && s->nheld == s->capheld) {
		cap = s->capheld ? 2 * s->capheld : 8;
		if ((h = realloc(s->held_diag, cap * sizeof(*h))) != NULL) {
			s->held_diag = h;
			s->capheld = cap;
		}
	}
	if (s->holding && s->nheld < s->capheld)
		s->held_diag[s->nheld++] = *e;
	else
		say(s, e);
}

/*
 * Say a game's diagnostics in the order of the places they name, as a
 * compiler does: the checker finds a repeated key before it plays the
 * moves above it.  A stable sort of a few: those of one place keep the
 * checker's order.
 */
static void
say_held(struct yote_stream *s)
{
	struct yote_error t;
	size_t i, j;

	for (i = 1; i < s->nheld; i++) {
		t = s->held_diag[i];
		for (j = i; j > 0 && (s->held_diag[j - 1].line > t.line ||
		    (s->held_diag[j - 1].line == t.line &&
		    s->held_diag[j - 1].col > t.col)); j--)
			s->held_diag[j] = s->held_diag[j - 1];
		s->held_diag[j] = t;
	}
	for (i = 0; i < s->nheld; i++)
		say(s, &s->held_diag[i]);
	s->nheld = 0;
}

static struct yote_checker *
checker(struct yote_stream *s)
{
	if (s->ck == NULL && (s->ck = yote_checker_new()) != NULL) {
		if (s->rules != NULL)
			yote_checker_set_rules(s->ck, s->rules);
		yote_checker_set_warnings(s->ck, s->warnings);
	}
	return s->ck;
}

/* Judge the current game: 0 or YOTE_ENOMEM. */
static int
judge(struct yote_stream *s)
{
	struct yote_stream_game *g = &s->cur;
	struct yote_checker *ck;
	long problems;

	if ((ck = checker(s)) == NULL)
		return YOTE_ENOMEM;
	s->holding = 1;
	if (s->flags & YOTE_STREAM_PLAY)
		problems = yote_game_from_record(ck, g->rec, s->name,
		    &g->info, diag_relay, s, &g->played);
	else
		problems = yote_checker_play(ck, g->rec, s->name, &g->info,
		    diag_relay, NULL, s);
	s->holding = 0;
	say_held(s);
	if (problems == YOTE_ENOMEM)
		return YOTE_ENOMEM;
	g->verdict = problems > 0 ? YOTE_VERDICT_INVALID :
	    g->info.warnings > 0 ? YOTE_VERDICT_WARNED : YOTE_VERDICT_VALID;
	s->n.games++;
	s->n.plies += g->info.played;
	s->n.warnings += g->info.warnings;
	s->n.with_warnings += g->info.warnings > 0;
	if (g->verdict == YOTE_VERDICT_INVALID) {
		s->n.invalid++;
		worse(s, 1);
	} else if (g->verdict == YOTE_VERDICT_WARNED)
		s->n.warned++;
	else
		s->n.valid++;
	return 0;
}

/* The last game an error that starts at e->game stands for: a damaged
 * archive block holds several. */
static unsigned long
lost_end(const struct yote_stream *s, const struct yote_error *e)
{
	unsigned long end = yote_reader_games(s->rd);

	return end > e->game ? end : e->game;
}

/* Hand over game number, which could not be read, without a record. */
static void
lost_game(struct yote_stream *s, unsigned long number)
{
	memset(&s->cur, 0, sizeof(s->cur));
	s->cur.number = number;
	s->cur.whole = s->before + number;
	s->cur.verdict = YOTE_VERDICT_INVALID;
	s->cur.match = -1;
	s->lost_at = number;
}

/* The next game asked for of an unreadable range, handed over: 1, or 0
 * when none is left. */
static int
lost_next(struct yote_stream *s)
{
	unsigned long next;

	if (s->lost_at == 0 || s->lost_at >= s->lost_to ||
	    yote_select_count(s->sel, s->lost_at + 1, s->lost_to, &next) ==
	    0) {
		s->lost_at = 0;
		return 0;
	}
	lost_game(s, next);
	return 1;
}

/*
 * A game that could not be read (e.game, or a damaged archive block
 * holding several): the games of it asked for (by number) are counted
 * invalid and handed over one by one without a record (lost_next), so
 * that a list shows each.  1 when there is one to hand over.
 */
static int
unreadable(struct yote_stream *s, const struct yote_error *e)
{
	unsigned long lost, n, first, from;

	/* the part of the range not counted yet.  An archive's reader
	 * counts the games it lost (a damaged block's, those its member's
	 * end finds missing): damage that loses none (an index block, a
	 * member header it goes on after) counts none, where e->game only
	 * says where it is */
	lost = yote_reader_format(s->rd) == YOTE_FORMAT_ARCHIVE ?
	    yote_reader_games(s->rd) : lost_end(s, e);
	if (lost <= s->counted)
		return 0;
	/* from e->game: a numbered lines file may skip numbers */
	from = e->game > s->counted ? e->game : s->counted + 1;
	n = yote_select_count(s->sel, from, lost, &first);
	s->counted = lost;
	s->hits |= yote_select_hits(s->sel, from, lost);
	if (n == 0)
		return 0;
	s->n.games += n;
	s->n.invalid += n;
	s->lost_to = lost;
	lost_game(s, first);
	return 1;
}

/* The record read, when selected: 1 handed over, 0 not selected, or
 * YOTE_ENOMEM. */
static int
take(struct yote_stream *s, struct yote_record *rec)
{
	struct yote_stream_game *g = &s->cur;
	struct select_game sg;
	unsigned long plies = yote_reader_plies(s->rd);
	int rc;

	s->counted = rec->game;
	s->hits |= yote_select_hits(s->sel, rec->game, rec->game);
	if (rec->game > s->highest)
		s->highest = rec->game;
	if (yote_select_game(s->sel, rec, s->name, plies, &sg) != 0) {
		yote_record_free(rec);
		return YOTE_ENOMEM;
	}
	if (!sg.pass) {
		yote_record_free(rec);
		return 0;
	}
	/* a repeat is left out as a game not chosen is: unjudged */
	if ((s->flags & YOTE_STREAM_DEDUPE) && sg.keyed) {
		if (s->seen == NULL && (s->seen = yote_keyset_new()) == NULL)
			rc = YOTE_ENOMEM;
		else
			rc = yote_keyset_add(s->seen, &sg.key, 0, NULL);
		if (rc != 1) {
			yote_record_free(rec);
			if (rc == 0)
				s->n.repeats++;
			return rc == 0 ? 0 : YOTE_ENOMEM;
		}
	}
	memset(g, 0, sizeof(*g));
	g->rec = rec;
	g->number = rec->game;
	g->whole = s->before + rec->game;
	g->plies = plies;
	g->match = sg.ply;
	g->key = sg.key;
	g->keyed = sg.keyed;
	return judge(s) != 0 ? YOTE_ENOMEM : 1;
}

size_t
yote_stream_distinct(const struct yote_stream *s, size_t *bytes)
{
	*bytes = s->seen != NULL ? yote_keyset_bytes(s->seen) : 0;
	return s->seen != NULL ? yote_keyset_count(s->seen) : 0;
}

int
yote_stream_next(struct yote_stream *s, struct yote_stream_game **out)
{
	struct yote_record *rec;
	struct yote_error e;
	int rc, cut;

	drop_current(s);
	if (lost_next(s)) {
		*out = &s->cur;         /* of the input of the one before */
		s->cur.file = s->name;
		s->cur.input = (unsigned long)(s->next - 1);
		return 1;
	}
	for (;;) {
		if (s->rd == NULL && (rc = open_next(s)) <= 0)
			return rc;
		if (s->stop) {
			end_input(s);
			continue;
		}
		if (s->held_rc != 0) {
			e = s->held;
			rc = s->held_rc;
			s->held_rc = 0;
		} else {
			yote_error_reset(&e);
			rc = yote_reader_next(s->rd, &rec, &e);
		}
		if (rc == 0) {
			end_input(s);
			continue;
		}
		if (rc < 0) {
			e.file = s->name;
			/* the reader gave up, the rest of the input not read:
			 * an input not read whole, as after a read error
			 * (yote(7)), whatever the game, asked for or not */
			cut = yote_reader_stopped(s->rd);
			if (rc == YOTE_EVALUE && !cut && e.game > 0 &&
			    yote_select_count(s->sel, e.game, lost_end(s, &e),
			    NULL) == 0) {
				/* games not asked for; a numbered line's
				 * number is still the input's */
				if (e.game > s->highest)
					s->highest = e.game;
				continue;
			}
			if (rc == YOTE_ENOMEM) {
				input_nomem(s, lost_end(s, &e));
				if (!unreadable(s, &e))
					continue;
				goto lost;
			}
			say(s, &e);
			worse(s, cut ? 3 : status_of(rc));
			/* not read to its end; a syntax error or damage
			 * the reader went on past (or that ended the input)
			 * is the game's, not the input's */
			if (status_of(rc) == 3 || cut)
				s->n.inputs_failed++;
			if (rc == YOTE_EIO || cut)
				s->failed = 1;  /* nothing more to say of it */
			if (!unreadable(s, &e))
				continue;
		} else if ((rc = take(s, rec)) == 0) {
			/* a lines file may be shuffled, sorted or joined: its
			 * numbers need not grow, and it is read to its end */
			if (yote_reader_format(s->rd) != YOTE_FORMAT_LINES &&
			    !(s->flags & YOTE_STREAM_WHOLE) &&
			    yote_select_past(s->sel, s->counted + 1))
				end_input(s);
			continue;
		} else if (rc < 0) {
			/* (a game judged in part is the current one) */
			drop_current(s);
			input_nomem(s, s->counted);
			continue;
		}
lost:
		s->cur.file = s->name;
		s->cur.input = (unsigned long)(s->next - 1);
		*out = &s->cur;
		return 1;
	}
}
