/*
 * textfile.c - a file an option or a record names, other than the games
 * themselves (a ruleset, a criteria file, an openings file), read whole
 * into memory within a limit (yote_limits.h), so that no such file can
 * make a tool read for ever or grow without bound: /dev/zero, a FIFO fed
 * without end, a file of gigabytes.  A text file with a NUL byte is
 * refused where the byte is: read as a C string, a line that begins with
 * one would be an empty line, and a criteria file of them chose every
 * game.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yote_int.h"

/* The limit as people write it: "64 KiB", "1 MiB", "100 bytes". */
static const char *
size_text(size_t n, char *buf, size_t size)
{
	if (n >= (1UL << 20) && n % (1UL << 20) == 0)
		snprintf(buf, size, "%zu MiB", n >> 20);
	else if (n >= 1024 && n % 1024 == 0)
		snprintf(buf, size, "%zu KiB", n >> 10);
	else
		snprintf(buf, size, "%zu bytes", n);
	return buf;
}

/* Line and column of byte at of buf into err. */
static void
mark(const char *buf, size_t at, struct yote_error *err)
{
	const char *p = buf, *nl;

	err->line = 1;
	while ((nl = memchr(p, '\n', (size_t)(buf + at - p))) != NULL) {
		err->line++;
		p = nl + 1;
	}
	err->col = (unsigned long)(buf + at - p) + 1;
}

/* Open path ("-": standard input, unless regular only) into *fd: 0, or
 * an error code with err set. */
static int
open_file(const char *path, unsigned flags, const char *what, int *fd,
    struct yote_error *err)
{
	struct stat st;
	int rc;

	*fd = 0;
	if (strcmp(path, "-") == 0 && !(flags & YOTE_FILE_REGULAR)) {
		/* a directory there too (< dir), in the same words */
		if (fstat(0, &st) == 0 && S_ISDIR(st.st_mode))
			return yote_error_set(err, YOTE_EIO, "a directory, "
			    "not %s", what);
		return 0;
	}
	/* without blocking: a FIFO answers at once, to be refused */
	if ((*fd = open(path, O_RDONLY | O_NOCTTY | ((flags &
	    YOTE_FILE_REGULAR) ? O_NONBLOCK : 0))) < 0)
		return yote_error_set(err, YOTE_EIO, "%s", strerror(errno));
	if (fstat(*fd, &st) != 0)
		rc = yote_error_set(err, YOTE_EIO, "%s", strerror(errno));
	else if (S_ISDIR(st.st_mode))
		rc = yote_error_set(err, YOTE_EIO, "a directory, not %s", what);
	else if ((flags & YOTE_FILE_REGULAR) && !S_ISREG(st.st_mode))
		/* refused as a directory is, in its words */
		rc = yote_error_set(err, YOTE_EIO, "not a regular file (a "
		    "FIFO, a device or a socket), not %s", what);
	else
		return 0;
	close(*fd);
	return rc;
}

/* Read fd to its end or past max: 0, or an error code with err set. */
static int
read_all(int fd, size_t max, char **buf, size_t *len,
    struct yote_error *err)
{
	struct stat st;
	size_t cap = 4096;
	ssize_t got;
	char *nb;

	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		cap = (size_t)st.st_size < max ? (size_t)st.st_size + 1 :
		    max + 1;
	if ((*buf = malloc(cap + 1)) == NULL)
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	*len = 0;
	while (*len <= max) {
		if (*len == cap) {
			cap = cap > max / 2 ? max + 1 : 2 * cap;
			if ((nb = realloc(*buf, cap + 1)) == NULL)
				return yote_error_set(err, YOTE_ENOMEM,
				    "out of memory");
			*buf = nb;
		}
		if ((got = read(fd, *buf + *len, cap - *len)) > 0)
			*len += (size_t)got;
		else if (got == 0)
			break;
		else if (errno != EINTR)
			return yote_error_set(err, YOTE_EIO, "%s",
			    strerror(errno));
	}
	(*buf)[*len] = '\0';
	return 0;
}

int
yote_file_read(const char *path, size_t max, unsigned flags,
    const char *what, char **buf, size_t *len, struct yote_error *err)
{
	char size[32];
	const char *nul;
	int fd, rc;

	*buf = NULL;
	*len = 0;
	if ((rc = open_file(path, flags, what, &fd, err)) != 0)
		return rc;
	rc = read_all(fd, max, buf, len, err);
	if (fd != 0)
		close(fd);
	/* the first problem in reading order: a NUL byte, else the limit */
	if (rc == 0 && (flags & YOTE_FILE_TEXT) && (nul = memchr(*buf, '\0',
	    *len < max ? *len : max)) != NULL) {
		rc = yote_error_set(err, YOTE_EVALUE, "a NUL byte: %s is text",
		    what);
		if (err != NULL)
			mark(*buf, (size_t)(nul - *buf), err);
	} else if (rc == 0 && *len > max) {
		rc = yote_error_set(err, YOTE_ELIMIT, "larger than %s (the "
		    "limit for %s)", size_text(max, size, sizeof(size)), what);
		if (err != NULL)
			mark(*buf, max, err);
	}
	if (rc != 0) {
		free(*buf);
		*buf = NULL;
		*len = 0;
	}
	return rc;
}
