/*
 * archive_input.c - the bytes an archive reader reads (archive_read.c,
 * archive_jump.c): read, put back to be read again (after the scan for
 * a header), sought, passed over, and read up to a length a header
 * claims as they really arrive.  The reader's offset counts them all.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "archive_int.h"

size_t
yote_arc_read(struct yote_arc_reader *a, void *dst, size_t n)
{
	unsigned char *d = dst;
	size_t got = 0, k;

	if (a->pbpos < a->pblen) {
		k = a->pblen - a->pbpos < n ? a->pblen - a->pbpos : n;
		memcpy(d, a->pb + a->pbpos, k);
		a->pbpos += k;
		got = k;
	}
	if (got < n) {
		k = fread(d + got, 1, n - got, a->fp);
		if (k < n - got && ferror(a->fp))
			a->io_errno = errno ? errno : EIO;
		got += k;
	}
	a->off += got;
	return got;
}

/* Put bytes back to be read again from offset off. */
int
yote_arc_unread(struct yote_arc_reader *a, const unsigned char *p, size_t n,
    uint64_t off)
{
	unsigned char *nb = malloc(n + (a->pblen - a->pbpos) + 1);

	if (nb == NULL)
		return YOTE_ENOMEM;
	memcpy(nb, p, n);
	memcpy(nb + n, a->pb + a->pbpos, a->pblen - a->pbpos);
	n += a->pblen - a->pbpos;
	free(a->pb);
	a->pb = nb;
	a->pblen = n;
	a->pbpos = 0;
	a->off = off;
	return 0;
}

int
yote_arc_seek(struct yote_arc_reader *a, uint64_t off)
{
	if (a->base < 0 || off > (uint64_t)LLONG_MAX - (uint64_t)a->base ||
	    fseeko(a->fp, (off_t)(a->base + (long long)off), SEEK_SET) != 0)
		return -1;
	a->pblen = a->pbpos = 0;
	a->off = off;
	return 0;
}

/* Pass over n bytes; -1 when the input ends first. */
int
yote_arc_pass(struct yote_arc_reader *a, uint64_t n)
{
	unsigned char tmp[8192];
	size_t k;

	if (a->pbpos < a->pblen) {
		k = a->pblen - a->pbpos < n ? a->pblen - a->pbpos : (size_t)n;
		a->pbpos += k;
		a->off += k;
		n -= k;
	}
	if (n > 0 && a->base >= 0 && n < (uint64_t)LLONG_MAX &&
	    fseeko(a->fp, (off_t)n, SEEK_CUR) == 0) {
		/* a seek past the end of a file succeeds: the input ends
		 * there all the same, as it does for a pipe */
		struct stat st;
		off_t at = ftello(a->fp);

		if (at >= 0 && fstat(fileno(a->fp), &st) == 0 &&
		    S_ISREG(st.st_mode) && at > st.st_size &&
		    (uint64_t)(at - st.st_size) <= n &&
		    fseeko(a->fp, 0, SEEK_END) == 0) {
			a->off += n - (uint64_t)(at - st.st_size);
			return -1;
		}
		a->off += n;
		return 0;
	}
	while (n > 0) {
		if ((k = yote_arc_read(a, tmp, n < sizeof(tmp) ? (size_t)n :
		    sizeof(tmp))) == 0)
			return -1;
		n -= k;
	}
	return 0;
}

/*
 * Read up to n bytes into a new buffer that grows as they really arrive,
 * so that a length claimed by a header costs memory only once the bytes
 * are there.  NULL when out of memory; *got says how many came (fewer
 * than n: the input ended).
 */
unsigned char *
yote_arc_read_claim(struct yote_arc_reader *a, uint64_t n, size_t *got)
{
	struct buf b = { NULL, 0, 0, 0 };
	size_t step = ARC_READ_STEP, want, k;

	*got = 0;
	if (yote_buf_grow(&b, 1) != 0)
		return NULL;
	while (b.n < n) {
		want = n - b.n < step ? (size_t)(n - b.n) : step;
		if (yote_buf_grow(&b, want + 1) != 0) {
			yote_buf_free(&b);
			return NULL;
		}
		k = yote_arc_read(a, b.p + b.n, want);
		b.n += k;
		if (k < want)
			break;
		step *= 2;
	}
	*got = b.n;
	return b.p;
}
