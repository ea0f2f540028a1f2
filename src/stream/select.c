/*
 * select.c - choosing games by their numbers, their keys and the positions
 * they pass through (yote_stream.h), and keying them for duplicates.
 *
 * Header criteria are tested first, from the record's keys alone; a game
 * is played through (with a yote_checker, as every tool plays records)
 * only when a position is asked about or its key is wanted, and playing
 * stops at the first matching position when the key is not wanted.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>

#include "stream_int.h"
#include "yote_int.h"

/* One criterion: an alternative of its key. */
struct select_crit {
	struct select_crit *next;
	char *text;             /* the value given (a glob for text keys) */
	char *lo, *hi;          /* date range bounds, NULL when open */
	unsigned long nlo, nhi; /* plies range */
	struct yote_pattern pat;        /* --reaches, --pattern */
	const struct yote_rules *rules; /* --ruleset naming one (owned, if
					   a file), NULL: a pattern */
};

const char *const yote_select_keys[SEL_NKEYS + 1] = {
	"player", "first", "second", "event", "site", "round", "date",
	"result", "termination", "ruleset", "plies", "reaches", "pattern",
	NULL
};
#define key_name yote_select_keys

struct yote_select *
yote_select_new(const struct yote_rules *rules)
{
	struct yote_select *s = calloc(1, sizeof(*s));

	if (s != NULL)
		s->rules = rules;
	return s;
}

void
yote_select_free(struct yote_select *s)
{
	struct select_crit *c, *next;
	int k;

	if (s == NULL)
		return;
	for (k = 0; k < SEL_NKEYS; k++)
		for (c = s->crit[k]; c != NULL; c = next) {
			next = c->next;
			yote_rules_free(c->rules);
			free(c->text);
			free(c);
		}
	yote_checker_free(s->ck);
	free(s);
}

void
yote_select_invert(struct yote_select *s)
{
	s->invert = 1;
}

/* 1 when some criterion other than game numbers was given. */
static int
keys_active(const struct yote_select *s)
{
	int k;

	for (k = 0; k < SEL_NKEYS; k++)
		if (s->crit[k] != NULL)
			return 1;
	return s->invert;
}

int
yote_select_check(const struct yote_select *s, struct yote_error *err)
{
	int k;

	for (k = 0; k < SEL_NKEYS; k++)
		if (s->crit[k] != NULL)
			return 0;
	if (s->invert)
		return yote_error_set(err, YOTE_EVALUE, "invert: no criterion "
		    "to turn round (player, result, a criteria file...; game "
		    "numbers are not turned round)");
	return 0;
}

int
yote_select_active(const struct yote_select *s)
{
	return s->nrange > 0 || keys_active(s);
}

int
yote_select_reaching(const struct yote_select *s, struct yote_reader *rd,
    const struct yote_pattern *extra, size_t nextra)
{
	const struct select_crit *c;
	struct yote_pattern *pos;
	size_t n = 0;
	int rc, own;

	/* a pattern cannot use the index, nor can --invert */
	own = s->crit[SEL_REACHES] != NULL && s->crit[SEL_PATTERN] == NULL &&
	    !s->invert;
	if (nextra > 0) {       /* every game must reach one of them */
		rc = yote_reader_reaching(rd, extra, nextra);
		if (rc == YOTE_ENOMEM || !own)
			return rc == YOTE_ENOMEM ? rc : 0;
	}
	if (!own)
		return 0;
	for (c = s->crit[SEL_REACHES]; c != NULL; c = c->next)
		n++;
	if ((pos = malloc(n * sizeof(*pos))) == NULL)
		return YOTE_ENOMEM;
	n = 0;
	for (c = s->crit[SEL_REACHES]; c != NULL; c = c->next)
		pos[n++] = c->pat;
	rc = yote_reader_reaching(rd, pos, n);
	free(pos);
	return rc == YOTE_ENOMEM ? rc : 0;
}

/* A date bound, as a record writes a date: a year YYYY, a month YYYY-MM
 * or a day YYYY-MM-DD that the calendar has.  '2026-3', '2026-13' or
 * '2025-02-30' would be compared as text and match nothing, in silence. */
static int
date_ok(const char *d)
{
	return yote_date_check(d) == 0;
}

static int
count_ok(const char *t, unsigned long *out)
{
	char *end;

	if (!isdigit((unsigned char)*t))
		return 0;
	errno = 0;
	*out = strtoul(t, &end, 10);
	return errno == 0 && *end == '\0';
}

/* "A..B", "A..", "..B" or "A" (lo = hi = A) in c->text, split in place. */
static int
parse_range(struct select_crit *c)
{
	char *dots = strstr(c->text, "..");

	if (dots == NULL) {
		c->lo = c->hi = c->text;
		return 0;
	}
	*dots = '\0';
	c->lo = c->text[0] != '\0' ? c->text : NULL;
	c->hi = dots[2] != '\0' ? dots + 2 : NULL;
	return c->lo == NULL && c->hi == NULL ? -1 : 0;
}

/*
 * The ']' that closes the bracket expression opened at p ('['), or NULL
 * with *why set (and the class in *cls, *clslen when it is one).  A ']' first (past a '!' or '^') is one of the set; a
 * "[:name:]" inside it is a class, whose name must be one POSIX knows:
 * fnmatch takes "[[:alfa:]]" for a class matching nothing, in silence.
 */
static const char *
bracket_end(const char *p, const char **why, const char **cls, int *clslen)
{
	static const char *const classes[] = { "alnum", "alpha", "blank",
	    "cntrl", "digit", "graph", "lower", "print", "punct", "space",
	    "upper", "xdigit" };
	const char *end;
	size_t i, len;

	p += p[1] == '!' || p[1] == '^';
	p += p[1] == ']';
	for (p++; *p != '\0' && *p != ']'; p++) {
		if (p[0] != '[' || p[1] != ':' ||
		    (end = strstr(p + 2, ":]")) == NULL)
			continue;
		len = (size_t)(end - (p + 2));
		for (i = 0; i < sizeof(classes) / sizeof(*classes); i++)
			if (strlen(classes[i]) == len &&
			    memcmp(classes[i], p + 2, len) == 0)
				break;
		if (i == sizeof(classes) / sizeof(*classes)) {
			*why = "class";
			*cls = p;
			*clslen = (int)(len + 4);
			return NULL;
		}
		p = end + 1;
	}
	if (*p == '\0')
		*why = "a '[' without its ']'";
	return *p == ']' ? p : NULL;
}

/*
 * A text criterion's value (and a --ruleset pattern): never empty, which
 * chose every game; a glob (*, ? or [) fnmatch can follow, where a '['
 * without its ']' or an unknown class matched nothing, in silence.  0,
 * or YOTE_EVALUE.
 */
static int
glob_check(int k, const char *arg, struct yote_error *err)
{
	const char *p = arg, *why = NULL, *cls = NULL;
	int clslen = 0;

	if (*arg == '\0')
		return yote_error_set(err, YOTE_EVALUE, "%s: an empty value "
		    "(it would choose every game)", key_name[k]);
	if (strpbrk(arg, "*?[") == NULL)
		return 0;       /* text the value contains */
	/* p stays within arg: at a '\\' its next character, at a '[' its
	 * ']', then one on */
	while (why == NULL && *p != '\0') {
		if (*p == '\\') {
			if (*++p == '\0')      /* else the character itself */
				why = "a '\\' with nothing after it";
		} else if (*p == '[')
			p = bracket_end(p, &why, &cls, &clslen);
		if (why == NULL)
			p++;
	}
	if (why == NULL && fnmatch(arg, "", 0) != 0 &&
	    fnmatch(arg, "", 0) != FNM_NOMATCH)
		why = "not a shell pattern";
	if (cls != NULL)
		return yote_error_set(err, YOTE_EVALUE, "%s: bad pattern "
		    "'%s': no class '%.*s' (the classes: alnum, alpha, blank, "
		    "cntrl, digit, graph, lower, print, punct, space, upper, "
		    "xdigit)", key_name[k], arg, clslen, cls);
	if (why != NULL)
		return yote_error_set(err, YOTE_EVALUE, "%s: bad pattern "
		    "'%s': %s", key_name[k], arg, why);
	return 0;
}

/*
 * --ruleset: a pattern (*, ? or [) is one of the rules: text as written;
 * anything else names a ruleset as -r does, read now: a built-in name, or
 * a file, whose relative path is from the criteria file's folder when a
 * criteria file gives it (as a record's rules: is from the record's).  A
 * file's problem is in the message as every criterion's is, "ruleset: "
 * first, then the file (and line and column): it was left in err->file
 * alone, and said as a bare "No such file or directory".
 */
static int
ruleset_parse(const struct yote_select *s, struct select_crit *c,
    const char *arg, struct yote_error *err)
{
	char *path = NULL, msg[sizeof(err->msg)];
	const char *slash;
	size_t dir;
	int rc;

	if (strpbrk(arg, "*?[") != NULL)
		return glob_check(SEL_RULESET, arg, err);
	if (yote_rules_spec_is_file(arg) && arg[0] != '/' &&
	    s->crit_file != NULL && (slash = strrchr(s->crit_file, '/'))) {
		dir = (size_t)(slash - s->crit_file) + 1;
		if ((path = malloc(dir + strlen(arg) + 1)) == NULL)
			return yote_error_set(err, YOTE_ENOMEM, "out of memory");
		memcpy(path, s->crit_file, dir);
		strcpy(path + dir, arg);
	}
	if (err != NULL)        /* (a criteria file's line) */
		err->line = err->col = 0;
	rc = yote_rules_get(path != NULL ? path : arg, &c->rules, err);
	if (rc != 0 && err != NULL) {
		memcpy(msg, err->msg, sizeof(msg));
		if (err->file != NULL && err->line > 0)
			yote_error_set(err, rc, "ruleset: %s:%lu:%lu: %s",
			    err->file, err->line, err->col, msg);
		else
			yote_error_set(err, rc, "ruleset: %s%s%s", err->file !=
			    NULL ? err->file : "", err->file != NULL ? ": " :
			    "", msg);
		err->file = NULL;
		err->line = err->col = 0;
	}
	/* a file that is no ruleset is rejected input, as under -r, not a
	 * misused option: an unknown name stays YOTE_EVALUE */
	if (rc == YOTE_EVALUE && yote_rules_spec_is_file(arg))
		rc = YOTE_ESYNTAX;
	free(path);
	return rc;
}

/* A termination that is none: the names there are, as result's. */
static int
termination_refused(const char *arg, struct yote_error *err)
{
	char names[256];
	size_t n = 0;
	int t;

	names[0] = '\0';
	for (t = YOTE_TERM_CAPTURE_ALL; t <= YOTE_TERM_UNFINISHED &&
	    n < sizeof(names); t++)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "%s%s",
		    t == YOTE_TERM_CAPTURE_ALL ? "" : t ==
		    YOTE_TERM_UNFINISHED ? " or " : ", ",
		    yote_termination_text((enum yote_termination)t));
	return yote_error_set(err, YOTE_EVALUE, "termination: expected %s, "
	    "not '%s'", names, arg);
}

/* Check and digest a criterion's value: 0, or YOTE_EVALUE with err. */
static int
crit_parse(const struct yote_select *s, int k, struct select_crit *c,
    const char *arg, struct yote_error *err)
{
	struct yote_error e;

	switch (k) {
	case SEL_DATE:
		/* a range that ends before it starts is refused, as
		 * --game's 3-2 is: it would match nothing, in silence */
		if (parse_range(c) != 0 || (c->lo != NULL && !date_ok(c->lo)) ||
		    (c->hi != NULL && !date_ok(c->hi)) || (c->lo != NULL &&
		    c->hi != NULL && strncmp(c->lo, c->hi, strlen(c->hi)) > 0))
			return yote_error_set(err, YOTE_EVALUE, "date: expected "
			    "D, D1..D2, D.. or ..D with calendar dates like "
			    "2026, 2026-03 or 2026-03-14, not '%s'", arg);
		return 0;
	case SEL_PLIES:
		c->nlo = 0;
		c->nhi = (unsigned long)-1;
		if (parse_range(c) != 0 || (c->lo != NULL &&
		    !count_ok(c->lo, &c->nlo)) || (c->hi != NULL &&
		    !count_ok(c->hi, &c->nhi)) || c->nlo > c->nhi)
			return yote_error_set(err, YOTE_EVALUE, "plies: "
			    "expected N, N..M, N.. or ..M, not '%s'", arg);
		return 0;
	case SEL_RESULT:
		if (yote_result_parse(arg) < 0)
			return yote_error_set(err, YOTE_EVALUE, "result: "
			    "expected 1-0, 0-1, 1/2-1/2 or *, not '%s'", arg);
		return 0;
	case SEL_TERMINATION:
		if (yote_termination_parse(arg) < 0)
			return termination_refused(arg, err);
		return 0;
	case SEL_RULESET:
		return ruleset_parse(s, c, arg, err);
	case SEL_PLAYER:
	case SEL_FIRST:
	case SEL_SECOND:
	case SEL_EVENT:
	case SEL_SITE:
	case SEL_ROUND:
		return glob_check(k, arg, err);
	case SEL_REACHES:
	case SEL_PATTERN:
		yote_error_clear(&e);
		if (yote_pattern_parse(s->rules, arg, k == SEL_REACHES ?
		    YOTE_PATTERN_WHOLE : 0, &c->pat, &e) != 0) {
			yote_error_set(err, YOTE_EVALUE, "%s: bad %s '%s': %s",
			    key_name[k], k == SEL_REACHES ? "position" :
			    "pattern", arg, e.msg);
			if (err != NULL)
				err->col = e.col;       /* in arg */
			return YOTE_EVALUE;
		}
		if (k == SEL_REACHES && !yote_pattern_exact(&c->pat))
			return yote_error_set(err, YOTE_EVALUE, "reaches: '%s' "
			    "is a pattern, not a position: give every point, "
			    "the side to move and both hands, or give it to "
			    "--pattern",
			    arg);
		return 0;
	default:
		return 0;
	}
}

/* The key named key, or -1. */
static int
key_of(const char *key)
{
	int k;

	for (k = 0; k < SEL_NKEYS; k++)
		if (strcmp(key, key_name[k]) == 0)
			return k;
	return -1;
}

int
yote_select_add(struct yote_select *s, const char *key, const char *arg,
    struct yote_error *err)
{
	struct select_crit *c, **tail;
	int k, rc;

	if (s == NULL || key == NULL || arg == NULL)
		return yote_error_set(err, YOTE_EVALUE, "a criterion needs a "
		    "selection, a key and a value");
	if ((k = key_of(key)) < 0)
		return yote_error_set(err, YOTE_EVALUE, "unknown key '%s' "
		    "(player, first, second, event, site, round, date, "
		    "result, termination, ruleset, plies, reaches, pattern)",
		    key);
	if ((c = calloc(1, sizeof(*c))) == NULL ||
	    (c->text = strdup(arg)) == NULL) {
		free(c);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	if ((rc = crit_parse(s, k, c, arg, err)) != 0) {
		free(c->text);
		free(c);
		return rc;
	}
	for (tail = &s->crit[k]; *tail != NULL; tail = &(*tail)->next)
		;
	*tail = c;
	return 0;
}

/* One line of a criteria file, cut to its key and value in place. */
static int
file_line(struct yote_select *s, unsigned long n, char *line,
    struct yote_error *err)
{
	char *v, *end, *begin = line;
	int rc;

	line[strcspn(line, "\r\n")] = '\0';
	if (strncmp(line, "\xEF\xBB\xBF", 3) == 0)
		line += 3;      /* a byte order mark */
	while (isspace((unsigned char)*line))
		line++;
	if (*line == '\0' || *line == '#')
		return 0;
	v = line + strcspn(line, " \t");
	end = v + strlen(v);
	if (*v != '\0')
		*v++ = '\0';
	while (isspace((unsigned char)*v))
		v++;
	while (end > v && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (*v == '\0' && key_of(line) >= 0) {
		yote_error_set(err, YOTE_EVALUE, "'%s' without a value", line);
		err->line = n;
		return YOTE_EVALUE;
	}
	/* a ruleset file that is no ruleset is one more error of the
	 * criteria file, as its others are */
	if ((rc = yote_select_add(s, line, v, err)) == YOTE_ESYNTAX)
		rc = YOTE_EVALUE;
	if (rc != 0)            /* (a ruleset file's line was in err) */
		err->line = n;
	if (rc != 0 && err->col > 0)    /* a column of the value: the line's */
		err->col += (unsigned long)(v - begin);
	return rc;
}

/*
 * Read whole, within YOTE_MAX_CRITERIA_FILE, and refused at its first NUL
 * byte (textfile.c): /dev/zero grew by 0.5 GB a second, and a line that
 * began with a NUL was an empty line, so that every game was chosen.
 */
int
yote_select_file(struct yote_select *s, const char *path,
    struct yote_error *err)
{
	char *buf, *line, *nl;
	size_t len;
	unsigned long n = 0;
	int rc;

	if (s == NULL || path == NULL)
		return yote_error_set(err, YOTE_EVALUE, "no criteria file");
	if (strcmp(path, "-") == 0)
		s->stdin_read = 1;      /* no games left there (stream.c) */
	s->crit_file = path;    /* the folder its ruleset paths are from */
	if ((rc = yote_file_read(path, YOTE_MAX_CRITERIA_FILE, YOTE_FILE_TEXT,
	    "a criteria file", &buf, &len, err)) == 0)
		for (line = buf; rc == 0 && line < buf + len; line = nl + 1) {
			if ((nl = strchr(line, '\n')) == NULL)
				nl = buf + len;
			*nl = '\0';
			rc = file_line(s, ++n, line, err);
		}
	s->crit_file = NULL;
	free(buf);
	/* this file's name, whatever an earlier error left in err */
	if (rc != 0 && err != NULL)
		err->file = strcmp(path, "-") == 0 ? "<stdin>" : path;
	return rc;
}

/* ------------------------------------------------------------ numbers */

int
yote_select_games(struct yote_select *s, const char *arg,
    struct yote_error *err)
{
	const char *p = arg;
	unsigned long lo, hi;
	char *end;

	if (s == NULL || arg == NULL)
		return yote_error_set(err, YOTE_EVALUE, "no game numbers");
	s->nrange = 0;
	for (;;) {
		if (*p < '0' || *p > '9')
			goto bad;
		lo = strtoul(p, &end, 10);      /* too large: ULONG_MAX */
		hi = lo;
		p = end;
		if (*p == '-') {
			p++;
			if (*p >= '0' && *p <= '9') {
				hi = strtoul(p, &end, 10);
				p = end;
			} else
				hi = ULONG_MAX;         /* 20-: to the end */
		}
		if (lo < 1 || hi < lo || lo == ULONG_MAX)
			goto bad;
		if (s->nrange == YOTE_SELECT_RANGES) {
			s->nrange = 0;  /* a form refused chooses nothing */
			return yote_error_set(err, YOTE_EVALUE, "game: at most "
			    "%d ranges", YOTE_SELECT_RANGES);
		}
		s->range[s->nrange].lo = lo;
		s->range[s->nrange].hi = hi;
		s->nrange++;
		if (*p == '\0')
			return 0;
		if (*p++ != ',')
			goto bad;
	}
bad:
	s->nrange = 0;
	return yote_error_set(err, YOTE_EVALUE, "game: expected game numbers "
	    "from 1 and ranges, as in 1-10,15,20-, not '%s'", arg);
}

int
yote_select_number(const struct yote_select *s, unsigned long game)
{
	int i;

	if (s->nrange == 0)
		return 1;
	for (i = 0; i < s->nrange; i++)
		if (game >= s->range[i].lo && game <= s->range[i].hi)
			return 1;
	return 0;
}

int
yote_select_past(const struct yote_select *s, unsigned long game)
{
	int i;

	if (s->nrange == 0)
		return 0;
	for (i = 0; i < s->nrange; i++)
		if (s->range[i].hi >= game)
			return 0;
	return 1;
}

unsigned long
yote_select_count(const struct yote_select *s, unsigned long lo,
    unsigned long hi, unsigned long *first)
{
	unsigned long a[YOTE_SELECT_RANGES], b[YOTE_SELECT_RANGES], t, n = 0,
	    end = 0;
	int i, j, k = 0;

	if (first != NULL)
		*first = 0;
	if (lo > hi)
		return 0;
	if (s->nrange == 0) {
		if (first != NULL)
			*first = lo;
		return hi - lo + 1;
	}
	/* the ranges cut to lo..hi, by their starts (they may overlap) */
	for (i = 0; i < s->nrange; i++) {
		a[k] = s->range[i].lo > lo ? s->range[i].lo : lo;
		b[k] = s->range[i].hi < hi ? s->range[i].hi : hi;
		if (a[k] > b[k])
			continue;
		for (j = k; j > 0 && a[j - 1] > a[j]; j--) {
			t = a[j], a[j] = a[j - 1], a[j - 1] = t;
			t = b[j], b[j] = b[j - 1], b[j - 1] = t;
		}
		k++;
	}
	if (k > 0 && first != NULL)
		*first = a[0];
	for (i = 0; i < k; i++) {
		if (n > 0 && a[i] <= end) {     /* overlaps what is counted */
			if (b[i] > end) {
				n += b[i] - end;
				end = b[i];
			}
			continue;
		}
		n += b[i] - a[i] + 1;
		end = b[i];
	}
	return n;
}

unsigned long
yote_select_first(const struct yote_select *s)
{
	unsigned long first = ULONG_MAX;
	int i;

	if (s->nrange == 0)
		return 1;
	for (i = 0; i < s->nrange; i++)
		if (s->range[i].lo < first)
			first = s->range[i].lo;
	return first;
}

unsigned long
yote_select_missing(const struct yote_select *s, unsigned long games)
{
	unsigned long first = 0;
	int i;

	for (i = 0; i < s->nrange; i++)
		if (s->range[i].lo > games && (first == 0 ||
		    s->range[i].lo < first))
			first = s->range[i].lo;
	return first;
}

uint64_t
yote_select_hits(const struct yote_select *s, unsigned long lo,
    unsigned long hi)
{
	uint64_t hits = 0;
	int i;

	for (i = 0; i < s->nrange; i++)
		if (s->range[i].lo <= hi && s->range[i].hi >= lo)
			hits |= (uint64_t)1 << i;
	return hits;
}

unsigned long
yote_select_unmet(const struct yote_select *s, uint64_t hits,
    unsigned long games)
{
	unsigned long first = 0;
	int i;

	for (i = 0; i < s->nrange; i++)
		if (!(hits >> i & 1) && s->range[i].lo <= games &&
		    (first == 0 || s->range[i].lo < first))
			first = s->range[i].lo;
	return first;
}

/* ------------------------------------------------------------ headers */

/* The checker that plays games through and finds their rulesets, with the
 * ruleset for records without rules: (-r's, set after the criteria);
 * NULL when out of memory. */
static struct yote_checker *
select_checker(struct yote_select *s)
{
	if (s->ck == NULL && (s->ck = yote_checker_new()) == NULL)
		return NULL;
	yote_checker_set_rules(s->ck, s->rules);
	return s->ck;
}

/*
 * A text criterion: a glob (Awa*, *Diop) when it has *, ? or [, else a
 * text the value contains, as the tools' --player and --event always
 * took it (Diop finds Awa Diop).
 */
static int
glob_is(const char *pat, const char *v)
{
	if (v == NULL)
		return 0;
	if (strpbrk(pat, "*?[") == NULL)
		return strstr(v, pat) != NULL;
	return fnmatch(pat, v, 0) == 0;
}

/* glob_is of the value of key, a scalar: of each of its parts between NUL
 * bytes (a "\0" in YAML), so that a game whose value holds one is taken
 * as its text says, and judged (the checker refuses it, said). */
static int
value_is(const char *pat, const struct yote_record *rec, const char *key)
{
	const struct yote_node *n = yote_node_get(rec->root, key);
	const char *p, *end;

	if (n == NULL || n->type != YOTE_NODE_SCALAR)
		return 0;
	for (p = n->text, end = n->text + n->len; p <= end;
	    p += strlen(p) + 1)
		if (glob_is(pat, p))
			return 1;
	return 0;
}

static int
crit_holds(struct yote_select *s, int k, const struct select_crit *c,
    const struct yote_record *rec, const char *file, unsigned long plies)
{
	const struct yote_rules *r;
	const char *v;

	switch (k) {
	case SEL_PLAYER:
		return value_is(c->text, rec, "first") ||
		    value_is(c->text, rec, "second");
	case SEL_DATE:
		if ((v = yote_node_text(rec->root, "date")) == NULL)
			return 0;
		return (c->lo == NULL || strcmp(v, c->lo) >= 0) &&
		    (c->hi == NULL || strncmp(v, c->hi, strlen(c->hi)) <= 0);
	case SEL_RESULT:
		return (v = yote_node_text(rec->root, "result")) != NULL &&
		    strcmp(v, c->text) == 0;
	case SEL_TERMINATION:
		return (v = yote_node_text(rec->root, "termination")) != NULL &&
		    strcmp(v, c->text) == 0;
	case SEL_RULESET:
		if (c->rules != NULL)   /* the ruleset played, by parameters */
			return (r = yote_checker_rules(select_checker(s), rec,
			    file)) != NULL && yote_rules_same(r, c->rules);
		if ((v = yote_node_text(rec->root, "rules")) == NULL)
			v = s->rules != NULL ? s->rules->name : "classic";
		return glob_is(c->text, v);
	case SEL_PLIES:
		return plies >= c->nlo && plies <= c->nhi;
	default:        /* first, second, event, site, round */
		return value_is(c->text, rec, key_name[k]);
	}
}

/* 1 when every header key asked about has an alternative that holds. */
static int
headers_hold(struct yote_select *s, const struct yote_record *rec,
    const char *file, unsigned long plies)
{
	const struct select_crit *c;
	int k;

	for (k = 0; k < SEL_REACHES; k++) {
		if (s->crit[k] == NULL)
			continue;
		for (c = s->crit[k]; c != NULL; c = c->next)
			if (crit_holds(s, k, c, rec, file, plies))
				break;
		if (c == NULL)
			return 0;
	}
	return 1;
}

/* ------------------------------------------------------------ positions */

struct scan {
	struct yote_select *s;
	struct select_game *out;
	const struct yote_game_info *info;
	int look;               /* still looking for a position */
};

static int
pos_matches(const struct yote_select *s, const struct yote_rules *r,
    const struct yote_pos *p)
{
	const struct select_crit *c;
	int k;

	for (k = SEL_REACHES; k <= SEL_PATTERN; k++)
		for (c = s->crit[k]; c != NULL; c = c->next)
			if (yote_pattern_match(r, &c->pat, p))
				return 1;
	return 0;
}

static int
scan_ply(void *ctx, unsigned long ply, const struct yote_pos *before,
    const struct yote_move *m, const struct yote_pos *after,
    const struct yote_node *item)
{
	struct scan *sc = ctx;
	const struct yote_rules *r = sc->info->rules;

	(void)item;
	if (ply == 1 && sc->s->want_key)
		yote_game_key_start(&sc->out->key, r, before);
	if (sc->s->want_key)
		yote_game_key_move(&sc->out->key, m);
	if (sc->look) {
		if (ply == 1 && pos_matches(sc->s, r, before))
			sc->out->ply = 0;
		else if (pos_matches(sc->s, r, after))
			sc->out->ply = (long)ply;
		if (sc->out->ply >= 0)
			sc->look = 0;
	}
	return !sc->look && !sc->s->want_key;
}

/*
 * The key of a game that cannot be played: its ruleset, start and moves
 * as written.  0 when it has no list of moves: not a game to compare.
 */
static int
text_key(const struct yote_record *rec, struct yote_game_key *k)
{
	const struct yote_node *moves, *mn;
	const char *v;
	size_t i;

	k->h[0] = 0x756E706C61796564ULL;
	k->h[1] = 0;
	if ((moves = yote_node_get(rec->root, "moves")) == NULL ||
	    moves->type != YOTE_NODE_SEQ)
		return 0;
	v = yote_node_text(rec->root, "rules");
	yote_game_key_text(k, v != NULL ? v : "", v != NULL ? strlen(v) : 0);
	v = yote_node_text(rec->root, "start");
	yote_game_key_text(k, v != NULL ? v : "", v != NULL ? strlen(v) : 0);
	for (i = 0; i < moves->n; i++)
		if ((mn = yote_item_move(moves->kids[i])) != NULL)
			yote_game_key_text(k, mn->text, mn->len);
		else
			yote_game_key_text(k, "", 0);
	return 1;
}

/* Play rec through for its positions and its key. */
static int
scan_game(struct yote_select *s, const struct yote_record *rec, const char *file,
    int look, struct select_game *out)
{
	const struct yote_node *moves;
	struct yote_game_info info;
	struct scan sc;
	long rc;

	if (select_checker(s) == NULL)
		return YOTE_ENOMEM;
	sc.s = s;
	sc.out = out;
	sc.info = &info;
	sc.look = look;
	rc = yote_checker_play(s->ck, rec, file, &info, NULL, scan_ply, &sc);
	if (rc < 0)
		return (int)rc;
	out->played = info.rules != NULL && info.played == info.plies;
	if (info.rules != NULL && info.plies == 0) {
		/* no ply was played: the start is the only position */
		if (s->want_key)
			yote_game_key_start(&out->key, info.rules,
			    &info.start);
		if (look && pos_matches(s, info.rules, &info.start))
			out->ply = 0;
	}
	if (!s->want_key)
		return 0;
	moves = yote_node_get(rec->root, "moves");
	if (moves == NULL || moves->type != YOTE_NODE_SEQ)
		out->keyed = 0;         /* no game to compare */
	else
		out->keyed = out->played || text_key(rec, &out->key);
	return 0;
}

int
yote_select_game(struct yote_select *s, const struct yote_record *rec,
    const char *file, unsigned long plies, struct select_game *out)
{
	int hold, look, rc;

	memset(out, 0, sizeof(*out));
	out->ply = -1;
	if (!yote_select_number(s, rec->game))
		return 0;
	if (!keys_active(s) && !s->want_key) {
		out->pass = 1;
		return 0;
	}
	hold = headers_hold(s, rec, file, plies);
	look = hold && (s->crit[SEL_REACHES] != NULL ||
	    s->crit[SEL_PATTERN] != NULL);
	if ((look || s->want_key) &&
	    (rc = scan_game(s, rec, file, look, out)) != 0)
		return rc;
	if (look && out->ply < 0)
		hold = 0;
	out->pass = hold != s->invert;
	return 0;
}

/* ------------------------------------------------------------ key sets */

/* Open addressing with linear probes: a key is its own hash. */

struct yote_keyset_slot {
	uint64_t h[2];          /* the key; {0, 0} marks a free slot */
	uint64_t value;         /* what the caller stored with it */
};

struct yote_keyset {
	struct yote_keyset_slot *slot;
	size_t cap;             /* slots, a power of two */
	size_t n;               /* keys held */
};

struct yote_keyset *
yote_keyset_new(void)
{
	struct yote_keyset *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->cap = 1024;
	if ((s->slot = calloc(s->cap, sizeof(*s->slot))) == NULL) {
		free(s);
		return NULL;
	}
	return s;
}

void
yote_keyset_free(struct yote_keyset *s)
{
	if (s == NULL)
		return;
	free(s->slot);
	free(s);
}

size_t
yote_keyset_count(const struct yote_keyset *s)
{
	return s->n;
}

size_t
yote_keyset_bytes(const struct yote_keyset *s)
{
	return sizeof(*s) + s->cap * sizeof(*s->slot);
}

/* The slot of h, or the free slot where it would go. */
static struct yote_keyset_slot *
keyset_find(struct yote_keyset_slot *slot, size_t cap, const uint64_t h[2])
{
	size_t i = (size_t)h[0] & (cap - 1);

	while ((slot[i].h[0] | slot[i].h[1]) != 0 &&
	    (slot[i].h[0] != h[0] || slot[i].h[1] != h[1]))
		i = (i + 1) & (cap - 1);
	return &slot[i];
}

static int
keyset_grow(struct yote_keyset *s)
{
	struct yote_keyset_slot *old = s->slot, *to;
	size_t i, cap = s->cap * 2;

	if (cap > SIZE_MAX / sizeof(*old) ||
	    (s->slot = calloc(cap, sizeof(*old))) == NULL) {
		s->slot = old;
		return YOTE_ENOMEM;
	}
	for (i = 0; i < s->cap; i++)
		if ((old[i].h[0] | old[i].h[1]) != 0) {
			to = keyset_find(s->slot, cap, old[i].h);
			*to = old[i];
		}
	free(old);
	s->cap = cap;
	return 0;
}

int
yote_keyset_add(struct yote_keyset *s, const struct yote_game_key *k,
    uint64_t value, uint64_t *first)
{
	struct yote_keyset_slot *sl;
	uint64_t h[2];

	if (s == NULL || k == NULL)
		return YOTE_EVALUE;
	h[0] = k->h[0];
	h[1] = k->h[1] | ((k->h[0] | k->h[1]) == 0);    /* never {0, 0} */
	sl = keyset_find(s->slot, s->cap, h);
	if ((sl->h[0] | sl->h[1]) != 0) {
		if (first != NULL)
			*first = sl->value;
		return 0;
	}
	/* at most 3/4 full, so that probes stay short */
	if ((s->n + 1) * 4 > s->cap * 3) {
		if (keyset_grow(s) != 0)
			return YOTE_ENOMEM;
		sl = keyset_find(s->slot, s->cap, h);
	}
	sl->h[0] = h[0];
	sl->h[1] = h[1];
	sl->value = value;
	s->n++;
	return 1;
}
