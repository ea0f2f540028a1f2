/*
 * tb_file.c - the endgame tables' cache files (formats/tablebase.md): one
 * file per class, a header that must match in full, then the values and
 * the dtz bytes compressed with zlib.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "tb_int.h"

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

static uint32_t
crc_of(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	uLong crc = crc32(0L, Z_NULL, 0);
	uInt k;

	while (len > 0) {
		k = len > (1U << 30) ? 1U << 30 : (uInt)len;
		crc = crc32(crc, p, k);
		p += k;
		len -= k;
	}
	return (uint32_t)crc;
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

/* 1 when the file is there, whole and ours (t->v filled), else 0. */
int
yote_tb_load(struct yote_tb *tb, const struct yote_tb_class *c, struct table *t)
{
	unsigned char head[TB_HEAD], want[TB_HEAD], *z = NULL, *raw = NULL;
	uint64_t zlen, i;
	uLongf outlen;
	char *path = class_path(tb, c);
	FILE *fp = path ? fopen(path, "rb") : NULL;
	int ok = 0;

	free(path);
	if (!fp)
		return 0;
	if (fread(head, 1, TB_HEAD, fp) != TB_HEAD)
		goto out;
	zlen = get64(head + 36);
	make_head(tb, c, t->n, zlen, get32(head + 44), get16(head + 26),
	    want);
	if (memcmp(head, want, TB_HEAD) != 0 || zlen > 6 * t->n + 1024 ||
	    get16(head + 26) > Z_LONG)
		goto out;
	z = malloc(zlen ? zlen : 1);
	raw = malloc(t->n * 3);
	if (!z || !raw || fread(z, 1, zlen, fp) != zlen || fgetc(fp) != EOF)
		goto out;
	outlen = (uLongf)(t->n * 3);
	if (uncompress(raw, &outlen, z, (uLong)zlen) != Z_OK ||
	    outlen != t->n * 3 || crc_of(raw, outlen) != get32(head + 44))
		goto out;
	/* the values little-endian, then the dtz bytes */
	t->maxz = 0;
	for (i = 0; i < t->n; i++) {
		t->v[i] = (uint16_t)(raw[2 * i] | raw[2 * i + 1] << 8);
		t->z[i] = raw[2 * t->n + i];
		if (t->z[i] > t->maxz)
			t->maxz = t->z[i];
	}
	t->reach = get16(head + 26);
	ok = 1;
out:
	free(raw);
	free(z);
	fclose(fp);
	return ok;
}

static int
make_dirs(char *path)
{
	char *s;

	for (s = path + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	if (mkdir(path, 0777) != 0 && errno != EEXIST)
		return -1;
	return 0;
}

/* Write the table to a temporary file and rename it into place. */
int
yote_tb_save(struct yote_tb *tb, const struct yote_tb_class *c,
    const struct table *t, uint64_t *bytes, struct yote_error *err)
{
	unsigned char head[TB_HEAD], *raw, *z;
	uLongf zlen;
	uint64_t i;
	char *path, *tmp;
	FILE *fp;
	int fd, rc = 0;

	raw = malloc(t->n * 3);
	zlen = compressBound((uLong)(t->n * 3));
	z = malloc(zlen);
	path = class_path(tb, c);
	tmp = path ? malloc(strlen(path) + 8) : NULL;
	if (!raw || !z || !tmp) {
		rc = yote_error_set(err, YOTE_ENOMEM, "out of memory");
		goto out;
	}
	for (i = 0; i < t->n; i++) {
		raw[2 * i] = (unsigned char)t->v[i];
		raw[2 * i + 1] = (unsigned char)(t->v[i] >> 8);
		raw[2 * t->n + i] = t->z[i];
	}
	if (compress2(z, &zlen, raw, (uLong)(t->n * 3), 6) != Z_OK) {
		rc = yote_error_set(err, YOTE_ENOMEM, "out of memory");
		goto out;
	}
	make_head(tb, c, t->n, zlen, crc_of(raw, t->n * 3), (unsigned)t->reach,
	    head);
	sprintf(tmp, "%s.XXXXXX", path);
	if (make_dirs(tb->dir) != 0 || (fd = mkstemp(tmp)) < 0) {
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", tb->dir,
		    strerror(errno));
		goto out;
	}
	(void)fchmod(fd, 0644);         /* mkstemp's 0600 would hide a shared
					   cache from other users */
	fp = fdopen(fd, "wb");
	if (!fp) {
		close(fd);
		remove(tmp);
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", tmp,
		    strerror(errno));
		goto out;
	}
	if (fwrite(head, 1, TB_HEAD, fp) != TB_HEAD ||
	    fwrite(z, 1, zlen, fp) != zlen) {
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", tmp,
		    strerror(errno));
		fclose(fp);
		remove(tmp);
		goto out;
	}
	if (fclose(fp) != 0 || rename(tmp, path) != 0) {
		rc = yote_error_set(err, YOTE_EIO, "%s: %s", path,
		    strerror(errno));
		remove(tmp);
		goto out;
	}
	if (bytes)
		*bytes = TB_HEAD + (uint64_t)zlen;
out:
	free(raw);
	free(z);
	free(path);
	free(tmp);
	return rc;
}
