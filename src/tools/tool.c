/*
 * tool.c - what every yote-* tool shares besides text, output files and
 * engine options: the one diagnostic form, the exit statuses, option
 * values, --rules.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

const char *tool_name = "yote";

int
tool_env_on(const char *name)
{
	const char *v = getenv(name);

	return v != NULL && *v != '\0' && strcmp(v, "0") != 0;
}

void
tool_init(const char *argv0)
{
	const char *slash;

	/* tools run on untrusted records: none may make us open a file
	 * (yote(5), ENVIRONMENT) */
	struct sigaction old;

	if (tool_env_on("YOTE_NO_RULES_FILES"))
		yote_checker_allow_files(0);
	/* a write past a file-size limit (ulimit -f) fails as on a full
	 * disk, to standard output too, instead of killing the tool before
	 * it can say so (yote(7)); unless started with a handler of its own */
	if (sigaction(SIGXFSZ, NULL, &old) == 0 && old.sa_handler == SIG_DFL &&
	    !(old.sa_flags & SA_SIGINFO))
		signal(SIGXFSZ, SIG_IGN);
	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	tool_name = slash ? slash + 1 : argv0;
	opterr = 0;             /* the tools say it in their own form */
}

int
tool_status(int status)
{
	/* nowhere to say it, but the status can */
	if ((fflush(stderr) == EOF || ferror(stderr)) && status < EXIT_IO)
		return EXIT_IO;
	return status;
}

/* ------------------------------------------------------------ diagnostics */

void
tool_diag(const struct yote_error *e)
{
	char buf[4096];
	size_t n = yote_error_format(e, tool_name, buf, sizeof(buf));

	/* one line with a file's position, for editors and grep; without
	 * one (an option's value: a usage error) wrapped as those are */
	if (e->file != NULL || e->game > 0 || e->ply > 0) {
		fputs(buf, stderr);
		return;
	}
	buf[n - 1] = '\0';
	tool_wrap(stderr, buf, 2);
}

void
tool_diag_json(FILE *out, const struct yote_error *e, const char *problem)
{
	fprintf(out, "{\"kind\":\"problem\",\"program\":\"");
	tool_put_text(out, tool_name, YOTE_ESC_JSON);
	fputs("\",\"file\":\"", out);
	tool_put_text(out, e->file != NULL ? e->file : "", YOTE_ESC_JSON);
	fprintf(out, "\",\"line\":%lu,\"column\":%lu,\"game\":%lu,\"ply\":%lu,"
	    "\"problem\":\"", e->line, e->col, e->game, e->ply);
	tool_put_text(out, problem != NULL ? problem : yote_diag_name(e->diag),
	    YOTE_ESC_JSON);
	fputs("\",\"message\":\"", out);
	tool_put_text(out, e->msg, YOTE_ESC_JSON);
	fprintf(out, "\",\"severity\":\"%s\"}\n", e->code == 0 &&
	    yote_diag_is_warning(e->diag) ? "warning" : "error");
}

/*
 * "tool: message\n" on standard error; the message may quote a file.  A
 * usage error (wrap) has no file position to keep on one line for an
 * editor or a script, so it is wrapped to 80 columns, as the terminal
 * shows it (continuations indented 2); the other messages, which name a
 * file, stay one line, as diagnostics do.
 */
static void
vwarn(int wrap, const char *fmt, va_list ap)
{
	char msg[2048], line[4 * sizeof(msg) + 64];
	size_t n;

	vsnprintf(msg, sizeof(msg), fmt, ap);
	n = (size_t)snprintf(line, sizeof(line), "%s: ", tool_name);
	yote_escape(line + n, sizeof(line) - n, msg, 0);
	if (wrap)
		tool_wrap(stderr, line, 2);
	else
		fprintf(stderr, "%s\n", line);
}

void
tool_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(0, fmt, ap);
	va_end(ap);
}

int
tool_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(1, fmt, ap);
	va_end(ap);
	tool_usage_hint();
	return EXIT_USAGE;
}

void
tool_usage_hint(void)
{
	fprintf(stderr, "Try '%s --help' for more information.\n",
	    tool_name);
}

int
tool_bad_position(const char *option, const char *text,
    const struct yote_error *e)
{
	return tool_usage_error("%s: bad position '%s': %s", option,
	    tool_text(text), strncmp(e->msg, "position: ", 10) == 0 ?
	    e->msg + 10 : e->msg);
}

int
tool_text_arg(const char *option, const char *arg)
{
	size_t i, n, len = strlen(arg), chars = 0;

	for (i = 0; i < len; i += n, chars++)
		if ((n = yote_utf8_char(arg + i, len - i, NULL)) == 0)
			return tool_usage_error("%s: '%s' is not UTF-8 text "
			    "(byte 0x%02X at character %zu): a record holds "
			    "UTF-8 only", option, tool_text(arg),
			    (unsigned)(unsigned char)arg[i], chars + 1);
	return EXIT_OK;
}

int
tool_version(void)
{
	printf("%s %s\n", tool_name, YOTE_VERSION);
	return tool_stdout_done(EXIT_OK);
}

int
tool_help(void (*usage)(FILE *))
{
	usage(stdout);
	return tool_stdout_done(EXIT_OK);
}

int
tool_side(const char *word)
{
	const struct yote_rules *r;
	int i, side, found = -1;

	if (strcasecmp(word, "first") == 0 || strcasecmp(word, "x") == 0)
		return 0;
	if (strcasecmp(word, "second") == 0 || strcasecmp(word, "o") == 0)
		return 1;
	for (i = 0; i < yote_rules_builtin_count(); i++) {
		r = yote_rules_builtin(i);
		for (side = 0; side < 2; side++)
			if (strcasecmp(word, r->side_name[side]) == 0) {
				if (found >= 0 && found != side)
					return -1;      /* first here, second there */
				found = side;
			}
	}
	return found;
}

/*
 * The long options arg (--name or --name=value) stands for, as
 * getopt_long reads a name or its abbreviation: the exact one, else every
 * one it begins (one per option: --stats and --summary are one).  Their
 * number; the first in *hit, and up to max names in names.
 */
static size_t
long_matches(const char *word, const struct option *longopts,
    const struct option **hit, const char **names, size_t max)
{
	const struct option *o, *p;
	size_t n = 0, len = strlen(word);

	*hit = NULL;
	for (o = longopts; o->name != NULL; o++)
		if (strcmp(o->name, word) == 0) {
			*hit = o;
			if (max > 0)
				names[0] = o->name;
			return 1;
		}
	for (o = longopts; o->name != NULL && len > 0; o++) {
		if (strncmp(o->name, word, len) != 0 ||
		    o->val == TOOL_OPT_FOREIGN)
			continue;
		for (p = longopts; p < o; p++)  /* one option, two names */
			if (strncmp(p->name, word, len) == 0 &&
			    p->has_arg == o->has_arg && p->flag == o->flag &&
			    p->val == o->val)
				break;
		if (p < o)
			continue;
		if (n == 0)
			*hit = o;
		if (n < max)
			names[n] = o->name;
		n++;
	}
	return n;
}

/* The long option that names a file, given an empty value last. */
static const char *empty_file_option;

int
tool_getopt(int argc, char *const argv[], const char *optstring,
    const struct option *longopts, int *longindex)
{
	static const char *const files[] = { "output", "svg", "svg-dir",
	    "html", "graph", "openings", "criteria", "tb-dir", NULL };
	const struct option *o;
	size_t i;
	int c = getopt_long(argc, argv, optstring, longopts, longindex);

	if (c <= 0 || optarg == NULL || *optarg != '\0')
		return c;
	for (o = longopts; o->name != NULL; o++)
		for (i = 0; o->val == c && files[i] != NULL; i++)
			if (strcmp(o->name, files[i]) == 0) {
				empty_file_option = o->name;
				return TOOL_OPT_EMPTY;
			}
	return c;
}

int
tool_bad_option(int c, char *const argv[], const struct option *longopts)
{
	const char *arg = argv[optind - 1], *names[128], *hint;
	const struct option *hit, *o;
	char word[64], list[256];
	size_t n = 0, k, len, at;

	if (c == ':')
		return tool_usage_error("option '%s' needs a value", arg);
	if (c == TOOL_OPT_EMPTY)
		return tool_usage_error("option '--%s' needs a file name, not "
		    "an empty one", empty_file_option);
	if (optopt != 0 && strncmp(arg, "--", 2) != 0)
		return tool_usage_error("unknown option '-%c'", optopt);
	/* --strikt=1: the name alone is compared */
	len = strcspn(arg + 2, "=");
	snprintf(word, sizeof(word), "%.*s", (int)(len < 63 ? len : 63),
	    arg + 2);
	if (c == TOOL_OPT_FOREIGN) {    /* another tool's: ours begins so */
		for (hit = longopts; hit->name != NULL; hit++)
			if (hit->val != c && strncmp(hit->name, word,
			    strlen(word)) == 0)
				return tool_usage_error("unknown option '--%s' "
				    "(another tool's; did you mean '--%s'?)",
				    word, hit->name);
		return tool_usage_error("unknown option '--%s'", word);
	}
	k = long_matches(word, longopts, &hit, names, 8);
	/* --help=x, --hel=x: a known option given a value it does not take */
	if (k == 1 && arg[2 + len] == '=' && hit->has_arg == no_argument)
		return tool_usage_error("option '--%s' takes no value",
		    hit->name);
	/* --posi: ours, and the start of another tool's listed beside it */
	for (o = longopts; k == 1 && strcmp(hit->name, word) != 0 &&
	    o->name != NULL; o++)
		if (o->val == TOOL_OPT_FOREIGN && strncmp(o->name, word, len) == 0)
			return tool_usage_error("option '--%s' is ambiguous: "
			    "--%s, or another tool's --%s", word, hit->name,
			    o->name);
	if (k > 1) {    /* --o: --only or --output? */
		for (at = 0, n = 0; n < k && n < 8 && at < sizeof(list); n++)
			at += (size_t)snprintf(list + at, sizeof(list) - at,
			    "%s--%s", n == 0 ? "" : n + 1 == k ? " or " : ", ",
			    names[n]);
		return tool_usage_error("option '--%s' is ambiguous: %s%s",
		    word, list, k > 8 ? "..." : "");
	}
	for (n = 0; longopts->name != NULL && n + 1 < 128; longopts++)
		if (longopts->val != TOOL_OPT_FOREIGN)
			names[n++] = longopts->name;
	names[n] = NULL;
	if ((hint = yote_suggest(word, names)) != NULL)
		return tool_usage_error("unknown option '%s' (did you mean "
		    "'--%s'?)", arg, hint);
	return tool_usage_error("unknown option '%s'", arg);
}

int
tool_number(const char *arg, const char *name, long long lo, long long hi,
    long long *out)
{
	char *end;

	/* digits, a minus sign before them at most: not ' 3' nor '+3',
	 * which strtoll takes and the game numbers of -g do not */
	errno = 0;
	*out = strtoll(arg, &end, 10);
	if (!(isdigit((unsigned char)arg[0]) || (arg[0] == '-' &&
	    isdigit((unsigned char)arg[1]))) || *end != '\0' ||
	    errno != 0 || *out < lo || *out > hi) {
		tool_usage_error("%s: expected a number from %lld to %lld, not "
		    "'%s'", name, lo, hi, arg);
		return -1;
	}
	return 0;
}


struct yote_checker *
tool_checker(const struct yote_rules *r)
{
	struct yote_checker *ck;

	if ((ck = yote_checker_new()) == NULL) {
		tool_warn("out of memory");
		return NULL;
	}
	if (r != NULL)
		yote_checker_set_rules(ck, r);
	return ck;
}

int
tool_format(const char *arg, int tsv)
{
	if (strcmp(arg, "text") == 0 || strcmp(arg, "table") == 0)
		return TOOL_FMT_TEXT;
	if (tsv && strcmp(arg, "tsv") == 0)
		return TOOL_FMT_TSV;
	if (strcmp(arg, "json") == 0)
		return TOOL_FMT_JSON;
	tool_usage_error("--format: expected %s, not '%s'", tsv ?
	    "text, tsv or json" : "text or json", arg);
	return -1;
}

const char *
tool_fmt_none(enum tool_fmt fmt)
{
	return fmt == TOOL_FMT_JSON ? "null" : fmt == TOOL_FMT_TSV ? "" : "-";
}

int
tool_write_errno(FILE *fp)
{
	clearerr(fp);
	errno = 0;
	/* a line-buffered stream writes the byte at once */
	if ((putc('\n', fp) == EOF || fflush(fp) != 0) && errno != 0)
		return errno;
	return EIO;
}

void
tool_stdout_failed(int err)
{
	static int said;

	if (!said)
		tool_warn("write error on standard output: %s", strerror(err));
	said = 1;
}

int
tool_stdout_done(int status)
{
	int err = 0;

	if (ferror(stdout))
		err = tool_write_errno(stdout);
	else if (fflush(stdout) != 0)
		err = errno;
	if (err != 0) {
		tool_stdout_failed(err);
		return EXIT_IO;
	}
	return status;
}

int
tool_exit_for(int code)
{
	switch (code) {
	case YOTE_OK:
		return EXIT_OK;
	case YOTE_EIO:
	case YOTE_ENOMEM:
		return EXIT_IO;
	default:
		return EXIT_INVALID;
	}
}

const struct yote_rules *
tool_rules(const char *spec, int *owned, int *status)
{
	const struct yote_rules *r;
	struct yote_error e;
	int rc;

	yote_error_clear(&e);
	*owned = 0;
	if ((rc = yote_rules_get(spec ? spec : "classic", &r, &e)) == 0) {
		*owned = !r->builtin;
		return r;
	}
	tool_diag(&e);
	/* an unknown name is a usage error, with every usage error's hint;
	 * a bad file is rejected input */
	if (e.file == NULL)
		tool_usage_hint();
	*status = e.file == NULL ? EXIT_USAGE : tool_exit_for(rc);
	return NULL;
}

