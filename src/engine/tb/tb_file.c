/*
 * tb_file.c - the endgame tables' cache files (formats/tablebase.md): one
 * file per class, a header that must match in full, then the values and
 * the dtz bytes compressed with zlib.
 *
 * The cache may be shared, so a file is trusted for nothing: only a
 * regular file is opened (a symbolic link to one too; never a FIFO or a
 * device, and nothing that could block), its size must be the header's,
 * its data the checksum's, and every value one the format allows; else
 * the class is built again and the file replaced.  Files are written to
 * a temporary file made through the program's hooks (yote_tb_io: the
 * tools remove it on a signal) and renamed into place; a write that
 * fails (a full disk, a file-size limit) leaves the table in memory.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "tb_int.h"

#define CHUNK 65536             /* bytes read, inflated or written at once */

/* ---------------------------------------------------------------- files */

static void
put32(unsigned char *b, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static void
put64(unsigned char *b, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static unsigned
get16(const unsigned char *b)
{
	return (unsigned)b[0] | (unsigned)b[1] << 8;
}

static uint32_t
get32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	    (uint32_t)b[3] << 24;
}

static uint64_t
get64(const unsigned char *b)
{
	return (uint64_t)get32(b) | (uint64_t)get32(b + 4) << 32;
}

/* FNV-1a over the parameters the solution depends on. */
uint64_t
yote_tb_rules_hash(const struct yote_rules *r)
{
	int f[9] = { TB_VERSION, r->width, r->height, (int)r->opening,
		r->chain, (int)r->bonus, (int)r->selfjump, (int)r->blocked,
		r->few_pieces };
	uint64_t h = 0xcbf29ce484222325ULL;
	int i;

	for (i = 0; i < 9; i++) {
		h ^= (uint64_t)(uint32_t)f[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

void
yote_tb_note(struct yote_tb *tb, int kind, const char *fmt, ...)
{
	char msg[PATH_MAX + 256];
	va_list ap;

	if (tb->io.note == NULL || (tb->noted & 1U << kind))
		return;
	tb->noted |= 1U << kind;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tb->io.note(tb->io.ctx, kind, msg);
}

static char *
class_path(const struct yote_tb *tb, const struct yote_tb_class *c)
{
	size_t len = strlen(tb->dir) + 64;
	char *path = malloc(len);

	if (path)
		snprintf(path, len, "%s/%016llx-%d.%d-%d.%d.ytb", tb->dir,
		    (unsigned long long)tb->hash, c->board[0], c->hand[0],
		    c->board[1], c->hand[1]);
	return path;
}

/* The header: magic, version, rules hash, board, class, reach, sizes, CRC. */
static void
make_head(const struct yote_tb *tb, const struct yote_tb_class *c,
    uint64_t n, uint64_t zlen, uint32_t dcrc, unsigned reach,
    unsigned char *h)
{
	memset(h, 0, TB_HEAD);
	memcpy(h, TB_MAGIC, 8);
	put32(h + 8, TB_VERSION);
	put64(h + 12, tb->hash);
	h[20] = (unsigned char)tb->rules.width;
	h[21] = (unsigned char)tb->rules.height;
	h[22] = (unsigned char)c->board[0];
	h[23] = (unsigned char)c->hand[0];
	h[24] = (unsigned char)c->board[1];
	h[25] = (unsigned char)c->hand[1];
	h[26] = (unsigned char)reach;
	h[27] = (unsigned char)(reach >> 8);
	put64(h + 28, n);
	put64(h + 36, zlen);
	put32(h + 44, dcrc);
}

/* All of len bytes from fd: 0, or -1 (errno; 0 at the end of the file). */
static int
read_full(int fd, void *buf, size_t len)
{
	unsigned char *p = buf;
	ssize_t k;

	while (len > 0) {
		k = read(fd, p, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = 0;
			return -1;
		}
		p += k;
		len -= (size_t)k;
	}
	return 0;
}

static int
write_full(int fd, const void *buf, size_t len)
{
	const unsigned char *p = buf;
	ssize_t k;

	while (len > 0) {
		k = write(fd, p, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			return -1;
		p += k;
		len -= (size_t)k;
	}
	return 0;
}

/*
 * path opened for reading when it is a regular file, a symbolic link to
 * one included: a FIFO, a device or a socket is refused before it is
 * opened (and O_NONBLOCK keeps one put there since from blocking the
 * open).  The descriptor, with *st; -1 (errno) when there is no such
 * file or it cannot be opened; -2 when it is not a regular file.
 */
static int
open_regular(const char *path, struct stat *st)
{
	struct stat now;
	int fd;

	if (stat(path, st) != 0)
		return -1;
	if (!S_ISREG(st->st_mode))
		return -2;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &now) != 0 || !S_ISREG(now.st_mode) ||
	    now.st_dev != st->st_dev || now.st_ino != st->st_ino) {
		close(fd);
		return -2;      /* changed between the two looks */
	}
	*st = now;
	return fd;
}

/* Bytes of the uncompressed data from offset off into the table: the
 * values, two bytes each, little-endian, then the dtz bytes. */
static void
spread(struct table *t, uint64_t off, const unsigned char *b, size_t len)
{
	uint64_t o;
	size_t k;

	for (k = 0; k < len; k++) {
		o = off + k;
		if (o >= 2 * t->n)
			t->z[o - 2 * t->n] = b[k];
		else if (o & 1)
			t->v[o / 2] = (uint16_t)(t->v[o / 2] | b[k] << 8);
		else
			t->v[o / 2] = b[k];
	}
}

/*
 * Whether every value of t is one the format allows (formats/
 * tablebase.md): a draw, or a win or loss in at most MAX_DIST plies, with
 * a dtz of 0 for a draw and at most the distance otherwise.  0, or -1
 * with the first position that is not, in words.
 */
static int
values_allowed(const struct table *t, char *why, size_t size)
{
	uint64_t i;
	unsigned v, d;

	for (i = 0; i < t->n; i++) {
		v = t->v[i];
		d = v == V_DRAW ? 0 : (v - 1) / 2;
		if (d > MAX_DIST) {
			snprintf(why, size, "position %llu says %s in %u "
			    "plies; the format allows %d at most",
			    (unsigned long long)i, v & 1 ? "won" : "lost", d,
			    MAX_DIST);
			return -1;
		}
		if (t->z[i] > d) {
			snprintf(why, size, "position %llu says %s with %u "
			    "plies to the next capture, more than the %u to "
			    "the end", (unsigned long long)i, v == V_DRAW ?
			    "drawn" : v & 1 ? "won" : "lost", t->z[i], d);
			return -1;
		}
	}
	return 0;
}

/* The zlib data of the file into t (zlen bytes from fd): 0, or -1 with
 * why. */
static int
inflate_into(int fd, uint64_t zlen, struct table *t, uint32_t crc_want,
    char *why, size_t size)
{
	unsigned char *in = malloc(CHUNK), *out = malloc(CHUNK);
	uint64_t off = 0, total = 3 * t->n, left = zlen;
	uLong crc = crc32(0L, Z_NULL, 0);
	z_stream zs;
	size_t got, k;
	int zrc = Z_OK, rc = -1;

	memset(&zs, 0, sizeof(zs));
	if (!in || !out || inflateInit(&zs) != Z_OK) {
		snprintf(why, size, "out of memory");
		free(in);
		free(out);
		return -1;
	}
	while (zrc != Z_STREAM_END) {
		if (zs.avail_in == 0) {
			k = left < CHUNK ? (size_t)left : CHUNK;
			if (k == 0)
				break;  /* the stream goes on past its end */
			if (read_full(fd, in, k) != 0) {
				snprintf(why, size, "%s", errno ? strerror(errno)
				    : "cut short");
				goto out;
			}
			left -= k;
			zs.next_in = in;
			zs.avail_in = (uInt)k;
		}
		zs.next_out = out;
		zs.avail_out = CHUNK;
		zrc = inflate(&zs, Z_NO_FLUSH);
		if (zrc != Z_OK && zrc != Z_STREAM_END)
			break;
		got = CHUNK - zs.avail_out;
		if (got > total - off)
			break;
		crc = crc32(crc, out, (uInt)got);
		spread(t, off, out, got);
		off += got;
	}
	if (zrc != Z_STREAM_END || off != total || left != 0 ||
	    zs.avail_in != 0)
		snprintf(why, size, "damaged: its data do not inflate to "
		    "the class's %llu positions", (unsigned long long)t->n);
	else if ((uint32_t)crc != crc_want)
		snprintf(why, size, "damaged: wrong checksum");
	else
		rc = 0;
out:
	inflateEnd(&zs);
	free(in);
	free(out);
	return rc;
}

int
yote_tb_load(struct yote_tb *tb, const struct yote_tb_class *c, struct table *t)
{
	unsigned char head[TB_HEAD], want[TB_HEAD];
	char why[160] = "";
	char *path = class_path(tb, c);
	struct stat st;
	uint64_t zlen, i;
	int fd, ok = 0;

	if (path == NULL)
		return 0;
	fd = open_regular(path, &st);
	if (fd == -2)
		snprintf(why, sizeof(why), "not a regular file");
	else if (fd < 0 && errno != ENOENT && errno != ENOTDIR)
		snprintf(why, sizeof(why), "%s", strerror(errno));
	if (fd < 0)
		goto out;
	if (read_full(fd, head, TB_HEAD) != 0) {
		snprintf(why, sizeof(why), "cut short");
		goto out;
	}
	zlen = get64(head + 36);
	make_head(tb, c, t->n, zlen, get32(head + 44), get16(head + 26),
	    want);
	if (memcmp(head, want, TB_HEAD) != 0 || get16(head + 26) > Z_LONG) {
		snprintf(why, sizeof(why), memcmp(head, want, 12) != 0 ?
		    "not a table of this format" : "not the table of this "
		    "ruleset and class");
		goto out;
	}
	if (zlen > 6 * t->n + 1024 || (uint64_t)st.st_size != TB_HEAD + zlen) {
		snprintf(why, sizeof(why), "%llu bytes where the header says "
		    "%llu", (unsigned long long)st.st_size, (unsigned long
		    long)(TB_HEAD + zlen));
		goto out;
	}
	if (inflate_into(fd, zlen, t, get32(head + 44), why, sizeof(why)) !=
	    0 || values_allowed(t, why, sizeof(why)) != 0)
		goto out;
	t->maxz = 0;
	for (i = 0; i < t->n; i++)
		if (t->z[i] > t->maxz)
			t->maxz = t->z[i];
	t->reach = get16(head + 26);
	ok = 1;
out:
	if (why[0] != '\0')
		yote_tb_note(tb, YOTE_TB_NOTE_REFUSED, "%s: %s; the file is "
		    "not used, the class is built again", path, why);
	if (fd >= 0)
		close(fd);
	free(path);
	return ok;
}

/*
 * Make the cache directory and its missing parents, except the part the
 * handle must find ($HOME, $XDG_CACHE_HOME): 0 or an errno value.
 */
static int
make_dirs(const struct yote_tb *tb)
{
	char path[PATH_MAX], *s;
	struct stat st;

	if (strlen(tb->dir) >= sizeof(path))
		return ENAMETOOLONG;
	strcpy(path, tb->dir);
	if (tb->dir_base > 0) {
		path[tb->dir_base] = '\0';
		if (stat(path, &st) != 0)
			return errno;
		if (!S_ISDIR(st.st_mode))
			return ENOTDIR;
		path[tb->dir_base] = tb->dir[tb->dir_base];
	}
	for (s = path + tb->dir_base + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST)
			return errno;
		*s = '/';
	}
	if (mkdir(path, 0777) != 0 && errno != EEXIST)
		return errno;
	return 0;
}

int
yote_tb_writable(const struct yote_tb *tb, struct yote_error *err)
{
	char path[PATH_MAX], *slash;
	struct stat st;

	if (tb->dir == NULL)
		return 0;
	if (strlen(tb->dir) >= sizeof(path))
		return yote_error_set(err, YOTE_EIO, "%s: %s", tb->dir,
		    strerror(ENAMETOOLONG));
	strcpy(path, tb->dir);
	if (tb->dir_base > 0) {
		path[tb->dir_base] = '\0';
		if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
			return yote_error_set(err, YOTE_EIO, "%s: %s is not "
			    "there, and a cache is made only under it",
			    tb->dir, path);
		strcpy(path, tb->dir);
	}
	/* the directory, or the nearest of its parents that exists */
	while (stat(path, &st) != 0) {
		if (errno != ENOENT)
			return yote_error_set(err, YOTE_EIO, "%s: %s", tb->dir,
			    strerror(errno));
		if ((slash = strrchr(path, '/')) == NULL)
			strcpy(path, ".");
		else if (slash == path)
			path[1] = '\0';
		else
			*slash = '\0';
	}
	if (!S_ISDIR(st.st_mode))
		return yote_error_set(err, YOTE_EIO, "%s: %s", tb->dir,
		    strerror(ENOTDIR));
	if (access(path, W_OK | X_OK) != 0)
		return yote_error_set(err, YOTE_EIO, "%s: %s", tb->dir,
		    strerror(errno));
	return 0;
}

static int
tmp_make(struct yote_tb *tb, char *tmpl)
{
	if (tb->io.tmp_make != NULL)
		return tb->io.tmp_make(tb->io.ctx, tmpl);
	return mkstemp(tmpl);
}

static int
tmp_end(struct yote_tb *tb, const char *tmp, const char *path)
{
	if (tb->io.tmp_end != NULL)
		return tb->io.tmp_end(tb->io.ctx, tmp, path);
	return path != NULL ? rename(tmp, path) : unlink(tmp);
}

/* Compress t's data into fd after the header's place: 0 with *zlen and
 * *crc, or -1 (errno; 0 when out of memory). */
static int
deflate_table(int fd, const struct table *t, uint64_t *zlen, uint32_t *crc)
{
	unsigned char *in = malloc(CHUNK), *out = malloc(CHUNK);
	uint64_t i = 0, j = 0;
	uLong sum = crc32(0L, Z_NULL, 0);
	z_stream zs;
	size_t k;
	int flush = Z_NO_FLUSH, zrc = Z_OK, rc = -1;

	memset(&zs, 0, sizeof(zs));
	errno = 0;
	if (!in || !out || deflateInit(&zs, 6) != Z_OK) {
		free(in);
		free(out);
		return -1;
	}
	*zlen = 0;
	while (zrc != Z_STREAM_END) {
		if (zs.avail_in == 0 && flush == Z_NO_FLUSH) {
			/* the values little-endian, then the dtz bytes */
			for (k = 0; k + 1 < CHUNK && i < t->n; i++) {
				in[k++] = (unsigned char)t->v[i];
				in[k++] = (unsigned char)(t->v[i] >> 8);
			}
			for (; k < CHUNK && i == t->n && j < t->n; j++)
				in[k++] = t->z[j];
			if (j == t->n)
				flush = Z_FINISH;
			sum = crc32(sum, in, (uInt)k);
			zs.next_in = in;
			zs.avail_in = (uInt)k;
		}
		zs.next_out = out;
		zs.avail_out = CHUNK;
		zrc = deflate(&zs, flush);
		if (zrc != Z_OK && zrc != Z_STREAM_END && zrc != Z_BUF_ERROR)
			goto done;
		k = CHUNK - zs.avail_out;
		if (write_full(fd, out, k) != 0)
			goto done;
		*zlen += k;
	}
	*crc = (uint32_t)sum;
	rc = 0;
done:
	deflateEnd(&zs);
	free(in);
	free(out);
	return rc;
}

/* Write the table to a temporary file and rename it into place. */
int
yote_tb_save(struct yote_tb *tb, const struct yote_tb_class *c,
    const struct table *t, uint64_t *bytes, struct yote_error *err)
{
	unsigned char head[TB_HEAD];
	char *path = class_path(tb, c), *tmp = NULL;
	const char *where;
	uint64_t zlen = 0;
	uint32_t crc = 0;
	int fd = -1, e = 0, rc = 0;

	if (path == NULL || (tmp = malloc(strlen(path) + 8)) == NULL) {
		free(path);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	sprintf(tmp, "%s.XXXXXX", path);
	where = tb->dir;
	if ((e = make_dirs(tb)) != 0 || (fd = tmp_make(tb, tmp)) < 0) {
		e = e ? e : errno;
		goto fail;
	}
	where = tmp;
	(void)fchmod(fd, 0644);         /* mkstemp's 0600 would hide a shared
					   cache from other users */
	memset(head, 0, TB_HEAD);
	if (write_full(fd, head, TB_HEAD) != 0 ||
	    deflate_table(fd, t, &zlen, &crc) != 0) {
		e = errno ? errno : ENOMEM;
		goto fail;
	}
	make_head(tb, c, t->n, zlen, crc, (unsigned)t->reach, head);
	if (pwrite(fd, head, TB_HEAD, 0) != TB_HEAD) {
		e = errno ? errno : EIO;
		goto fail;
	}
	e = close(fd) != 0 ? errno : 0;
	fd = -1;
	where = path;
	if (e != 0 || tmp_end(tb, tmp, path) != 0) {
		e = e ? e : errno;
		goto fail;
	}
	if (bytes)
		*bytes = TB_HEAD + zlen;
	goto out;
fail:
	if (fd >= 0)
		close(fd);
	if (where != tb->dir)
		(void)tmp_end(tb, tmp, NULL);
	rc = yote_error_set(err, e == ENOMEM ? YOTE_ENOMEM : YOTE_EIO,
	    "%s: %s", where, strerror(e));
	yote_tb_note(tb, YOTE_TB_NOTE_UNSAVED, "cannot write %s: %s; the "
	    "tables are kept in memory", where, strerror(e));
out:
	free(path);
	free(tmp);
	return rc;
}
