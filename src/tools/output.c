/*
 * output.c - files named on the command line written whole or not at
 * all: a temporary file beside the target, renamed over it when complete,
 * and removed by the signals that would end the process (man/yote.7,
 * OUTPUT FILES).  The endgame tables' cache files are written through the
 * same machinery (tool_tmp_make).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"


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

/* The temporary files of others (the endgame tables' cache files, which
 * the engines of several threads write): the same signals remove them.
 * A slot is taken and given back under tmp_mu, with the signals blocked
 * while the file and its slot disagree. */
#define TMP_SLOTS 16
static struct tmp_slot {
	char path[PATH_MAX + 32];
	volatile sig_atomic_t live;     /* path exists and is ours */
} tmps[TMP_SLOTS];
static pthread_mutex_t tmp_mu = PTHREAD_MUTEX_INITIALIZER;

/* The last file tool_atomic_close did not put in place, for
 * tool_output_report. */
static struct {
	int direct;             /* a device or FIFO, cut short */
	int existed;            /* an old file is left as it was */
	int said;               /* the reason is said already */
} abandoned = { 0, 0, 1 };

/*
 * The files held until the run ends (tool_atomic_hold): each complete in
 * its temporary file, put in place or removed together by tool_held_done.
 * A list from the oldest, which the signal handler walks: a node is whole
 * before one pointer store links it at the end, and taken off the front
 * (signals blocked) before it is freed.  Appended to and taken from by one
 * thread at a time (held_mu).
 */
struct held {
	struct held *next;
	int existed;            /* a file was there before */
	char *target;           /* the file it replaces */
	char *path;             /* as named */
	char tmp[];             /* the temporary file */
};
static struct held *volatile held_head;
static struct held *held_tail;
static pthread_mutex_t held_mu = PTHREAD_MUTEX_INITIALIZER;

/* The signals whose default ends the process (and leaves a temporary
 * file behind unless caught); caught only when not ignored.  SIGXFSZ is
 * ignored instead: a write past a file-size limit then fails with EFBIG,
 * as on a full disk, and the writer removes its file and says so. */
static const int end_signals[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM,
	SIGPIPE, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM,
	SIGPROF };

static void
say(const char *s)
{
	ssize_t n = write(STDERR_FILENO, s, strlen(s));

	(void)n;
}

static void abandon_held(int);

void
tool_output_abandon(int tell)
{
	size_t i;

	for (i = 0; i < TMP_SLOTS; i++)
		if (tmps[i].live) {
			unlink(tmps[i].path);
			tmps[i].live = 0;
		}
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
	abandon_held(tell);
}

/* n in decimal, by write alone (for the signal handler). */
static void
say_number(unsigned long n)
{
	char buf[24], *p = buf + sizeof(buf);

	*--p = '\0';
	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10) > 0 && p > buf);
	say(p);
}

/* The held files removed; tell: said in one line, the first named. */
static void
abandon_held(int tell)
{
	struct held *h, *first = held_head;
	unsigned long n = 0;
	int existed = 0;

	for (h = first; h != NULL; h = h->next) {
		unlink(h->tmp);
		existed |= h->existed;
		n++;
	}
	held_head = NULL;
	if (!tell || n == 0)
		return;
	say(tool_name);
	say(": interrupted: ");
	say(first->path);
	if (n > 1) {
		say(" and ");
		say_number(n - 1);
		say(" more");
	}
	say(" not written");
	say(!existed ? "\n" : n > 1 ? "; those there before are left as "
	    "they were\n" : "; the old file is left as it was\n");
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

/* Catch the signals that would leave a temporary file, unless the tool
 * was started with them ignored (nohup) or handles them itself. */
static void
catch_signals_once(void)
{
	struct sigaction sa, old;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(end_signals) / sizeof(end_signals[0]); i++) {
		sa.sa_handler = end_signals[i] == SIGXFSZ ? SIG_IGN :
		    on_signal;
		if (sigaction(end_signals[i], NULL, &old) == 0 &&
		    !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
			sigaction(end_signals[i], &sa, NULL);
	}
}

static void
catch_signals(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, catch_signals_once);
}

int
tool_tmp_make(char *tmpl)
{
	struct tmp_slot *sl = NULL;
	sigset_t all, old;
	size_t i;
	int fd = -1, err = EMFILE;

	catch_signals();
	pthread_mutex_lock(&tmp_mu);
	for (i = 0; i < TMP_SLOTS && sl == NULL; i++)
		if (!tmps[i].live)
			sl = &tmps[i];
	if (sl != NULL && strlen(tmpl) >= sizeof(sl->path))
		err = ENAMETOOLONG;
	else if (sl != NULL) {
		/* no signal between making the file and knowing it */
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old);
		if ((fd = mkstemp(tmpl)) >= 0) {
			strcpy(sl->path, tmpl);
			/* the name whole before a handler in another
			 * thread may read it */
			atomic_thread_fence(memory_order_release);
			sl->live = 1;
		}
		err = errno;
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	}
	pthread_mutex_unlock(&tmp_mu);
	errno = err;
	return fd;
}

int
tool_tmp_end(const char *tmp, const char *path)
{
	sigset_t all, old;
	size_t i;
	int rc, err;

	pthread_mutex_lock(&tmp_mu);
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	rc = path != NULL ? rename(tmp, path) : unlink(tmp);
	err = errno;
	/* a file that could not be renamed is still ours to remove */
	for (i = 0; i < TMP_SLOTS && (rc == 0 || path == NULL); i++)
		if (tmps[i].live && strcmp(tmps[i].path, tmp) == 0)
			tmps[i].live = 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_mutex_unlock(&tmp_mu);
	errno = err;
	return rc;
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
	/* no file has the empty name: refused before any work is done (it
	 * made a temporary file '..XXXXXX' here and failed at the rename) */
	if (path[0] == '\0') {
		errno = ENOENT;
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
	int fd, err = 0, direct;

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
	/* a device, a FIFO: written as it is, as the shell would, and opened
	 * with the signals let through, for a FIFO waits for its reader
	 * (with them blocked, only SIGKILL ended the wait) */
	direct = sl->existed && !S_ISREG(st.st_mode);
	if (direct) {
		sl->tmp[0] = '\0';
		fd = open(sl->target, O_WRONLY | O_NOCTTY);
	}
	/* no signal between making the file and knowing it */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (!direct)
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
tool_kth_path(const char *base, unsigned long k, char *buf, size_t size)
{
	size_t n = strlen(base);

	if (k <= 1 || strcmp(base, "-") == 0)
		snprintf(buf, size, "%s", base);
	else if (n > 4 && strcmp(base + n - 4, ".svg") == 0)
		snprintf(buf, size, "%.*s-%lu.svg", (int)(n - 4), base, k);
	else
		snprintf(buf, size, "%s-%lu", base, k);
}

int
tool_record_over(const char *file, const struct yote_record *rec)
{
	struct yote_error e;
	size_t n;

	yote_error_clear(&e);
	yote_record_check_limits(rec, &e);
	n = strlen(e.msg);
	snprintf(e.msg + n, sizeof(e.msg) - n, ": not written");
	e.file = file;
	e.game = rec->game;
	tool_diag(&e);
	return EXIT_INVALID;
}

int
tool_rebase(struct yote_rebase **cache, struct yote_record *rec,
    const char *from, const char *to, int embed)
{
	int rc = yote_record_rebase_rules(rec, from, to, embed, cache);

	if (rc != YOTE_ENOMEM)
		return rc;
	tool_warn("out of memory");
	return EXIT_IO;
}

void
tool_output_report(const char *file, unsigned long long written,
    unsigned long long kept, unsigned long long left_out,
    unsigned long long repeats, int status)
{
	const char *name = file ? file : "standard output";
	char kept_s[64] = "", left_s[64] = "", rep_s[64] = "";

	if (status == EXIT_IO && file != NULL && !abandoned.said) {
		/* no write of it failed: an input, another output or the
		 * memory did, and was said */
		tool_warn("%s: %s", file, abandoned.direct ? "cut short, as "
		    "the run failed (said above)" : abandoned.existed ? "not "
		    "written, as the run failed (said above); the old file is "
		    "left as it was" : "not written, as the run failed (said "
		    "above)");
		abandoned.said = 1;
		return;
	}
	/* said whenever a game was rejected or asked for in vain (exit
	 * status 1), and when --dedupe left repeats out (a run otherwise
	 * silent would hide them) */
	if (status != EXIT_INVALID && (status != EXIT_OK || repeats == 0))
		return;
	if (kept > 0)
		snprintf(kept_s, sizeof(kept_s), ", %llu of them invalid", kept);
	if (left_out > 0)
		snprintf(left_s, sizeof(left_s), ", %llu left out", left_out);
	/* --dedupe's are not said above */
	if (repeats > 0)
		snprintf(rep_s, sizeof(rep_s), ", %llu repeat%s left out",
		    repeats, repeats == 1 ? "" : "s");
	tool_warn("%s: %llu game%s written%s%s%s%s", name, written,
	    written == 1 ? "" : "s", kept_s, left_s, kept > 0 ||
	    left_out > 0 ? " (said above)" : "", rep_s);
}

/* The slot of fp, or NULL. */
static struct out_slot *
slot_of(FILE *fp)
{
	size_t i;

	for (i = 0; i < OUT_SLOTS; i++)
		if (slots[i].fp == fp && fp != NULL)
			return &slots[i];
	return NULL;
}

/* fp's last writes, its flush (and fsync when ok) and close: 0, or the
 * errno of the first that failed. */
static int
out_finish(struct out_slot *sl, FILE *fp, int ok)
{
	int err = 0;

	if (ferror(fp))
		err = tool_write_errno(fp);     /* said here, with its reason */
	else if (fflush(fp) != 0)
		err = errno;
	if (ok && err == 0 && sl->tmp[0] != '\0' && fsync(fileno(fp)) != 0)
		err = errno;
	if (fclose(fp) != 0 && err == 0)
		err = errno;
	return err;
}

int
tool_atomic_close(FILE *fp, const char *path, int ok)
{
	struct out_slot *sl = slot_of(fp);
	sigset_t all, old;
	int err, failed;

	if (sl == NULL)
		return fclose(fp) == 0 ? EXIT_OK : EXIT_IO;
	err = out_finish(sl, fp, ok);
	failed = !ok || err != 0;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (sl->tmp[0] != '\0') {
		if (!failed && rename(sl->tmp, sl->target) != 0) {
			err = errno;
			failed = 1;
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
	/* the caller that passed ok 0 with no write failed has said why;
	 * standard output ("-") in tool_stdout_done's words */
	abandoned.said = err != 0;
	if (err != 0 && strcmp(path, "-") == 0)
		tool_stdout_failed(err);
	else if (err != 0)
		tool_warn("%s: %s%s", path, strerror(err), abandoned.direct ?
		    "; what was written of it is cut short" : sl->existed ?
		    "; the old file is left as it was" : "");
	return err != 0 ? EXIT_IO : EXIT_OK;
}

int
tool_atomic_hold(FILE *fp, const char *path)
{
	struct out_slot *sl = slot_of(fp);
	struct held *h;
	sigset_t all, old;
	size_t nt, nr, np;
	int err;

	/* standard output, a device, a FIFO: written as they go */
	if (sl == NULL || sl->tmp[0] == '\0')
		return tool_atomic_close(fp, path, 1);
	nt = strlen(sl->tmp) + 1;
	nr = strlen(sl->target) + 1;
	np = strlen(path) + 1;
	if ((err = out_finish(sl, fp, 1)) == 0 &&
	    (h = malloc(sizeof(*h) + nt + nr + np)) == NULL)
		err = ENOMEM;
	sigfillset(&all);
	pthread_mutex_lock(&held_mu);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	if (err == 0) {
		h->next = NULL;
		h->existed = sl->existed;
		memcpy(h->tmp, sl->tmp, nt);
		h->target = h->tmp + nt;
		memcpy(h->target, sl->target, nr);
		h->path = h->target + nr;
		memcpy(h->path, path, np);
		/* whole before a handler in another thread may walk to it */
		atomic_thread_fence(memory_order_release);
		if (held_tail != NULL && held_head != NULL)
			held_tail->next = h;
		else
			held_head = h;
		held_tail = h;
	} else
		unlink(sl->tmp);
	sl->live = 0;
	sl->fp = NULL;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_mutex_unlock(&held_mu);
	if (err == 0)
		return EXIT_OK;
	tool_warn("%s: %s%s", path, strerror(err), sl->existed ?
	    "; the old file is left as it was" : "");
	return EXIT_IO;
}

int
tool_held_done(int status)
{
	struct held *h;
	sigset_t all, old;
	char *first = NULL;
	unsigned long n = 0;
	int put = status < EXIT_USAGE, existed = 0, err, st = status;

	sigfillset(&all);
	pthread_mutex_lock(&held_mu);
	for (;;) {
		pthread_sigmask(SIG_BLOCK, &all, &old);
		if ((h = held_head) != NULL) {
			err = put && rename(h->tmp, h->target) != 0 ? errno : 0;
			if (!put || err != 0)
				unlink(h->tmp);
			held_head = h->next;
		}
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		if (h == NULL)
			break;
		if (err != 0) {
			tool_warn("%s: %s%s", h->path, strerror(err),
			    h->existed ? "; the old file is left as it was" :
			    "");
			st = EXIT_IO;
		}
		existed |= h->existed;
		if (n++ == 0 && !put)
			first = strdup(h->path);
		free(h);
	}
	held_tail = NULL;
	pthread_mutex_unlock(&held_mu);
	if (!put && n > 0) {
		if (n == 1)
			tool_warn("%s: not written, as the run failed (said "
			    "above)%s", first ? first : "a file", existed ?
			    "; the old file is left as it was" : "");
		else
			tool_warn("%s and %lu more: not written, as the run "
			    "failed (said above)%s", first ? first : "a file",
			    n - 1, existed ? "; those there before are left "
			    "as they were" : "");
	}
	free(first);
	return st > status ? st : status;
}

FILE *
tool_output_open(const char *path)
{
	FILE *fp;

	if (path == NULL)
		return stdout;
	if ((fp = tool_atomic_open(path)) == NULL)
		tool_warn("%s: cannot write: %s", path, strerror(errno));
	return fp;
}

int
tool_report_done(FILE *fp, const char *path, int status, int st, int holds)
{
	if (holds && path != NULL && status < EXIT_USAGE && st == EXIT_IO)
		return tool_atomic_close(fp, path, 1) == EXIT_OK ? st :
		    EXIT_IO;
	return tool_output_done(fp, path, st);
}

int
tool_output_done(FILE *fp, const char *path, int status)
{
	int st;

	if (path == NULL)
		return status;
	/* written on exit status 0 or 1 alone (yote(7)): a usage error
	 * found late leaves the old file */
	st = tool_atomic_close(fp, path, status < EXIT_USAGE);
	if (st > status)
		status = st;
	tool_output_report(path, 0, 0, 0, 0, status == EXIT_IO ? EXIT_IO :
	    EXIT_OK);
	return status;
}
