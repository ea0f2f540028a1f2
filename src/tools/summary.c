/*
 * summary.c - yote-validate --summary and --merge-summaries (summary.h).
 *
 * A collection split into pieces and checked piece by piece (parallel
 * --pipe ... yote-validate --summary -f json) gives one summary object a
 * piece, each line after the problems of its piece.  --merge-summaries
 * adds the objects up and passes every other line on, so that with
 * --keep-order the merged output is byte for byte that of one run over
 * the whole collection.  The text summary lines of runs without -f json
 * are added up as well (their problems went to standard error).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "line.h"
#include "summary.h"
#include "tool.h"

void
summary_print(FILE *out, int json, const struct yote_stream_counts *n,
    int status)
{
	unsigned long valid = n->valid + n->warned;

	if (json) {
		fprintf(out, "{\"kind\":\"summary\",\"games\":%lu,\"valid\":%lu,"
		    "\"invalid\":%lu,\"plies\":%lu,\"warnings\":%lu,"
		    "\"games_with_warnings\":%lu,\"status\":%d}\n", n->games,
		    valid, n->invalid, n->plies, n->warnings,
		    n->with_warnings, status);
		return;
	}
	fprintf(out, "%lu game%s, %lu valid, %lu invalid, %lu pl%s", n->games,
	    n->games == 1 ? "" : "s", valid, n->invalid, n->plies,
	    n->plies == 1 ? "y" : "ies");
	/* the line stays as it was for clean input, for scripts */
	if (n->warnings > 0)
		fprintf(out, ", %lu warning%s in %lu game%s", n->warnings,
		    n->warnings == 1 ? "" : "s", n->with_warnings,
		    n->with_warnings == 1 ? "" : "s");
	putc('\n', out);
}

/* The fields of a summary object, in the order of summary_print. */
static const char *const fields[] = { "games", "valid", "invalid", "plies",
	"warnings", "games_with_warnings", "status" };
#define NFIELDS 7

/* One merge: where its output goes and what it has added up. */
struct merge {
	FILE *out;              /* the lines and the total; NULL: -q */
	int json;               /* -f json: problems as JSON objects */
	unsigned long long total[NFIELDS];      /* the sums, the worst status */
	unsigned long found;    /* summaries added */
};

/*
 * A problem with line `line` of file (0: the whole file), named problem
 * in JSON: said as yote-validate says a game's, in the JSON output among
 * the lines copied, on the standard error in text, not at all under -q.
 */
static void
say(const struct merge *m, const char *file, unsigned long line,
    const char *problem, const char *msg)
{
	struct yote_error e;

	if (m->out == NULL)
		return;
	yote_error_clear(&e);
	e.code = YOTE_EVALUE;
	e.file = file;
	e.line = line;
	snprintf(e.msg, sizeof(e.msg), "%s", msg);
	if (m->json)
		tool_diag_json(m->out, &e, problem);
	else
		tool_diag(&e);
}

/* The numbers of a summary object into v (NFIELDS): 0, or -1 when one is
 * missing (status may be: an older yote-validate's). */
static int
parse_summary(const char *line, unsigned long long v[NFIELDS])
{
	char key[32];
	const char *p;
	char *end;
	int i;

	for (i = 0; i < NFIELDS; i++) {
		snprintf(key, sizeof(key), "\"%s\":", fields[i]);
		v[i] = 0;
		if ((p = strstr(line, key)) == NULL) {
			if (i == NFIELDS - 1)
				continue;
			return -1;
		}
		p += strlen(key);
		if (*p < '0' || *p > '9')
			return -1;
		errno = 0;
		v[i] = strtoull(p, &end, 10);
		/* a whole number, ended as a JSON member ends: not 2.5 */
		if (errno != 0 || (*end != ',' && *end != '}'))
			return -1;
	}
	return 0;
}

/*
 * Whether the counts v of a summary hold together and can be added to
 * total without wrapping round: NULL, or what is wrong.  The status is
 * one yote-validate gives (0 to 3).
 */
static const char *
summary_wrong(const unsigned long long v[NFIELDS],
    const unsigned long long total[NFIELDS])
{
	int i;

	if (v[1] > v[0] || v[2] != v[0] - v[1] || v[5] > v[0] ||
	    v[NFIELDS - 1] > 3)
		return "a summary whose counts disagree (valid and invalid "
		    "make the games; a status is 0 to 3): passed over";
	for (i = 0; i < NFIELDS - 1; i++)
		if (v[i] > ULLONG_MAX - total[i])
			return "a summary whose counts would overflow the "
			    "sum: passed over";
	return NULL;
}

/* A number, then one of two words ("1 game", "2 games"), at *p. */
static int
count_word(const char **p, const char *one, const char *more,
    unsigned long long *v)
{
	char *end;

	if (**p < '0' || **p > '9')
		return -1;
	errno = 0;
	*v = strtoull(*p, &end, 10);
	if (errno != 0)
		return -1;
	*p = end;
	if (strncmp(*p, more, strlen(more)) == 0)
		*p += strlen(more);
	else if (strncmp(*p, one, strlen(one)) == 0)
		*p += strlen(one);
	else
		return -1;
	return 0;
}

/*
 * The text summary of --summary ("40 games, 38 valid, 2 invalid, 2790
 * plies[, 3 warnings in 2 games]") into v: 0, or -1 when line is not one.
 * Its status is not written: the merge takes 1 when a game is invalid.
 */
static int
parse_text_summary(const char *line, unsigned long long v[NFIELDS])
{
	const char *p = line;

	memset(v, 0, NFIELDS * sizeof(v[0]));
	if (count_word(&p, " game", " games", &v[0]) != 0 ||
	    strncmp(p, ", ", 2) != 0 || (p += 2, count_word(&p, " valid",
	    " valid", &v[1])) != 0 || strncmp(p, ", ", 2) != 0 ||
	    (p += 2, count_word(&p, " invalid", " invalid", &v[2])) != 0 ||
	    strncmp(p, ", ", 2) != 0 || (p += 2, count_word(&p, " ply",
	    " plies", &v[3])) != 0)
		return -1;
	if (*p == '\0')
		return 0;
	if (strncmp(p, ", ", 2) != 0 || (p += 2, count_word(&p, " warning",
	    " warnings", &v[4])) != 0 || strncmp(p, " in ", 4) != 0 ||
	    (p += 4, count_word(&p, " game", " games", &v[5])) != 0)
		return -1;
	return *p == '\0' ? 0 : -1;
}

/* One input: 0, or the exit status its problems call for. */
static int
merge_file(struct merge *m, FILE *fp, const char *name)
{
	unsigned long long *total = m->total;
	unsigned long long v[NFIELDS];
	unsigned long n = 0;
	const char *why;
	char *line = NULL;
	size_t cap = 0;
	long len;
	int status = 0, i;

	errno = 0;
	/* a line as long as a game's text at most: /dev/zero grew by
	 * 0.3 GB a second */
	while ((len = line_read(fp, &line, &cap, YOTE_MAX_DOCUMENT)) !=
	    LINE_EOF) {
		n++;
		if (len == LINE_LONG || len == LINE_NUL) {
			say(m, name, n, len == LINE_LONG ? "limit" :
			    "not-a-summary", len == LINE_LONG ? "longer than "
			    "64 MiB (yote(5), LIMITS): passed over" : "a NUL "
			    "byte: the line is passed over");
			status = 1;
			continue;
		}
		if (len == 0)
			continue;
		if (parse_text_summary(line, v) == 0)
			goto add;       /* a run without -f json */
		if (line[0] != '{' || line[len - 1] != '}') {
			say(m, name, n, "not-a-summary", "not a JSON object "
			    "nor a summary line: --merge-summaries reads what "
			    "yote-validate --summary writes");
			status = 1;
			continue;
		}
		if (strncmp(line, "{\"kind\":\"summary\"", 17) != 0) {
			if (m->out != NULL) {   /* another run's line, as is */
				fputs(line, m->out);
				putc('\n', m->out);
			}
			continue;
		}
		if (parse_summary(line, v) != 0) {
			say(m, name, n, "bad-summary", "a summary without its "
			    "counts (games, valid, invalid, plies, warnings, "
			    "games_with_warnings)");
			status = 1;
			continue;
		}
add:
		if ((why = summary_wrong(v, total)) != NULL) {
			say(m, name, n, "bad-summary", why);
			status = 1;
			continue;
		}
		for (i = 0; i < NFIELDS - 1; i++)
			total[i] += v[i];
		if (v[NFIELDS - 1] > total[NFIELDS - 1])
			total[NFIELDS - 1] = v[NFIELDS - 1];
		m->found++;
	}
	if (ferror(fp)) {
		say(m, name, 0, "io", strerror(errno ? errno : EIO));
		status = 3;
	}
	free(line);
	return status;
}

int
summary_merge(FILE *out, int json, char *const *files, int nfiles)
{
	char dash[] = "-", *stdin_only[] = { dash };
	struct yote_stream_counts n;
	struct merge m;
	int status = 0, st, i;
	const char *name;
	struct stat sb;
	FILE *fp;

	memset(&m, 0, sizeof(m));
	m.out = out;
	m.json = json;
	if (nfiles == 0) {
		files = stdin_only;
		nfiles = 1;
	}
	for (i = 0; i < nfiles; i++) {
		name = strcmp(files[i], "-") == 0 ? "<stdin>" : files[i];
		if ((fp = strcmp(files[i], "-") == 0 ? stdin :
		    fopen(files[i], "r")) == NULL) {
			say(&m, name, 0, "io", strerror(errno));
			status = 3;
			continue;
		}
		/* in the words of every other file the suite reads */
		if (fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode)) {
			say(&m, name, 0, "io", "a directory, not a summary "
			    "file");
			fclose(fp);
			status = 3;
			continue;
		}
		st = merge_file(&m, fp, name);
		status = st > status ? st : status;
		if (fp != stdin)
			fclose(fp);
	}
	if (m.found == 0) {
		/* (a file that could not be read was said already: that
		 * it held no summary would say it twice) */
		if (status < 3)
			say(&m, nfiles == 1 ? (strcmp(files[0], "-") == 0 ?
			    "<stdin>" : files[0]) : NULL, 0, "no-summary",
			    "no summary to merge (yote-validate --summary "
			    "writes one)");
		return status > 1 ? status : 1;
	}
	memset(&n, 0, sizeof(n));
	n.games = (unsigned long)m.total[0];
	n.valid = (unsigned long)m.total[1];
	n.invalid = (unsigned long)m.total[2];
	n.plies = (unsigned long)m.total[3];
	n.warnings = (unsigned long)m.total[4];
	n.with_warnings = (unsigned long)m.total[5];
	if (m.total[NFIELDS - 1] > (unsigned long long)status)
		status = (int)m.total[NFIELDS - 1];
	if (n.invalid > 0 && status < 1)
		status = 1;
	if (out != NULL)
		summary_print(out, json, &n, status);
	return status;
}
