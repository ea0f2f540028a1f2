/*
 * archive_read.c - format detection, and the archive reader that
 * yote_reader (src/stream/reader.c) hands an archive to
 * (src/record/yote_fmt.h, formats/archive.md).
 *
 * The reader walks members and blocks, checks every header's CRC and
 * every payload's, and names what is damaged or missing in games; after
 * a bad header it looks for the next valid one and goes on, so the games
 * of every intact block come out.  With an index it goes straight to the
 * block that holds a game (yote_arc_skip, through archive_jump.c); its
 * bytes come through archive_input.c.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "archive_int.h"
#include "yote_fmt.h"

/* ------------------------------------------------------------ reader */

/* How far a_resync looks for the next header: past a block that holds
 * one game at the size limit, and no further (an endless input, a pipe
 * from /dev/zero, would be read for ever). */
#define RESYNC_MAX (2 * (uint64_t)YOTE_MAX_DOCUMENT)

/* Report a problem of the stream; codes other than YOTE_EVALUE end it. */
static int
a_err(struct yote_arc_reader *a, struct yote_error *err, int code,
    unsigned long game, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static int
a_err(struct yote_arc_reader *a, struct yote_error *err, int code,
    unsigned long game, const char *fmt, ...)
{
	char msg[sizeof(err->msg)];
	va_list ap;

	if (a->io_errno) {
		code = YOTE_EIO;
		snprintf(msg, sizeof(msg), "read error: %s",
		    strerror(a->io_errno));
	} else {
		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
	}
	if (code != YOTE_EVALUE)
		a->state = S_DONE;
	yote_error_set(err, code, "%s", msg);
	if (err != NULL) {
		err->diag = code == YOTE_EIO ? YOTE_D_IO : code ==
		    YOTE_ELIMIT ? YOTE_D_LIMIT : YOTE_D_DAMAGED;
		err->game = game;
	}
	return code;
}

/*
 * After a bad header at byte offset from (have: the bytes read from
 * there), find the next valid block or member header and leave it to be
 * read next.  1 when a block header is found, 2 a member header, 0 at
 * the end of the input, or YOTE_ENOMEM.
 */
static int
a_resync(struct yote_arc_reader *a, const unsigned char *have, size_t nhave,
    uint64_t from)
{
	struct buf b = { NULL, 0, 0, 0 };
	uint64_t at = from + 1;         /* offset of b.p[0] */
	size_t p, k;
	int eof = 0, rc;

	if (nhave > 1)
		yote_buf_put(&b, have + 1, nhave - 1);
	for (;;) {
		for (p = 0; p < b.n; p++) {
			if (p + BLOCK_HEAD > b.n && (!eof ||
			    p + MEMBER_HEAD > b.n))
				break;
			if (p + BLOCK_HEAD <= b.n && b.p[p] == 'Y' &&
			    yote_arc_block_head_ok(b.p + p))
				goto found;
			if (b.p[p] == yote_arc_magic[0] &&
			    yote_arc_member_head_ok(b.p + p))
				goto found;
		}
		if (eof || a->io_errno || b.oom || at + p - from >
		    RESYNC_MAX) {
			a->gave_up = !eof && !a->io_errno && !b.oom;
			yote_buf_free(&b);
			return b.oom ? YOTE_ENOMEM : 0;
		}
		/* keep what could not be checked yet, read more */
		memmove(b.p, b.p + p, b.n - p);
		b.n -= p;
		at += p;
		if (yote_buf_grow(&b, 65536) != 0)
			continue;
		k = yote_arc_read(a, b.p + b.n, 65536);
		b.n += k;
		eof = k < 65536;
	}
found:
	rc = yote_arc_unread(a, b.p + p, b.n - p, at + p);
	rc = rc != 0 ? rc : b.p[p] == 'Y' ? 1 : 2;
	yote_buf_free(&b);
	return rc;
}

/* What a message of a failed a_resync adds when it gave up looking. */
static const char *
gave_up_text(const struct yote_arc_reader *a)
{
	return a->gave_up ? " in the next 128 MiB: the rest of the input "
	    "is not read" : "";
}

/* What a step of a_advance returns when the walk goes on. */
#define ADV_ON 3

/* The member this header h at offset at starts. */
static void
a_member_start(struct yote_arc_reader *a, uint64_t at)
{
	a->state = S_BLOCKS;
	a->member_off = at;
	a->member_base = *a->games;
	a->member_games = 0;
}

/* Read a member header at offset at: ADV_ON, 0 at the end, or an error. */
static int
a_member(struct yote_arc_reader *a, uint64_t at, struct yote_error *err)
{
	unsigned char h[MEMBER_HEAD];
	const char *conv;
	size_t n;
	int rc;

	n = yote_arc_read(a, h, MEMBER_HEAD);
	if (a->io_errno)
		return a_err(a, err, YOTE_EIO, 0, "read error");
	if (n == 0) {
		a->state = S_DONE;
		return 0;
	}
	if (n == MEMBER_HEAD && yote_arc_member_head_ok(h)) {
		unsigned v = (unsigned)h[8] | (unsigned)h[9] << 8;

		if (v < 1 || v > YOTE_ARCHIVE_VERSION)
			return a_err(a, err, YOTE_ESYNTAX, *a->games + 1,
			    "archive version %u at byte offset %llu is not "
			    "supported (this reader reads versions 1 to %d)",
			    v, (unsigned long long)at, YOTE_ARCHIVE_VERSION);
		a_member_start(a, at);
		return ADV_ON;
	}
	if (n < MEMBER_HEAD && yote_arc_magic_like(h, n))
		return a_err(a, err, YOTE_ESYNTAX, *a->games + 1, "archive "
		    "truncated at byte offset %llu: the member header at byte "
		    "offset %llu is incomplete", (unsigned long long)a->off,
		    (unsigned long long)at);
	if (at > 0 && !yote_arc_magic_like(h, n))
		return a_err(a, err, YOTE_ESYNTAX, *a->games + 1, "unexpected "
		    "data at byte offset %llu after the end of an archive "
		    "member", (unsigned long long)at);
	/* a damaged member header: go on with its blocks (or with the
	 * member after it, when none is left) */
	conv = yote_arc_magic_converted(h, n);
	if ((rc = a_resync(a, h, n, at)) < 0)
		return a_err(a, err, rc, 0, "out of memory");
	if (rc != 2)
		a_member_start(a, at);
	if (rc == 0)
		return a_err(a, err, YOTE_ESYNTAX, *a->games + 1, "archive "
		    "damaged at byte offset %llu: bad member header, and no "
		    "block follows%s", (unsigned long long)at, gave_up_text(a));
	return a_err(a, err, YOTE_EVALUE, *a->games + 1, "archive damaged at "
	    "byte offset %llu: bad member header%s%s%s; going on at byte "
	    "offset %llu", (unsigned long long)at, conv != NULL ? " (" : "",
	    conv != NULL ? conv : "", conv != NULL ? ", as by a text-mode "
	    "transfer: each block that held one is damaged too)" : "",
	    (unsigned long long)a->off);
}

/* Read a block header at offset at into h: ADV_ON when valid, or an error. */
static int
a_block_head(struct yote_arc_reader *a, unsigned char h[BLOCK_HEAD],
    uint64_t at, struct yote_error *err)
{
	char rg[64];
	size_t n;
	int rc;

	n = yote_arc_read(a, h, BLOCK_HEAD);
	if (a->io_errno)
		return a_err(a, err, YOTE_EIO, 0, "read error");
	if (n == 0)
		return a_err(a, err, YOTE_ESYNTAX, *a->games + 1, "archive "
		    "truncated at byte offset %llu: the member that starts at "
		    "byte offset %llu has no end block (%s)",
		    (unsigned long long)at, (unsigned long long)a->member_off,
		    yote_arc_after_text(*a->games, rg, sizeof(rg)));
	if (n < BLOCK_HEAD)
		return a_err(a, err, YOTE_ESYNTAX, *a->games + 1, "archive "
		    "truncated at byte offset %llu: the block header at byte "
		    "offset %llu is incomplete (%s)", (unsigned long long)a->off,
		    (unsigned long long)at, yote_arc_after_text(*a->games, rg,
		    sizeof(rg)));
	if (yote_arc_block_head_ok(h))
		return ADV_ON;
	if ((rc = a_resync(a, h, n, at)) < 0)
		return a_err(a, err, rc, 0, "out of memory");
	if (rc == 0)
		return a_err(a, err, YOTE_ESYNTAX, *a->games + 1, "archive "
		    "damaged at byte offset %llu: bad block header (%s), and no "
		    "valid block follows%s", (unsigned long long)at,
		    yote_arc_after_text(*a->games, rg, sizeof(rg)),
		    gave_up_text(a));
	/* numbered when the block found next tells what it was (a_placed);
	 * a member header found: this member's last blocks and end block
	 * are lost with it, and the next member is read */
	a->bad_head = rc == 1;
	if (rc == 2)
		a->state = S_MEMBER;
	return a_err(a, err, YOTE_EVALUE, *a->games + 1, "archive damaged at "
	    "byte offset %llu: bad block header (%s); going on at byte offset "
	    "%llu", (unsigned long long)at, yote_arc_after_text(*a->games, rg,
	    sizeof(rg)), (unsigned long long)a->off);
}

/*
 * A block (data or end) at offset at met after a bad block header, first
 * the games of its member before it: a damaged block keeps its number,
 * so that the blocks after it are named by their places in the file, as
 * in the archive undamaged; but when no game is missing before it, the
 * bad header was no block of its own, only this block's header looked
 * for in the wrong place (the block before grew or shrank: each LF made
 * CR LF by a text-mode transfer), and it keeps its own number.  A data
 * block that starts a member (first 0) after games of this one begins
 * the next member, whose header was lost with the end block before it
 * (archives joined, then damaged alike).
 */
static void
a_placed(struct yote_arc_reader *a, uint64_t first, uint64_t at, int data)
{
	if (a->bad_head && data && first == 0 && a->member_games > 0)
		a_member_start(a, at);
	else if (a->bad_head && first > a->member_games)
		a->blocks++;
	a->bad_head = 0;
}

/* The end block h of a member: ADV_ON, or the games found missing. */
static int
a_end(struct yote_arc_reader *a, const unsigned char *h,
    struct yote_error *err)
{
	uint64_t total = get64(h + 12);
	unsigned long lost, g0;
	char rg[64];

	a_placed(a, total, 0, 0);
	a->state = S_MEMBER;
	if (total < a->member_games)
		return a_err(a, err, YOTE_EVALUE, 0, "archive damaged: the end "
		    "block of the member that starts at byte offset %llu says "
		    "%llu games, but its blocks held %llu",
		    (unsigned long long)a->member_off, (unsigned long long)total,
		    (unsigned long long)a->member_games);
	if (total == a->member_games)
		return ADV_ON;
	lost = (unsigned long)(total - a->member_games);
	g0 = a->member_base + (unsigned long)a->member_games + 1;
	*a->games = g0 + lost - 1;
	return a_err(a, err, YOTE_EVALUE, g0, "archive damaged: %s of the "
	    "member that starts at byte offset %llu are missing",
	    yote_arc_range_text(g0, lost, rg, sizeof(rg)),
	    (unsigned long long)a->member_off);
}

/* Pass over the index block (or a kind to pass over) h at offset at. */
static int
a_other(struct yote_arc_reader *a, const unsigned char *h, uint64_t at,
    struct yote_error *err)
{
	uint64_t clen = get32(h + 4);
	unsigned char *p;
	size_t n;
	int ok;

	if (clen > YOTE_ARCHIVE_MAX_BLOCK)
		return a_err(a, err, YOTE_ELIMIT, *a->games + 1, "archive block "
		    "at byte offset %llu larger than the limit",
		    (unsigned long long)at);
	if ((p = yote_arc_read_claim(a, clen, &n)) == NULL)
		return a_err(a, err, YOTE_ENOMEM, 0, "out of memory");
	ok = yote_crc(p, n) == get32(h + 24);
	if (ok && n == clen && h[3] == 'H')     /* a position set */
		yote_hfilter_block(&a->hf, h, p, n);
	free(p);
	if (n < clen)
		return a_err(a, err, YOTE_ESYNTAX, *a->games + 1, "archive "
		    "truncated at byte offset %llu: the index block at byte "
		    "offset %llu ends early", (unsigned long long)a->off,
		    (unsigned long long)at);
	if (!ok)
		return a_err(a, err, YOTE_EVALUE, *a->games + 1, "archive "
		    "damaged: the index block at byte offset %llu fails its "
		    "checksum (no games lost)", (unsigned long long)at);
	return ADV_ON;
}

/* The data block h at offset at, ready to be read or passed over. */
struct dhead {
	uint64_t at;            /* byte offset of its header */
	uint64_t clen, ulen;    /* payload bytes, deflated and not */
	uint64_t first;         /* its first game in the member, from 0 */
	unsigned long games;    /* games in it */
	unsigned long g0;       /* stream number of its first game */
	uint32_t zcrc;          /* CRC of the deflated payload */
};

/*
 * The block's payload, inflated (only checked against its CRC when
 * check_only: the block is passed over), or NULL and a_err's code in *rc.
 */
static unsigned char *
a_payload(struct yote_arc_reader *a, const struct dhead *d, int check_only,
    int *rc, struct yote_error *err)
{
	unsigned char *z, *u = NULL;
	char rg[64], lt[48];
	size_t got;
	int bad;

	if ((z = yote_arc_read_claim(a, d->clen, &got)) == NULL) {
		*rc = a_err(a, err, YOTE_ENOMEM, 0, "out of memory");
		return NULL;
	}
	if (got < d->clen) {
		free(z);
		*a->games = d->g0 + d->games - 1;
		*rc = a_err(a, err, YOTE_ESYNTAX, d->g0, "archive truncated at "
		    "byte offset %llu: block %lu at byte offset %llu (%s) ends "
		    "early", (unsigned long long)a->off, a->blocks,
		    (unsigned long long)d->at, yote_arc_range_text(d->g0, d->games, rg,
		    sizeof(rg)));
		return NULL;
	}
	/* the bytes are here: believe the inflated length as far as zlib can */
	if (check_only) {
		bad = yote_crc(z, d->clen) != d->zcrc ? -1 : 0;
		u = z;
		z = NULL;
	} else if (!yote_arc_inflatable(d->clen, d->ulen))
		bad = yote_crc(z, d->clen) != d->zcrc ? -1 : -3;
	else if ((u = malloc(d->ulen + 1)) == NULL) {
		free(z);
		*rc = a_err(a, err, YOTE_ENOMEM, 0, "out of memory");
		return NULL;
	} else
		bad = yote_arc_inflate(z, d->clen, d->zcrc, u, d->ulen);
	free(z);
	a->member_games = d->first + d->games;
	if (bad == 0)
		return u;
	free(u);
	*a->games = d->g0 + d->games - 1;
	*rc = a_err(a, err, YOTE_EVALUE, d->g0, "archive damaged: block %lu "
	    "at byte offset %llu (%s) %s; %s lost", a->blocks,
	    (unsigned long long)d->at, yote_arc_range_text(d->g0, d->games, rg,
	    sizeof(rg)), bad == -1 ? "fails its checksum" : bad == -3 ?
	    "claims more inflated bytes than its compressed ones can hold" :
	    "cannot be decompressed", yote_arc_lost_text(d->games, lt, sizeof(lt)));
	return NULL;
}

/*
 * What the block that ends at byte offset end may decode to: ARC_FLOOR
 * and ARC_EXPANSION for each byte of the input up to there, less what
 * the blocks before have decoded to.  So all an input of n bytes ever
 * decodes to is ARC_FLOOR + ARC_EXPANSION * n, and the writer pads a
 * member whose games would need more (formats/archive.md section 8).
 */
static uint64_t
a_budget(const struct yote_arc_reader *a, uint64_t end)
{
	uint64_t all;

	if (end > (UINT64_MAX - ARC_FLOOR) / ARC_EXPANSION)
		return UINT64_MAX;
	all = ARC_FLOOR + ARC_EXPANSION * end;
	return all > a->spent ? all - a->spent : 0;
}

/* Done with the current block: count what it decoded to, free it. */
static void
a_drop(struct yote_arc_reader *a)
{
	if (a->blk != NULL)
		a->spent += a->blk->budget - a->blk->hc.budget;
	yote_block_free(a->blk);
	a->blk = NULL;
}

/* Load the data block d as the current block: 1, or an error. */
static int
a_load(struct yote_arc_reader *a, const struct dhead *d,
    struct yote_error *err)
{
	struct data_block *b;
	char why[200], rg[64];
	unsigned long lost, g0;
	int rc;

	if ((b = calloc(1, sizeof(*b))) == NULL)
		return a_err(a, err, YOTE_ENOMEM, 0, "out of memory");
	if ((b->data = a_payload(a, d, 0, &rc, err)) == NULL) {
		free(b);
		return rc;
	}
	b->len = (size_t)d->ulen;
	b->off = d->at;
	b->number = a->blocks;
	b->games = d->games;
	b->first = d->g0;
	if (yote_block_parse(b, why, sizeof(why)) != 0) {
		yote_block_free(b);
		*a->games = d->g0 + d->games - 1;
		return a_err(a, err, YOTE_EVALUE, d->g0, "archive damaged: "
		    "block %lu at byte offset %llu (%s): %s; its games are "
		    "lost", a->blocks, (unsigned long long)d->at,
		    yote_arc_range_text(d->g0, d->games, rg, sizeof(rg)), why);
	}
	b->hc.budget = b->budget = a_budget(a, d->at + BLOCK_HEAD + d->clen);
	yote_mover_init(&a->mv);
	a->blk = b;
	if (d->g0 > *a->games + 1) {
		lost = d->g0 - *a->games - 1;
		g0 = *a->games + 1;
		*a->games += lost;
		return a_err(a, err, YOTE_EVALUE, g0, "archive damaged: %s "
		    "missing before block %lu at byte offset %llu",
		    yote_arc_range_text(g0, lost, rg, sizeof(rg)), a->blocks,
		    (unsigned long long)d->at);
	}
	return 1;
}

/*
 * The data block h at offset at: load it (1), or pass over it whole when
 * it holds no more than want_skip games (2, *skipped set); or an error.
 */
static int
a_data(struct yote_arc_reader *a, const unsigned char *h, uint64_t at,
    unsigned long want_skip, unsigned long *skipped, struct yote_error *err)
{
	struct dhead d;
	char rg[64];
	int rc;

	d.at = at;
	d.clen = get32(h + 4);
	d.ulen = get32(h + 8);
	d.games = get32(h + 12);
	d.first = get64(h + 16);
	d.zcrc = get32(h + 24);
	a_placed(a, d.first, at, 1);
	a->blocks++;
	if (d.first > ULONG_MAX - a->member_base - d.games - 1)
		return a_err(a, err, YOTE_ELIMIT, *a->games + 1, "archive block "
		    "%lu at byte offset %llu: too many games", a->blocks,
		    (unsigned long long)at);
	d.g0 = a->member_base + (unsigned long)d.first + 1;
	if (d.clen > YOTE_ARCHIVE_MAX_BLOCK || d.ulen > YOTE_ARCHIVE_MAX_BLOCK)
		return a_err(a, err, YOTE_ELIMIT, d.g0, "archive block %lu at "
		    "byte offset %llu (%s) larger than the limit of %lu bytes",
		    a->blocks, (unsigned long long)at, yote_arc_range_text(d.g0,
		    d.games, rg, sizeof(rg)), YOTE_ARCHIVE_MAX_BLOCK);
	/*
	 * A block that holds no game, or whose games would come before
	 * games already accounted for, was never written so: pass over it
	 * (its header's CRC holds, so its length can be trusted).
	 */
	if (d.games == 0 || d.first < a->member_games) {
		if (yote_arc_pass(a, d.clen) != 0)
			return a_err(a, err, YOTE_ESYNTAX, *a->games + 1,
			    "archive truncated at byte offset %llu: block %lu "
			    "at byte offset %llu ends early",
			    (unsigned long long)a->off, a->blocks,
			    (unsigned long long)at);
		if (d.games == 0)
			return a_err(a, err, YOTE_EVALUE, 0, "archive damaged: "
			    "block %lu at byte offset %llu says it holds no "
			    "games; passed over", a->blocks,
			    (unsigned long long)at);
		return a_err(a, err, YOTE_EVALUE, 0, "archive damaged: block "
		    "%lu at byte offset %llu says it holds %s, but game %lu "
		    "comes next; passed over", a->blocks,
		    (unsigned long long)at, yote_arc_range_text(d.g0, d.games, rg,
		    sizeof(rg)), *a->games + 1);
	}
	if (d.first == a->member_games &&
	    yote_hfilter_absent(&a->hf, d.first, d.games)) {
		/* none of the positions searched for: passed over, checked */
		unsigned char *z = a_payload(a, &d, 1, &rc, err);

		if (z == NULL)
			return rc;
		free(z);
		*a->games = d.g0 + d.games - 1;
		*skipped = d.games;
		return 2;
	}
	if (d.games > want_skip || d.first != a->member_games)
		return a_load(a, &d, err);
	if (yote_arc_pass(a, d.clen) != 0) {
		*a->games = d.g0 + d.games - 1;         /* as a_payload's */
		return a_err(a, err, YOTE_ESYNTAX, d.g0, "archive truncated at "
		    "byte offset %llu: block %lu at byte offset %llu (%s) ends "
		    "early", (unsigned long long)a->off, a->blocks,
		    (unsigned long long)at, yote_arc_range_text(d.g0, d.games, rg,
		    sizeof(rg)));
	}
	a->member_games = d.first + d.games;
	*a->games = d.g0 + d.games - 1;
	*skipped = d.games;
	return 2;
}

/*
 * Read up to the next data block and load it (1), or pass over it
 * whole when it holds no more than want_skip games (2, *skipped set);
 * 0 at the end; a negative code as yote_reader_next.
 */
static int
a_advance(struct yote_arc_reader *a, unsigned long want_skip,
    unsigned long *skipped, struct yote_error *err)
{
	unsigned char h[BLOCK_HEAD];
	uint64_t at;
	int rc;

	for (;;) {
		if (a->state == S_DONE)
			return 0;
		at = a->off;
		if (a->state == S_MEMBER)
			rc = a_member(a, at, err);
		else if ((rc = a_block_head(a, h, at, err)) != ADV_ON)
			return rc;
		else if (h[3] == 'E')
			rc = a_end(a, h, err);
		else if (h[3] != 'D')
			rc = a_other(a, h, at, err);
		else
			return a_data(a, h, at, want_skip, skipped, err);
		if (rc != ADV_ON)
			return rc;
	}
}

/*
 * Room in a->played for the n moves of a game from pos under r; 0, or
 * -2 out of memory.
 */
static int
a_played(struct yote_arc_reader *a, const struct yote_rules *r,
    const struct yote_pos *pos, size_t n)
{
	struct yote_played *p = a->played;

	if (p == NULL || n > a->capplayed) {
		size_t cap = n < 64 ? 64 : n;
		/* the texts after the moves, aligned */
		size_t at = (sizeof(*p) + cap * sizeof(p->v[0]) +
		    sizeof(char *) - 1) / sizeof(char *) * sizeof(char *);

		free(p);
		a->played = NULL;
		if ((p = malloc(at + cap * sizeof(char *))) == NULL)
			return -2;
		p->text = (const char **)(void *)((char *)p + at);
		a->played = p;
		a->capplayed = cap;
	}
	p->rules = r;
	p->start = *pos;
	p->n = 0;
	return 0;
}

/*
 * Decode the moves of the game just read into its fix-ups, and keep them
 * in a->played for the checker.
 */
static int
a_moves(struct yote_arc_reader *a, struct data_block *b,
    const struct yote_rules *r, struct yote_pos *pos)
{
	struct game_ctx *g = &a->g;
	const char *text, *why;
	size_t fx = 0;
	unsigned long i;
	int rc;

	if (a_played(a, r, pos, g->plies) != 0)
		return -2;
	for (i = 0; i < g->plies; i++) {
		rc = (b->layout == LAYOUT ? yote_mover_decode :
		    yote_mover2_decode)(&a->mv, &b->mrc, r, pos, &text, &why);
		if (rc == -1)
			return yote_keys_bad(&b->hc, why);
		if (rc != 0)
			return rc;
		a->played->text[a->played->n] = NULL;
		for (; fx < g->nfix && g->fix_ply[fx] == i; fx++) {
			if (yote_arena_set_text(b->hc.arena, g->fix[fx], text,
			    a->mv.move_text_len) != 0)
				return -2;
			a->played->text[a->played->n] = g->fix[fx]->text;
		}
		a->played->v[a->played->n++] = a->mv.last;
	}
	a->played->final = *pos;
	return 0;
}

/* The start position of a game coded as mode says; 0 or -1 (h->why). */
static int
a_start(struct tree_coder *h, const struct yote_rules *r, int mode,
    const char *start, const struct yote_node *root, struct yote_pos *pos)
{
	const struct yote_node *v;

	if (mode == START_DEFAULT) {
		yote_pos_start(r, pos);
		return 0;
	}
	if (mode == START_KEY) {
		v = yote_node_get(root, "start");
		if (v == NULL || v->type != YOTE_NODE_SCALAR)
			return yote_keys_bad(h, "a bad start position");
		start = v->text;
	}
	if (yote_pos_parse(r, start, pos, NULL) != 0)
		return yote_keys_bad(h, "a bad start position");
	return 0;
}

/*
 * Decode the next game of block b into *root, its ruleset into *rp (NULL
 * when its moves are text) and its ply count into *plies; 0, -1 (bad
 * data: b->hc.why) or -2 (out of memory).
 */
static int
a_decode(struct yote_arc_reader *a, struct data_block *b, unsigned flags,
    struct yote_node **root, struct yote_arena **arena,
    const struct yote_rules **rp, unsigned long *plies)
{
	struct tree_coder *h = &b->hc;
	struct game_ctx *g = &a->g;
	const struct yote_rules *r = NULL;
	struct yote_node *v;
	struct yote_pos pos;
	char *start = NULL;
	uint32_t ri;
	size_t i;
	int raw, mode, rc;

	*root = NULL;
	*arena = NULL;
	if (a->played != NULL)
		a->played->rules = NULL;        /* none decoded yet */
	g->nfix = 0;
	g->moves_out = NULL;
	g->plies = 0;
	h->nodes = h->bytes = 0;
	rc = yote_keys_dec_head(h, b->nrules, &raw, &ri, &mode, &start);
	g->raw = raw;
	if (rc == 0 && !raw)
		r = b->rules[ri];
	if (rc == 0)
		rc = yote_keys_dec_tree(h, g, root, arena);
	if (rc == 0 && !raw)
		rc = g->moves_out == NULL ? yote_keys_bad(h, "no moves list") :
		    a_start(h, r, mode, start, *root, &pos);
	free(start);
	if (rc == 0 && !raw) {
		*plies = g->plies;
		if (b->no_moves)        /* the moves stream fell behind */
			flags |= YOTE_READ_NO_MOVES;
		if (flags & YOTE_READ_NO_MOVES)
			b->no_moves = 1;
		else
			rc = a_moves(a, b, r, &pos);
	} else if (rc == 0 && (v = yote_node_get(*root, "moves")) != NULL &&
	    v->type == YOTE_NODE_SEQ)
		*plies = (unsigned long)v->n;
	if (rc == 0 && (flags & YOTE_READ_NO_MOVES) &&
	    (v = yote_node_get(*root, "moves")) != NULL &&
	    v->type == YOTE_NODE_SEQ) {
		for (i = 0; i < v->n; i++)
			yote_node_free(v->kids[i]);
		v->n = 0;
	}
	if (rc == 0 && (h->rc.over > 8 || h->bad))
		rc = yote_keys_bad(h, "the tree stream ends early");
	*rp = r;
	return rc;
}

/*
 * After the last game of block b, decoded in order: a block whose
 * streams hold more than its games used says fewer games than it holds.
 * The games handed out stand; the problem is reported next.
 */
static void
a_leftover(struct yote_arc_reader *a, const struct data_block *b)
{
	const struct tree_coder *h = &b->hc;

	if (h->rc.in.pos == h->rc.in.n && h->lit.pos == h->lit.n &&
	    (b->no_moves || b->mrc.in.pos == b->mrc.in.n))
		return;
	snprintf(a->pending, sizeof(a->pending), "archive damaged: block %lu "
	    "at byte offset %llu holds more data than its %lu game%s use: "
	    "games of it may be missing", b->number,
	    (unsigned long long)b->off, b->games, b->games == 1 ? "" : "s");
}

/* Hand out the next game of the current block. */
static int
a_game(struct yote_arc_reader *a, unsigned flags, struct yote_record **out,
    unsigned long *plies, struct yote_error *err)
{
	struct data_block *b = a->blk;
	struct yote_node *root;
	struct yote_arena *arena;
	struct yote_record *rec = NULL;
	const struct yote_rules *r;
	unsigned long game = b->first + b->next;
	char rg[64];
	int rc;

	b->next++;
	*a->games = game;
	*plies = 0;
	rc = a_decode(a, b, flags, &root, &arena, &r, plies);
	if (rc == 0 && (rec = calloc(1, sizeof(*rec))) == NULL)
		rc = -2;
	if (rc != 0) {
		yote_node_free(root);
		yote_arena_free(arena);
		if (rc == -2)
			return a_err(a, err, YOTE_ENOMEM, game, "out of memory");
		/* the rest of the block cannot be trusted */
		*a->games = b->first + b->games - 1;
		rc = a_err(a, err, YOTE_EVALUE, game, "archive damaged: block "
		    "%lu at byte offset %llu (game %lu): %s; %s lost",
		    b->number, (unsigned long long)b->off, game, b->hc.why ?
		    b->hc.why : "bad data", yote_arc_range_text(game, b->games - b->next +
		    1, rg, sizeof(rg)));
		a_drop(a);
		return rc;
	}
	if (b->next == b->games && !b->passed)
		a_leftover(a, b);
	rec->root = root;
	rec->arena = arena;
	rec->game = game;
	a->checked = !b->hc.not_utf8;
	/* the moves decoded go with the record (none when not decoded) */
	if (r != NULL && a->played != NULL && a->played->rules == r &&
	    !(flags & YOTE_READ_NO_MOVES) && a->played->n == *plies) {
		rec->played = a->played;
		a->played = NULL;
	}
	/* a ruleset file stored in the archive travels with its games */
	if (r != NULL && !r->builtin &&
	    (rec->embedded = malloc(sizeof(*rec->embedded))) != NULL) {
		*rec->embedded = *r;
		rec->embedded->refs = 0;        /* the record's alone */
	}
	*out = rec;
	return 1;
}

int
yote_arc_open(FILE *fp, const char *name, const unsigned char *head,
    size_t len, unsigned long *games, struct yote_arc_reader **out)
{
	struct yote_arc_reader *a;
	long long pos;

	*out = NULL;
	if ((a = calloc(1, sizeof(*a))) == NULL ||
	    (a->pb = malloc(len + 1)) == NULL) {
		free(a);
		return YOTE_ENOMEM;
	}
	memcpy(a->pb, head, len);
	a->pblen = len;
	a->fp = fp;
	a->name = name;
	a->games = games;
	a->state = S_MEMBER;
	pos = (long long)ftello(fp);
	a->base = pos >= (long long)len && fseeko(fp, 0, SEEK_CUR) == 0 ?
	    pos - (long long)len : -1;
	*out = a;
	return 0;
}

void
yote_arc_close(struct yote_arc_reader *a)
{
	if (a == NULL)
		return;
	yote_block_free(a->blk);
	yote_hfilter_free(&a->hf);
	yote_mover_free(&a->mv);
	free(a->played);
	free(a->g.fix);
	free(a->g.fix_ply);
	free(a->pb);
	free(a);
}

int
yote_arc_checked(const struct yote_arc_reader *a)
{
	return a->checked;
}

int
yote_arc_stopped(const struct yote_arc_reader *a)
{
	return a->gave_up;
}

int
yote_arc_next(struct yote_arc_reader *a, unsigned flags,
    struct yote_record **out, unsigned long *plies, struct yote_error *err)
{
	unsigned long skipped;
	int rc;

	*out = NULL;
	*plies = 0;
	if (a->pending[0] != '\0') {
		rc = a_err(a, err, YOTE_EVALUE, 0, "%s", a->pending);
		a->pending[0] = '\0';
		return rc;
	}
	for (;;) {
		if (a->blk != NULL && a->blk->next < a->blk->games)
			return a_game(a, flags, out, plies, err);
		a_drop(a);
		/* (2, a block passed over whole, only when asked to skip) */
		if ((rc = a_advance(a, 0, &skipped, err)) != 1 && rc != 2)
			return rc;
	}
}

int
yote_arc_reaching(struct yote_arc_reader *a, const struct yote_pattern *pos,
    size_t n)
{
	return yote_hfilter_set(&a->hf, pos, n);
}

void
yote_arc_reach_stats(const struct yote_arc_reader *a,
    struct yote_reach_stats *st)
{
	*st = a->hf.st;
}

long
yote_arc_skip(struct yote_arc_reader *a, unsigned flags, unsigned long n,
    struct yote_error *err)
{
	unsigned long start = *a->games, target, skipped, plies;
	struct yote_record *rec;
	struct data_block *b;
	int rc;

	if (n > ULONG_MAX - start)
		n = ULONG_MAX - start;
	target = start + n;
	if (n > 0 && start == 0 && a->blk == NULL && a->blocks == 0 &&
	    a->state == S_MEMBER && a->off == 0 && a->pbpos == 0)
		yote_arc_jump(a, n);
	while (*a->games < target) {
		if ((b = a->blk) != NULL && b->next < b->games) {
			if (target - *a->games >= b->games - b->next) {
				*a->games = b->first + b->games - 1;
				b->next = b->games;
				b->passed = 1;
				continue;
			}
			rc = a_game(a, flags, &rec, &plies, err);
			if (rc == 1)
				yote_record_free(rec);
			else if (rc != YOTE_EVALUE)
				return rc;
			continue;
		}
		a_drop(a);
		rc = a_advance(a, target - *a->games, &skipped, err);
		if (rc == 0)
			break;
		/* damage among the games passed over is theirs alone; damage
		 * that reaches the games after them is the caller's to say */
		if (rc < 0 && (rc != YOTE_EVALUE || *a->games > target))
			return rc;
	}
	return (long)(*a->games - start);
}
