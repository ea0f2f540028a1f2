/*
 * tool.c - diagnostics and helpers shared by the yote-* tools.
 */
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

void
tool_init(const char *argv0)
{
	const char *slash, *v;

	/* tools run on untrusted records: none may make us open a file
	 * (yote(5), ENVIRONMENT) */
	if ((v = getenv("YOTE_NO_RULES_FILES")) != NULL && *v != '\0' &&
	    strcmp(v, "0") != 0)
		yote_checker_allow_files(0);
	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	tool_name = slash ? slash + 1 : argv0;
	opterr = 0;             /* the tools say it in their own form */
}

/* ------------------------------------------------------------ untrusted text */

/*
 * The length of the well-formed UTF-8 character at s (n bytes left, n >
 * 0), with its code point in *cp; 0 when the bytes are not one (a stray
 * continuation byte, a cut sequence, an overlong form, a surrogate, or a
 * code point above U+10FFFF).
 */
static size_t
utf8_char(const unsigned char *s, size_t n, unsigned long *cp)
{
	size_t len, i;
	unsigned long c;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] < 0xC2 || s[0] > 0xF4)
		return 0;
	len = s[0] < 0xE0 ? 2 : s[0] < 0xF0 ? 3 : 4;
	if (n < len)
		return 0;
	c = s[0] & (0x7F >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3F);
	}
	if ((len == 3 && c < 0x800) || (len == 4 && c < 0x10000) ||
	    c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
		return 0;
	*cp = c;
	return len;
}

/*
 * How the character at s (n > 0 bytes left) is shown: into out (at most
 * TOOL_ESC_MAX bytes, not terminated), its length in *olen.  Returns the
 * input bytes it stands for.  Control characters (C0, DEL, C1) and bytes
 * that are not UTF-8 become \xHH, one per byte, so that nothing reaches
 * a terminal that it would obey, and XML gets only characters XML 1.0
 * allows (U+FFFE and U+FFFF are shown by their bytes too).
 */
#define TOOL_ESC_MAX 12
static size_t
esc_char(const unsigned char *s, size_t n, unsigned how, char *out,
    size_t *olen)
{
	static const char hex[] = "0123456789abcdef";
	unsigned long cp = 0;
	size_t len = utf8_char(s, n, &cp), i;
	const char *ent = NULL;

	if (len > 0 && (how & TOOL_ESC_FIELD) && (cp == '\t' || cp == '\n' ||
	    cp == '\r')) {
		out[0] = ' ';
		*olen = 1;
		return 1;
	}
	if (how & TOOL_ESC_JSON) {
		if (len == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) {
			*olen = (size_t)snprintf(out, TOOL_ESC_MAX, "\\u%04lx",
			    len == 0 ? 0xFFFDUL : cp);
			return len == 0 ? 1 : len;
		}
		if (cp == '"' || cp == '\\') {
			out[0] = '\\';
			out[1] = (char)cp;
			*olen = 2;
			return 1;
		}
	} else if (len == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) ||
	    cp == 0xFFFE || cp == 0xFFFF) {
		if (len == 0)
			len = 1;
		for (i = 0; i < len; i++) {
			out[4 * i] = '\\';
			out[4 * i + 1] = 'x';
			out[4 * i + 2] = hex[s[i] >> 4];
			out[4 * i + 3] = hex[s[i] & 15];
		}
		*olen = 4 * len;
		return len;
	}
	if (how & TOOL_ESC_XML)
		ent = cp == '<' ? "&lt;" : cp == '>' ? "&gt;" : cp == '&' ?
		    "&amp;" : cp == '"' ? "&quot;" : cp == '\'' ? "&#39;" :
		    NULL;
	if (ent != NULL) {
		*olen = strlen(ent);
		memcpy(out, ent, *olen);
	} else {
		memcpy(out, s, len);
		*olen = len;
	}
	return len;
}

size_t
tool_escape(char *dst, size_t size, const char *src, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), used = 0, k, olen, i, at[4] = { 0 };
	char one[TOOL_ESC_MAX];

	if (size == 0)
		return 0;
	for (i = 0; n > 0; i++) {
		k = esc_char(s, n, how, one, &olen);
		if (used + olen >= size) {
			/* cut after a whole character (or reference), among
			 * the last four, and say so */
			for (k = 0; k < 4 && k < i && used + 3 >= size; k++)
				used = at[(i - 1 - k) % 4];
			if (used + 3 < size) {
				memcpy(dst + used, "...", 3);
				used += 3;
			}
			break;
		}
		at[i % 4] = used;
		memcpy(dst + used, one, olen);
		used += olen;
		s += k;
		n -= k;
	}
	dst[used] = '\0';
	return used;
}

const char *
tool_text(const char *s)
{
	static _Thread_local char ring[TOOL_TEXT_RING][TOOL_TEXT_MAX];
	static _Thread_local unsigned next;
	char *buf = ring[next++ % TOOL_TEXT_RING];

	if (s == NULL)
		return NULL;
	tool_escape(buf, TOOL_TEXT_MAX, s, 0);
	return buf;
}

int
tool_put_text(FILE *fp, const char *src, unsigned how)
{
	const unsigned char *s = (const unsigned char *)src;
	size_t n = strlen(src), k, olen;
	char one[TOOL_ESC_MAX];

	while (n > 0) {
		k = esc_char(s, n, how, one, &olen);
		if (fwrite(one, 1, olen, fp) != olen)
			return -1;
		s += k;
		n -= k;
	}
	return 0;
}

/* ------------------------------------------------------------ diagnostics */

size_t
tool_diag_format(const struct yote_error *e, char *buf, size_t size)
{
	size_t n = 0;

#define ADD(...) do { if (n < size) n += (size_t)snprintf(buf + n, \
	size - n, __VA_ARGS__); } while (0)
#define ADD_TEXT(s) do { if (n + 1 < size) n += tool_escape(buf + n, \
	size - n - 1, (s), 0); } while (0)
	ADD("%s: ", tool_name);
	if (e->file != NULL) {
		ADD_TEXT(e->file);
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
	if (e->code == 0 && yote_diag_is_warning(e->diag))
		ADD("warning: ");
	ADD_TEXT(e->msg);
	/* the newline even when the message was cut */
	if (n >= size - 1)
		n = size - 2;
	buf[n++] = '\n';
	buf[n] = '\0';
#undef ADD_TEXT
#undef ADD
	return n;
}

void
tool_diag(const struct yote_error *e)
{
	char buf[4096];

	tool_diag_format(e, buf, sizeof(buf));
	fputs(buf, stderr);
}

/* "tool: message\n" on standard error; the message may quote a file. */
static void
vwarn(const char *fmt, va_list ap)
{
	char msg[2048];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	fprintf(stderr, "%s: ", tool_name);
	tool_put_text(stderr, msg, 0);
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
	return engopt_memory(eo, eo->jobs) == 0 ? -1 : ENGOPT_BAD;
}

/* A number of bytes from the first line of path, or 0. */
static unsigned long long
file_bytes(const char *path)
{
	unsigned long long x = 0;
	FILE *fp = fopen(path, "r");

	if (fp != NULL) {
		if (fscanf(fp, "%llu", &x) != 1)
			x = 0;
		fclose(fp);
	}
	return x;
}

unsigned long long
tool_memory_available(void)
{
	static const char *const limits[] = {
		"/sys/fs/cgroup/memory.max",    /* cgroup v2 ("max": none) */
		"/sys/fs/cgroup/memory/memory.limit_in_bytes",  /* v1 */
	};
	unsigned long long avail = 0, kb, lim;
	char line[128];
	long pages, psize;
	size_t i;
	FILE *fp;

	if ((fp = fopen("/proc/meminfo", "r")) != NULL) {
		while (fgets(line, sizeof(line), fp) != NULL)
			if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
				avail = kb * 1024;
		fclose(fp);
	}
	if (avail == 0 && (pages = sysconf(_SC_PHYS_PAGES)) > 0 &&
	    (psize = sysconf(_SC_PAGESIZE)) > 0)
		avail = (unsigned long long)pages * (unsigned long long)psize;
	for (i = 0; i < sizeof(limits) / sizeof(limits[0]); i++)
		if ((lim = file_bytes(limits[i])) > 0 && (avail == 0 ||
		    lim < avail))
			avail = lim;
	return avail;
}

int
engopt_memory(const struct engopt *eo, int engines)
{
	unsigned long long each = eo->hash_mb + ENGOPT_ENGINE_MB +
	    (eo->tb_pieces > 0 ? ENGOPT_TB_MB : 0);
	unsigned long long need = (unsigned long long)engines * each +
	    ENGOPT_BASE_MB, avail = tool_memory_available() >> 20;

	if (avail == 0 || need <= avail)
		return 0;
	tool_usage_error("%d engine%s with --hash %zu need about %llu MiB "
	    "(%d x (%zu MiB hash + %d MiB%s) + %d MiB), more than the %llu "
	    "MiB of memory available: use fewer jobs (-j) or a smaller hash "
	    "(-H)", engines, engines == 1 ? "" : "s", eo->hash_mb, need,
	    engines, eo->hash_mb, (int)(each - eo->hash_mb), eo->tb_pieces >
	    0 ? " search and endgame tables" : " search", ENGOPT_BASE_MB,
	    avail);
	return EXIT_USAGE;
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

/* Why fp failed, as an errno value: a failed write leaves its error in
 * the stream but not its errno, so try again what is left. */
static int
stream_errno(FILE *fp)
{
	clearerr(fp);
	errno = 0;
	if (fflush(fp) != 0 && errno != 0)
		return errno;
	return EIO;
}

int
tool_stdout_done(int status)
{
	int err = 0;

	if (ferror(stdout))
		err = stream_errno(stdout);
	else if (fflush(stdout) != 0)
		err = errno;
	if (err != 0) {
		tool_warn("write error on standard output: %s", strerror(err));
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

int
tool_input_fatal(int rc)
{
	return rc == YOTE_EIO || rc == YOTE_ENOMEM;
}

void
tool_input_close(struct tool_input *in)
{
	yote_reader_close(in->rd);
	if (in->fp != stdin)
		fclose(in->fp);
}

/* ------------------------------------------------------------ output files */

/*
 * The files named by -o and the like being written: a temporary file
 * beside the target, renamed over it when complete (tmp[0] != '\0'), or a
 * device or FIFO written directly.  In a table for the signal handler.
 */
#define OUT_SLOTS 4
static struct out_slot {
	FILE *fp;                       /* NULL: free */
	char tmp[PATH_MAX + 32];        /* temporary file, "" when direct */
	char target[PATH_MAX];          /* the file replaced (links followed) */
	const char *path;               /* as named */
	int existed;                    /* target was there before */
	volatile sig_atomic_t live;     /* tmp exists and is ours */
} slots[OUT_SLOTS];

/* The last file tool_atomic_close did not put in place, for
 * tool_output_report. */
static struct {
	int direct;             /* a device or FIFO, cut short */
	int existed;            /* an old file is left as it was */
	int said;               /* the reason is said already */
} abandoned = { 0, 0, 1 };

/* The signals whose default ends the process (and leaves a temporary
 * file behind unless caught); caught only when not ignored. */
static const int end_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM,
	SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM,
	SIGPROF };

static void
say(const char *s)
{
	ssize_t n = write(STDERR_FILENO, s, strlen(s));

	(void)n;
}

void
tool_output_abandon(int tell)
{
	size_t i;

	for (i = 0; i < OUT_SLOTS; i++)
		if (slots[i].live) {
			unlink(slots[i].tmp);
			slots[i].live = 0;
			if (!tell)
				continue;
			say(tool_name);
			say(": interrupted: ");
			say(slots[i].target);
			say(slots[i].existed ? " not written; the old file is "
			    "left as it was\n" : " not written\n");
		}
}

/* Only async-signal-safe calls here: unlink, write, signal, raise. */
static void
on_signal(int sig)
{
	/* SIGPIPE: standard error may be the pipe that closed */
	tool_output_abandon(sig != SIGPIPE);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Catch the signals that would leave a temporary file, once, unless the
 * tool was started with them ignored (nohup) or handles them itself. */
static void
catch_signals(void)
{
	static int done;
	struct sigaction sa, old;
	size_t i;

	if (done)
		return;
	done = 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(end_signals) / sizeof(end_signals[0]); i++)
		if (sigaction(end_signals[i], NULL, &old) == 0 &&
		    !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
			sigaction(end_signals[i], &sa, NULL);
}

/*
 * The file that writing path would write: path, or what the symbolic
 * link path names (followed as the kernel would, a relative link from its
 * own folder), into target; st and *exists say what is there.  0 or -1
 * (errno).
 */
static int
out_target(const char *path, char *target, struct stat *st, int *exists)
{
	char link[PATH_MAX], next[PATH_MAX];
	const char *slash;
	ssize_t n;
	int hops;

	if (strlen(path) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(target, path);
	/* a device, FIFO or socket, through links the walk below cannot
	 * follow (/dev/stdout to /proc/self/fd/1 to "pipe:[...]"): written
	 * directly, by its own name */
	if (stat(path, st) == 0 && !S_ISREG(st->st_mode) &&
	    !S_ISDIR(st->st_mode)) {
		*exists = 1;
		return 0;
	}
	for (hops = 0;; hops++) {
		if (lstat(target, st) != 0) {
			if (errno != ENOENT)
				return -1;
			*exists = 0;
			return 0;
		}
		if (!S_ISLNK(st->st_mode))
			break;
		if (hops == 40) {
			errno = ELOOP;
			return -1;
		}
		if ((n = readlink(target, link, sizeof(link) - 1)) < 0)
			return -1;
		link[n] = '\0';
		slash = strrchr(target, '/');
		if (link[0] == '/' || slash == NULL)
			n = snprintf(next, sizeof(next), "%s", link);
		else
			n = snprintf(next, sizeof(next), "%.*s/%s",
			    (int)(slash - target), target, link);
		if (n < 0 || (size_t)n >= sizeof(next)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		strcpy(target, next);
	}
	*exists = 1;
	if (S_ISDIR(st->st_mode)) {
		errno = EISDIR;
		return -1;
	}
	if (S_ISREG(st->st_mode) && access(target, W_OK) != 0)
		return -1;
	return 0;
}

/* A temporary file beside sl->target, with the mode the target has, or
 * would get.  Its descriptor, or -1. */
static int
out_tmp(struct out_slot *sl, const struct stat *st)
{
	const char *slash = strrchr(sl->target, '/');
	size_t dirlen = slash ? (size_t)(slash - sl->target) + 1 : 0;
	mode_t mode, mask;
	int fd;

	snprintf(sl->tmp, sizeof(sl->tmp), "%.*s.%s.XXXXXX", (int)dirlen,
	    sl->target, sl->target + dirlen);
	if ((fd = mkstemp(sl->tmp)) < 0)
		return -1;
	sl->live = 1;
	if (sl->existed)
		mode = st->st_mode & 07777;
	else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	if (fchmod(fd, mode) != 0) {
		close(fd);
		unlink(sl->tmp);
		sl->live = 0;
		return -1;
	}
	return fd;
}

FILE *
tool_atomic_open(const char *path)
{
	struct out_slot *sl = NULL;
	struct stat st;
	sigset_t all, old;
	size_t i;
	int fd, err = 0;

	for (i = 0; i < OUT_SLOTS && sl == NULL; i++)
		if (slots[i].fp == NULL)
			sl = &slots[i];
	if (sl == NULL) {
		errno = EMFILE;
		return NULL;
	}
	catch_signals();
	memset(sl, 0, sizeof(*sl));
	if (strcmp(path, "-") == 0) {
		/* "-" is standard output, as everywhere in the suite: a
		 * stream of its own on it, after what stdout holds */
		sl->path = path;
		fflush(stdout);
		if ((fd = dup(STDOUT_FILENO)) >= 0 &&
		    (sl->fp = fdopen(fd, "wb")) == NULL)
			close(fd);
		return sl->fp;
	}
	if (out_target(path, sl->target, &st, &sl->existed) != 0)
		return NULL;
	sl->path = path;
	/* no signal between making the file and knowing it */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (sl->existed && !S_ISREG(st.st_mode)) {
		/* a device, a FIFO: written as it is, as the shell would */
		sl->tmp[0] = '\0';
		fd = open(sl->target, O_WRONLY | O_NOCTTY);
	} else
		fd = out_tmp(sl, &st);
	if (fd >= 0 && (sl->fp = fdopen(fd, "wb")) == NULL) {
		err = errno;
		close(fd);
		if (sl->live)
			unlink(sl->tmp);
		sl->live = 0;
		errno = err;
	}
	err = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	errno = err;
	return sl->fp;
}

void
tool_output_report(const char *file, unsigned long long written,
    unsigned long long left_out, int status)
{
	if (status == EXIT_IO && file != NULL && !abandoned.said) {
		tool_warn("%s: %s", file, abandoned.direct ? "cut short" :
		    abandoned.existed ? "not written; the old file is left as "
		    "it was" : "not written");
		abandoned.said = 1;
	} else if (status == EXIT_IO && file == NULL)
		tool_warn("stopped after %llu game%s: standard output is "
		    "incomplete", written, written == 1 ? "" : "s");
	else if (status == EXIT_INVALID && left_out > 0)
		tool_warn("%s: %llu game%s written, %llu left out (said above)",
		    file ? file : "standard output", written, written == 1 ?
		    "" : "s", left_out);
}

int
tool_atomic_close(FILE *fp, const char *path, int ok)
{
	struct out_slot *sl = NULL;
	sigset_t all, old;
	size_t i;
	int err = 0, failed, named = 1;

	for (i = 0; i < OUT_SLOTS && sl == NULL; i++)
		if (slots[i].fp == fp && fp != NULL)
			sl = &slots[i];
	if (sl == NULL)
		return fclose(fp) == 0 ? EXIT_OK : EXIT_IO;
	if (ferror(fp)) {
		/* an earlier write failed, seen by the caller; named only
		 * when what is left fails again now */
		clearerr(fp);
		errno = 0;
		if (fflush(fp) == 0 || (err = errno) == 0) {
			err = EIO;
			named = 0;
		}
	} else if (fflush(fp) != 0)
		err = errno;
	if (ok && err == 0 && sl->tmp[0] != '\0' && fsync(fileno(fp)) != 0)
		err = errno;
	if (fclose(fp) != 0 && err == 0)
		err = errno;
	failed = !ok || err != 0;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (sl->tmp[0] != '\0') {
		if (!failed && rename(sl->tmp, sl->target) != 0) {
			err = errno;
			named = failed = 1;
		}
		if (failed)
			unlink(sl->tmp);
	}
	sl->live = 0;
	sl->fp = NULL;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!failed)
		return EXIT_OK;
	abandoned.direct = sl->tmp[0] == '\0';
	abandoned.existed = sl->existed;
	/* the caller that passed ok 0 has said why, unless a write fails
	 * only now */
	abandoned.said = (ok || (err != 0 && named));
	if (abandoned.said)
		tool_warn("%s: %s%s", strcmp(path, "-") == 0 ? "standard "
		    "output" : path, named ? strerror(err) : "write "
		    "error", abandoned.direct ? "; what was written of it is "
		    "cut short" : sl->existed ? "; the old file is left as it "
		    "was" : "");
	return err != 0 ? EXIT_IO : EXIT_OK;
}
