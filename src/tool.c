/*
 * tool.c - diagnostics and helpers shared by the yote-* tools.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
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

void
tool_init(const char *argv0)
{
	const char *slash;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	tool_name = slash ? slash + 1 : argv0;
	opterr = 0;             /* the tools say it in their own form */
}

size_t
tool_diag_format(const struct yote_error *e, char *buf, size_t size)
{
	size_t n = 0;

#define ADD(...) do { if (n < size) n += (size_t)snprintf(buf + n, \
	size - n, __VA_ARGS__); } while (0)
	ADD("%s: ", tool_name);
	if (e->file != NULL) {
		ADD("%s", e->file);
		if (e->line > 0) {
			ADD(":%lu", e->line);
			if (e->col > 0)
				ADD(":%lu", e->col);
		}
		ADD(": ");
	}
	if (e->game > 0) {
		ADD("game %lu", e->game);
		if (e->ply > 0)
			ADD(", ply %lu", e->ply);
		ADD(": ");
	} else if (e->ply > 0)
		ADD("ply %lu: ", e->ply);
	ADD("%s%s\n", e->code == 0 && yote_diag_is_warning(e->diag) ?
	    "warning: " : "", e->msg);
#undef ADD
	return n < size ? n : size - 1;
}

void
tool_diag(const struct yote_error *e)
{
	char buf[2048];

	tool_diag_format(e, buf, sizeof(buf));
	fputs(buf, stderr);
}

/* "tool: message\n" on standard error */
static void
vwarn(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: ", tool_name);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
tool_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
}

int
tool_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vwarn(fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try '%s --help' for more information.\n",
	    tool_name);
	return EXIT_USAGE;
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

int
tool_bad_option(int c, char *const argv[], const struct option *longopts)
{
	const char *arg = argv[optind - 1], *names[128], *hint;
	char word[64];
	size_t n = 0, len;

	if (c == ':')
		return tool_usage_error("option '%s' needs a value", arg);
	if (optopt != 0 && strncmp(arg, "--", 2) != 0)
		return tool_usage_error("unknown option '-%c'", optopt);
	/* --strikt=1: the name alone is compared */
	len = strcspn(arg + 2, "=");
	snprintf(word, sizeof(word), "%.*s", (int)(len < 63 ? len : 63),
	    arg + 2);
	for (; longopts->name != NULL && n + 1 < 128; longopts++)
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

	errno = 0;
	*out = strtoll(arg, &end, 10);
	if (*arg == '\0' || *end != '\0' || errno != 0 || *out < lo ||
	    *out > hi) {
		tool_usage_error("%s: expected a number from %lld to %lld, not "
		    "'%s'", name, lo, hi, arg);
		return -1;
	}
	return 0;
}

void
engopt_init(struct engopt *eo)
{
	memset(eo, 0, sizeof(*eo));
	eo->hash_mb = 16;
	eo->jobs = 1;
	eo->tb_pieces = ENGOPT_TB_PIECES;
}

/* Option c with its argument if it is an engine option: 1 taken, 0 not
 * one, -1 a bad value (said). */
static int
engopt_take(struct engopt *eo, int c, const char *arg)
{
	long long x;

	switch (c) {
	case 'D':
		if (tool_number(arg, "--depth", 1, YOTE_MAX_PLY - 4, &x) != 0)
			return -1;
		eo->lim.depth = (int)x;
		return 1;
	case 'H':
		if (tool_number(arg, "--hash", 1, 4096, &x) != 0)
			return -1;
		eo->hash_mb = (size_t)x;
		return 1;
	case 'N':
		if (tool_number(arg, "--nodes", 1, 1000000000000LL, &x) != 0)
			return -1;
		eo->lim.nodes = (unsigned long long)x;
		return 1;
	case 'j':
		if (tool_number(arg, "--jobs", 1, 256, &x) != 0)
			return -1;
		eo->jobs = (int)x;
		return 1;
	case 'T':
		if (tool_number(arg, "--movetime", 1, 86400000, &x) != 0)
			return -1;
		eo->lim.movetime_ms = (long)x;
		return 1;
	case ENGOPT_TB_DIR:
		if (*arg == '\0') {
			tool_usage_error("--tb-dir: expected a directory");
			return -1;
		}
		eo->tb_dir = arg;
		return 1;
	case ENGOPT_TB_PIECES_OPT:
		if (tool_number(arg, "--tb-pieces", 0, YOTE_TB_MAX_PIECES,
		    &x) != 0)
			return -1;
		eo->tb_pieces = (int)x;
		return 1;
	case ENGOPT_NO_TB:
		eo->tb_pieces = 0;
		return 1;
	default:
		return 0;
	}
}

int
engopt_getopt(struct engopt *eo, int argc, char *argv[],
    const char *optstring, const struct option *longopts)
{
	int c, taken;

	while ((c = getopt_long(argc, argv, optstring, longopts, NULL)) != -1)
		if ((taken = engopt_take(eo, c, optarg)) < 0)
			return ENGOPT_BAD;
		else if (!taken)
			return c;
	return -1;
}

struct yote_engine *
engopt_engine(const struct engopt *eo)
{
	struct yote_engine *e = yote_engine_new(eo->hash_mb);

	if (e != NULL && yote_engine_use_tb(e, eo->tb_dir, eo->tb_pieces) !=
	    0) {
		yote_engine_free(e);
		return NULL;
	}
	return e;
}

struct yote_tb *
engopt_tb(const struct engopt *eo, const struct yote_rules *r)
{
	struct yote_tb *tb;
	struct yote_error err;

	if (eo->tb_pieces == 0 || yote_tb_open(r, eo->tb_dir, eo->tb_pieces,
	    0, &tb, &err) != 0)
		return NULL;
	return tb;
}

/*
 * Whether files can be made in dir: it, or the nearest of its parents
 * that exists (the library makes the rest), is a directory we may write
 * in.  0, or an errno value.
 */
static int
dir_writable(const char *dir)
{
	char path[PATH_MAX], *slash;
	struct stat sb;

	if (strlen(dir) >= sizeof(path))
		return ENAMETOOLONG;
	strcpy(path, dir);
	while (stat(path, &sb) != 0) {
		if (errno != ENOENT)
			return errno;
		if ((slash = strrchr(path, '/')) == NULL)
			strcpy(path, ".");
		else if (slash == path)
			path[1] = '\0';
		else
			*slash = '\0';
	}
	if (!S_ISDIR(sb.st_mode))
		return ENOTDIR;
	return access(path, W_OK | X_OK) == 0 ? 0 : errno;
}

void
engopt_check(const struct engopt *eo, const struct yote_rules *r)
{
	struct yote_tb *tb;
	const char *dir;
	int err;

	if (r == NULL)
		r = yote_rules_by_name("classic");
	if ((tb = engopt_tb(eo, r)) == NULL)
		return;
	if ((dir = yote_tb_dir(tb)) != NULL && (err = dir_writable(dir)) != 0)
		tool_warn("endgame tables: cannot write in %s (%s); they are "
		    "built in memory, for this run only", dir, strerror(err));
	yote_tb_close(tb);
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
tool_stdout_done(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		tool_warn("write error on standard output");
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
	/* an unknown name is a usage error; a bad file is rejected input */
	*status = e.file == NULL ? EXIT_USAGE : tool_exit_for(rc);
	return NULL;
}

FILE *
tool_open(const char *path, char *why, size_t size)
{
	struct stat sb;
	FILE *fp;

	if (strcmp(path, "-") == 0)
		return stdin;
	if ((fp = fopen(path, "rb")) == NULL) {
		snprintf(why, size, "%s", strerror(errno));
		return NULL;
	}
	if (fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode)) {
		fclose(fp);
		snprintf(why, size, "is a directory");
		return NULL;
	}
	return fp;
}

int
tool_input_open(struct tool_input *in, const char *path,
    void (*report)(void *, const struct yote_error *), void *ctx)
{
	struct yote_error e;

	in->name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	in->rd = NULL;
	yote_error_clear(&e);
	if ((in->fp = tool_open(path, e.msg, sizeof(e.msg))) == NULL) {
		e.code = YOTE_EIO;
		e.diag = YOTE_D_IO;
		e.file = in->name;
		if (report != NULL)
			report(ctx, &e);
		else
			tool_diag(&e);
		return EXIT_IO;
	}
	if (yote_reader_open(in->fp, in->name, &in->rd) != 0) {
		tool_warn("out of memory");
		if (in->fp != stdin)
			fclose(in->fp);
		return EXIT_IO;
	}
	return 0;
}

int
tool_input_next(struct tool_input *in, struct yote_record **rec,
    struct yote_error *e)
{
	int rc;

	yote_error_clear(e);
	if ((rc = yote_reader_next(in->rd, rec, e)) < 0)
		e->file = in->name;
	return rc;
}

void
tool_input_close(struct tool_input *in)
{
	yote_reader_close(in->rd);
	if (in->fp != stdin)
		fclose(in->fp);
}

/* ------------------------------------------------------------ atomic files */

/* The temporary file being written, for the signal handler. */
static char tmp_path[PATH_MAX + 32];
static volatile sig_atomic_t tmp_live;

static const char *tmp_final;   /* the file being replaced */

static void
say(const char *s)
{
	ssize_t n = write(STDERR_FILENO, s, strlen(s));

	(void)n;
}

/* Only async-signal-safe calls here: unlink, write, signal, raise. */
static void
on_signal(int sig)
{
	if (tmp_live) {
		unlink(tmp_path);
		say(tool_name);
		say(": interrupted: ");
		say(tmp_final);
		say(" not written; the old file is left as it was\n");
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * Open a temporary file beside path, with the mode the file would get
 * (the old file's, or 0666 less the umask).  Returns its stream or NULL.
 */
FILE *
tool_atomic_open(const char *path)
{
	struct sigaction sa;
	struct stat st;
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	mode_t mode, mask;
	FILE *fp;
	int fd;

	if (strlen(path) + 16 > sizeof(tmp_path)) {
		errno = ENAMETOOLONG;
		return NULL;
	}
	snprintf(tmp_path, sizeof(tmp_path), "%.*s.%s.XXXXXX", (int)dirlen,
	    path, path + dirlen);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	if ((fd = mkstemp(tmp_path)) < 0)
		return NULL;
	tmp_final = path;
	tmp_live = 1;
	if (stat(path, &st) == 0)
		mode = st.st_mode & 07777;
	else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) != 0 || (fp = fdopen(fd, "wb")) == NULL) {
		close(fd);
		unlink(tmp_path);
		tmp_live = 0;
		return NULL;
	}
	return fp;
}

/* Finish the temporary file: put it in place (ok) or remove it. */
int
tool_atomic_close(FILE *fp, const char *path, int ok)
{
	sigset_t all, old;
	int err = 0;

	if (ok && (fflush(fp) != 0 || fsync(fileno(fp)) != 0))
		err = errno;
	if (fclose(fp) != 0 && err == 0)
		err = errno;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (ok && err == 0 && rename(tmp_path, path) != 0)
		err = errno;
	if (!ok || err != 0)
		unlink(tmp_path);
	tmp_live = 0;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (ok && err != 0) {
		tool_warn("%s: %s; the old file is left as it was", path,
		    strerror(err));
		return EXIT_IO;
	}
	return EXIT_OK;
}
