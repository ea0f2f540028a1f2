/*
 * test-rules.c - run the rules-as-data cases of tests/rules (TAP).
 *
 * usage: test-rules FILE...
 *
 * Each data file is a list of blocks of "key: value" lines separated by
 * blank lines; the format is described in tests/rules/README.md.  Every
 * check (moves, count, has, illegal, status, play, after) is one TAP test;
 * the plan is printed at the end.  Links only libyote: the expected values
 * are in the data, worked out by hand from rules.md, never produced here.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yote.h"

#define MAX_WORDS 4096          /* moves on one moves:/has: line */

/* One logical line: a key, its value (continuation lines joined). */
struct line {
	char *key;              /* "moves", "position", ... */
	char *value;            /* the rest, trimmed; never NULL */
	unsigned long lineno;   /* where the key stands */
	char *comment;          /* the block's first comment, or NULL */
	int block_start;        /* 1 on the first key line of a block */
};

struct file {
	const char *path;       /* as given */
	char dir[1024];         /* its directory, for ruleset paths */
	struct line *v;         /* the logical lines */
	size_t n, cap;
};

/* State of the block being run. */
struct run {
	const struct yote_rules *rules; /* current ruleset, or NULL */
	int owned;              /* rules was loaded from a file */
	struct yote_pos pos;    /* current position */
	int have_pos;           /* pos is set */
};

static unsigned long tests, failures;

static void *
xmalloc(size_t n)
{
	void *p = malloc(n);

	if (p == NULL) {
		fprintf(stderr, "test-rules: out of memory\n");
		exit(3);
	}
	return p;
}

static char *
xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
	    e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* ------------------------------------------------------------ TAP */

static void
diag(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
}

static void
result(int ok, const struct file *f, const struct line *l)
{
	tests++;
	if (!ok)
		failures++;
	printf("%sok %lu - %s:%lu: %s", ok ? "" : "not ", tests, f->path,
	    l->lineno, l->key);
	if (l->comment != NULL)
		printf(" (%s)", l->comment);
	putchar('\n');
}

/* ------------------------------------------------------------ reading */

static void
add_line(struct file *f, char *key, char *value, unsigned long lineno,
    const char *comment, int block_start)
{
	struct line *l;

	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 64;
		if ((l = realloc(f->v, f->cap * sizeof(*l))) == NULL) {
			fprintf(stderr, "test-rules: out of memory\n");
			exit(3);
		}
		f->v = l;
	}
	l = &f->v[f->n++];
	l->key = xstrdup(key);
	l->value = xstrdup(value);
	l->lineno = lineno;
	l->comment = comment ? xstrdup(comment) : NULL;
	l->block_start = block_start;
}

/* Append continuation text to the last logical line. */
static void
continue_line(struct file *f, const char *more)
{
	struct line *l = &f->v[f->n - 1];
	size_t a = strlen(l->value), b = strlen(more);
	char *v = xmalloc(a + b + 2);

	memcpy(v, l->value, a);
	v[a] = ' ';
	memcpy(v + a + 1, more, b + 1);
	free(l->value);
	l->value = v;
}

static int
read_file(struct file *f)
{
	FILE *fp;
	char *buf = NULL, *s, *colon, *slash, comment[256] = "";
	size_t size = 0;
	unsigned long lineno = 0;
	int in_block = 0, last_key = 0;

	if ((fp = fopen(f->path, "r")) == NULL) {
		fprintf(stderr, "test-rules: %s: %s\n", f->path,
		    strerror(errno));
		return -1;
	}
	snprintf(f->dir, sizeof(f->dir), "%s", f->path);
	if ((slash = strrchr(f->dir, '/')) != NULL)
		slash[1] = '\0';
	else
		f->dir[0] = '\0';
	while (getline(&buf, &size, fp) != -1) {
		lineno++;
		if ((buf[0] == ' ' || buf[0] == '\t') && last_key &&
		    *(s = trim(buf)) != '\0' && *s != '#') {
			continue_line(f, s);
			continue;
		}
		s = trim(buf);
		if (*s == '\0') {
			in_block = 0;
			last_key = 0;
			comment[0] = '\0';
			continue;
		}
		if (*s == '#') {
			if (!in_block && comment[0] == '\0')
				snprintf(comment, sizeof(comment), "%s",
				    trim(s + 1));
			last_key = 0;
			continue;
		}
		if ((colon = strchr(s, ':')) == NULL) {
			fprintf(stderr, "test-rules: %s:%lu: expected "
			    "'key: value'\n", f->path, lineno);
			free(buf);
			fclose(fp);
			return -1;
		}
		*colon = '\0';
		add_line(f, trim(s), trim(colon + 1), lineno,
		    comment[0] ? comment : NULL, !in_block);
		in_block = 1;
		last_key = 1;
	}
	free(buf);
	fclose(fp);
	return 0;
}

/* ------------------------------------------------------------ moves */

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Split a value into words (in place); returns the count, or max + 1
 * when there are more than max. */
static size_t
split(char *s, char **w, size_t max)
{
	size_t n = 0;
	char *t;

	for (t = strtok(s, " \t"); t != NULL; t = strtok(NULL, " \t")) {
		if (n == max)
			return max + 1;
		w[n++] = t;
	}
	return n;
}

/* Text to move on this board; prints a diagnostic on failure. */
static int
text_move(const struct yote_rules *r, const char *text, struct yote_move *m,
    struct yote_error *e)
{
	struct yote_move_text mt;
	int rc;

	yote_error_clear(e);
	if ((rc = yote_move_parse(text, &mt, e)) != 0)
		return rc;
	return yote_move_from_text(r, &mt, m, e);
}

/* The generated moves as sorted canonical texts (caller frees). */
static char **
gen_texts(const struct run *st, size_t *n)
{
	struct yote_movelist l = { 0 };
	char **v, buf[YOTE_MOVE_TEXT];
	size_t i;

	if (yote_gen_moves(st->rules, &st->pos, &l) < 0) {
		fprintf(stderr, "test-rules: out of memory\n");
		exit(3);
	}
	v = xmalloc((l.n + 1) * sizeof(*v));
	for (i = 0; i < l.n; i++)
		v[i] = xstrdup(yote_move_format(st->rules, &l.v[i], buf));
	*n = l.n;
	yote_movelist_free(&l);
	qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

static void
free_texts(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static int
contains(char **v, size_t n, const char *s)
{
	return bsearch(&s, v, n, sizeof(*v), cmp_str) != NULL;
}

/*
 * What every generated list must satisfy whatever the position: no move
 * twice (move identity is the written text), the fast count agrees, and
 * each move reads back to itself and passes yote_move_check.
 */
static int
list_consistent(const struct run *st, char **v, size_t n)
{
	struct yote_move m;
	struct yote_error e;
	char buf[YOTE_MOVE_TEXT];
	unsigned long long c;
	size_t i;
	int ok = 1;

	for (i = 1; i < n; i++)
		if (strcmp(v[i - 1], v[i]) == 0) {
			diag("generated twice: %s", v[i]);
			ok = 0;
		}
	if ((c = yote_count_moves(st->rules, &st->pos)) != n) {
		diag("yote_count_moves %llu, yote_gen_moves %zu", c, n);
		ok = 0;
	}
	for (i = 0; i < n; i++) {
		if (text_move(st->rules, v[i], &m, &e) != 0) {
			diag("generated %s does not read back: %s", v[i],
			    e.msg);
			ok = 0;
			continue;
		}
		if (strcmp(yote_move_format(st->rules, &m, buf), v[i]) != 0) {
			diag("generated %s formats back as %s", v[i], buf);
			ok = 0;
		}
		if (yote_move_check(st->rules, &st->pos, &m, &e) != 0) {
			diag("generated %s rejected by yote_move_check: %s",
			    v[i], e.msg);
			ok = 0;
		}
	}
	return ok;
}

/* moves: the exact set; "@empty" stands for a placement on every empty
 * point of the position. */
static int
check_moves(const struct run *st, char *value)
{
	char **want, **got, name[8];
	size_t nw = 0, ng, i, j;
	int ok, sq;
	uint64_t occ = st->pos.pieces[0] | st->pos.pieces[1];
	char *words[MAX_WORDS];
	size_t nwords = split(value, words, MAX_WORDS);

	if (nwords > MAX_WORDS) {
		diag("data error: more than %d moves on one line", MAX_WORDS);
		return 0;
	}
	/* each word is one move, or @empty for at most every square */
	want = xmalloc((nwords * YOTE_MAX_SQUARES + 1) * sizeof(*want));
	for (i = 0; i < nwords; i++) {
		if (strcmp(words[i], "@empty") != 0) {
			want[nw++] = xstrdup(words[i]);
			continue;
		}
		for (sq = 0; sq < st->rules->squares; sq++)
			if (!(occ & ((uint64_t)1 << sq)))
				want[nw++] = xstrdup(yote_square_name(
				    st->rules, sq, name));
	}
	qsort(want, nw, sizeof(*want), cmp_str);
	got = gen_texts(st, &ng);
	ok = 1;
	for (i = 1; i < nw; i++)
		if (strcmp(want[i - 1], want[i]) == 0) {
			diag("data error: %s listed twice", want[i]);
			ok = 0;
		}
	for (i = j = 0; i < nw || j < ng;) {
		int c = i == nw ? 1 : j == ng ? -1 : strcmp(want[i], got[j]);

		if (c < 0) {
			diag("missing: %s", want[i]);
			ok = 0;
			i++;
		} else if (c > 0) {
			diag("unexpected: %s", got[j]);
			ok = 0;
			j++;
		} else {
			i++;
			j++;
		}
	}
	if (!ok)
		diag("expected %zu moves, generated %zu", nw, ng);
	if (!list_consistent(st, got, ng))
		ok = 0;
	free_texts(want, nw);
	free_texts(got, ng);
	return ok;
}

static int
check_count(const struct run *st, const char *value)
{
	char **got, *end;
	size_t ng;
	unsigned long want;
	int ok = 1;

	errno = 0;
	want = strtoul(value, &end, 10);
	if (*value == '\0' || *end != '\0' || errno != 0) {
		diag("data error: count '%s' is not a number", value);
		return 0;
	}
	got = gen_texts(st, &ng);
	if (ng != want) {
		diag("expected %lu moves, generated %zu", want, ng);
		ok = 0;
	}
	if (!list_consistent(st, got, ng))
		ok = 0;
	free_texts(got, ng);
	return ok;
}

static int
check_has(const struct run *st, char *value)
{
	char **got, *words[MAX_WORDS];
	size_t ng, nwords = split(value, words, MAX_WORDS), i;
	struct yote_move m;
	struct yote_error e;
	int ok = 1;

	if (nwords > MAX_WORDS) {
		diag("data error: more than %d moves on one line", MAX_WORDS);
		return 0;
	}
	got = gen_texts(st, &ng);
	for (i = 0; i < nwords; i++) {
		if (!contains(got, ng, words[i])) {
			diag("not generated: %s", words[i]);
			ok = 0;
		}
		if (text_move(st->rules, words[i], &m, &e) != 0 ||
		    yote_move_check(st->rules, &st->pos, &m, &e) != 0) {
			diag("%s rejected: %s", words[i], e.msg);
			ok = 0;
		}
	}
	free_texts(got, ng);
	return ok;
}

/* illegal: a well-formed move that is not legal here; why: the message. */
static int
check_illegal(const struct run *st, const char *text, const char *why)
{
	struct yote_move_text mt;
	struct yote_move m;
	struct yote_error e;
	char **got;
	size_t ng;
	int ok = 1, rc;

	yote_error_clear(&e);
	if (yote_move_parse(text, &mt, &e) != 0) {
		diag("data error: '%s' does not parse: %s", text, e.msg);
		return 0;
	}
	if ((rc = yote_move_from_text(st->rules, &mt, &m, &e)) == 0)
		rc = yote_move_check(st->rules, &st->pos, &m, &e);
	if (rc != YOTE_EILLEGAL) {
		diag("%s: expected YOTE_EILLEGAL, got %d", text, rc);
		ok = 0;
	} else if (e.code != YOTE_EILLEGAL) {
		diag("%s: err->code %d, expected YOTE_EILLEGAL", text, e.code);
		ok = 0;
	}
	if (why != NULL && strcmp(e.msg, why) != 0) {
		diag("message:  '%s'", e.msg);
		diag("expected: '%s'", why);
		ok = 0;
	}
	got = gen_texts(st, &ng);
	if (contains(got, ng, text)) {
		diag("%s is in the generated list", text);
		ok = 0;
	}
	free_texts(got, ng);
	return ok;
}

/* status: "*" or "RESULT TERMINATION"; a finished game has no moves, a
 * game that goes on has some. */
static int
check_status(const struct run *st, const char *value)
{
	struct yote_outcome o;
	char got[64];
	unsigned long long c;
	int ok = 1;

	yote_pos_outcome(st->rules, &st->pos, &o);
	if (o.term == YOTE_TERM_NONE)
		snprintf(got, sizeof(got), "*");
	else
		snprintf(got, sizeof(got), "%s %s", yote_result_text(o.result),
		    yote_termination_text(o.term));
	if (strcmp(got, value) != 0) {
		diag("status:   '%s'", got);
		diag("expected: '%s'", value);
		ok = 0;
	}
	c = yote_count_moves(st->rules, &st->pos);
	if (o.term != YOTE_TERM_NONE && c != 0) {
		diag("the game is over but %llu moves are counted", c);
		ok = 0;
	}
	if (o.term == YOTE_TERM_NONE && c == 0) {
		diag("the game goes on but no move is counted");
		ok = 0;
	}
	return ok;
}

static int
do_play(struct run *st, const char *text)
{
	struct yote_move m;
	struct yote_error e;

	if (text_move(st->rules, text, &m, &e) != 0 ||
	    yote_move_check(st->rules, &st->pos, &m, &e) != 0) {
		diag("%s rejected: %s", text, e.msg);
		return 0;
	}
	yote_pos_play(st->rules, &st->pos, &m);
	return 1;
}

static int
check_after(const struct run *st, const char *value)
{
	char buf[YOTE_POS_TEXT];

	if (strcmp(yote_pos_format(st->rules, &st->pos, buf), value) != 0) {
		diag("position: '%s'", buf);
		diag("expected: '%s'", value);
		return 0;
	}
	return 1;
}

/* ------------------------------------------------------------ setup */

static int
set_rules(struct run *st, const struct file *f, const char *spec)
{
	struct yote_error e;
	char path[2048];
	size_t n = strlen(spec);
	int is_file;

	if (st->owned)
		yote_rules_free(st->rules);
	st->rules = NULL;
	st->owned = 0;
	is_file = strchr(spec, '/') != NULL ||
	    (n > 5 && strcmp(spec + n - 5, ".yaml") == 0) ||
	    (n > 4 && strcmp(spec + n - 4, ".yml") == 0);
	if (is_file && spec[0] != '/')
		snprintf(path, sizeof(path), "%s%s", f->dir, spec);
	else
		snprintf(path, sizeof(path), "%s", spec);
	yote_error_clear(&e);
	if (yote_rules_get(path, &st->rules, &e) != 0) {
		diag("ruleset %s: %s:%lu:%lu: %s", path,
		    e.file ? e.file : "", e.line, e.col, e.msg);
		st->rules = NULL;
		return 0;
	}
	st->owned = !st->rules->builtin;
	return 1;
}

static int
set_position(struct run *st, const char *value)
{
	struct yote_error e;
	char buf[YOTE_POS_TEXT];

	st->have_pos = 0;
	if (strcmp(value, "start") == 0) {
		yote_pos_start(st->rules, &st->pos);
		st->have_pos = 1;
		return 1;
	}
	yote_error_clear(&e);
	if (yote_pos_parse(st->rules, value, &st->pos, &e) != 0) {
		diag("position '%s': %s", value, e.msg);
		return 0;
	}
	if (strcmp(yote_pos_format(st->rules, &st->pos, buf), value) != 0) {
		diag("data error: position '%s' is not canonical ('%s')",
		    value, buf);
		return 0;
	}
	st->have_pos = 1;
	return 1;
}

static void
run_file(struct file *f)
{
	struct run st = { NULL, 0, { { 0, 0 }, { 0, 0 }, 0, 0, 0, 0 }, 0 };
	struct line *l;
	const char *why;
	size_t i;
	int ok;

	for (i = 0; i < f->n; i++) {
		l = &f->v[i];
		if (l->block_start)
			st.have_pos = 0;
		if (strcmp(l->key, "rules") == 0) {
			if (!set_rules(&st, f, l->value))
				result(0, f, l);
			continue;
		}
		if (st.rules == NULL) {
			diag("%s:%lu: no ruleset given", f->path, l->lineno);
			result(0, f, l);
			continue;
		}
		if (strcmp(l->key, "position") == 0) {
			if (!set_position(&st, l->value))
				result(0, f, l);
			continue;
		}
		if (strcmp(l->key, "why") == 0)
			continue;       /* taken with its illegal: line */
		if (!st.have_pos) {
			diag("%s:%lu: no position in this block", f->path,
			    l->lineno);
			result(0, f, l);
			continue;
		}
		if (strcmp(l->key, "moves") == 0)
			ok = check_moves(&st, l->value);
		else if (strcmp(l->key, "count") == 0)
			ok = check_count(&st, l->value);
		else if (strcmp(l->key, "has") == 0)
			ok = check_has(&st, l->value);
		else if (strcmp(l->key, "illegal") == 0) {
			why = i + 1 < f->n && !f->v[i + 1].block_start &&
			    strcmp(f->v[i + 1].key, "why") == 0 ?
			    f->v[i + 1].value : NULL;
			ok = check_illegal(&st, l->value, why);
		} else if (strcmp(l->key, "status") == 0)
			ok = check_status(&st, l->value);
		else if (strcmp(l->key, "play") == 0)
			ok = do_play(&st, l->value);
		else if (strcmp(l->key, "after") == 0)
			ok = check_after(&st, l->value);
		else {
			diag("data error: unknown key '%s'", l->key);
			ok = 0;
		}
		result(ok, f, l);
	}
	if (st.owned)
		yote_rules_free(st.rules);
}

int
main(int argc, char *argv[])
{
	struct file f;
	size_t i;
	int a;

	if (argc < 2) {
		fprintf(stderr, "usage: test-rules FILE...\n");
		return 2;
	}
	for (a = 1; a < argc; a++) {
		memset(&f, 0, sizeof(f));
		f.path = argv[a];
		if (read_file(&f) == 0)
			run_file(&f);
		else {
			tests++;
			failures++;
			printf("not ok %lu - %s: the data file can be read\n",
			    tests, f.path);
		}
		for (i = 0; i < f.n; i++) {
			free(f.v[i].key);
			free(f.v[i].value);
			free(f.v[i].comment);
		}
		free(f.v);
	}
	printf("1..%lu\n", tests);
	return failures ? 1 : 0;
}
