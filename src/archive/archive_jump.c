/*
 * archive_jump.c - --game N straight to its block, through the index
 * (formats/archive.md, sections 1.3 and 1.4): the end blocks walked back
 * from the end of the file, the members before the game's passed over by
 * what their blocks' headers say, the game's member's index read and its
 * block sought.  Anything odd, and the reader walks the blocks in turn
 * instead (archive_read.c), saying the damage.
 */
#include <stdio.h>
#include <stdlib.h>

#include "archive_int.h"

/* One member found by walking end blocks back from the end of the file. */
struct member {
	uint64_t start;         /* byte offset of its header */
	uint64_t games;         /* games in it */
	uint64_t end;           /* byte offset of its end block */
	uint32_t ilen;          /* bytes of its index block, 0 if none */
};

/*
 * Whether member m's data blocks, by their own headers, hold the games
 * its end block says: the numbers of every member after it rest on that
 * claim, and a jump passes over the member unread (a crafted end block,
 * its CRC right, numbered the games after it wrongly, without a word).
 * A header to read a block, none of the payloads.
 */
static int
a_member_checked(struct yote_arc_reader *a, const struct member *m)
{
	unsigned char h[BLOCK_HEAD];
	uint64_t at = m->start + MEMBER_HEAD, games = 0;

	while (at < m->end) {
		if (m->end - at < BLOCK_HEAD || yote_arc_seek(a, at) != 0 ||
		    yote_arc_read(a, h, BLOCK_HEAD) != BLOCK_HEAD ||
		    !yote_arc_block_head_ok(h) || h[3] == 'E' ||
		    get32(h + 4) > m->end - at - BLOCK_HEAD)
			return 0;
		if (h[3] == 'D')
			games += get32(h + 12);
		at += BLOCK_HEAD + get32(h + 4);
	}
	return at == m->end && games == m->games;
}

/*
 * Go straight to the block holding game n + 1 through the index: walk
 * the end blocks back from the end of the file, read the index of the
 * member that holds the game, seek to the block.  1 when done, 0 when it
 * cannot (not seekable, no index, anything odd): nothing has changed.
 */
int
yote_arc_jump(struct yote_arc_reader *a, unsigned long n)
{
	struct member *m = NULL, *nm;
	unsigned char h[BLOCK_HEAD], *z = NULL, *u = NULL;
	size_t nmem = 0, cap = 0, i;
	uint64_t end, pos, cum = 0, off = 0, bg = 0, clen, ulen, nb, k, g = 0;
	size_t got;
	long long e;
	struct cur c;
	int done = 0;

	if (a->base < 0 || fseeko(a->fp, 0, SEEK_END) != 0 ||
	    (e = (long long)ftello(a->fp)) < a->base)
		goto out;
	end = (uint64_t)(e - a->base);
	for (pos = end; pos > 0;) {
		if (pos < MEMBER_HEAD + BLOCK_HEAD || yote_arc_seek(a, pos -
		    BLOCK_HEAD) != 0 || yote_arc_read(a, h, BLOCK_HEAD) != BLOCK_HEAD ||
		    !yote_arc_block_head_ok(h) || h[3] != 'E' || get64(h + 4) >
		    pos - BLOCK_HEAD)
			goto out;
		if (nmem == cap) {
			cap = cap ? 2 * cap : 16;
			if (cap > (1U << 20) ||
			    (nm = realloc(m, cap * sizeof(*m))) == NULL)
				goto out;
			m = nm;
		}
		m[nmem].end = pos - BLOCK_HEAD;
		m[nmem].start = m[nmem].end - get64(h + 4);
		m[nmem].games = get64(h + 12);
		m[nmem].ilen = get32(h + 20);
		pos = m[nmem++].start;
	}
	/* members from the first; find the one holding game n + 1; those
	 * before it are passed over by what their blocks say */
	for (i = nmem; i-- > 0;) {
		if (n < cum + m[i].games)
			break;
		if (!a_member_checked(a, &m[i]))
			goto out;       /* read plainly: the damage is said */
		cum += m[i].games;
		if (i == 0)
			goto out;       /* past the end: read it plainly */
	}
	if (nmem == 0 || m[i].ilen < BLOCK_HEAD || m[i].ilen > m[i].end -
	    m[i].start || yote_arc_seek(a, m[i].end - m[i].ilen) != 0 ||
	    yote_arc_read(a, h, BLOCK_HEAD) != BLOCK_HEAD || !yote_arc_block_head_ok(h) ||
	    h[3] != 'X')
		goto out;
	clen = get32(h + 4);
	ulen = get32(h + 8);
	if (clen > m[i].end - m[i].start || !yote_arc_inflatable(clen, ulen) ||
	    (z = yote_arc_read_claim(a, clen, &got)) == NULL || got != clen ||
	    (u = malloc(ulen + 1)) == NULL ||
	    yote_arc_inflate(z, clen, get32(h + 24), u, ulen) != 0)
		goto out;
	c.p = u;
	c.n = (size_t)ulen;
	c.pos = 0;
	c.bad = 0;
	nb = yote_cur_varint(&c);
	for (k = 0; k < nb && !c.bad; k++) {
		uint64_t d = yote_cur_varint(&c);

		g = yote_cur_varint(&c);
		off += d;
		if (n - cum < bg + g)
			break;
		bg += g;
	}
	if (c.bad || k == nb || off >= m[i].end - m[i].start)
		goto out;
	/* the block's own header has the last word: the index may lie */
	if (yote_arc_seek(a, m[i].start + off) != 0 ||
	    yote_arc_read(a, h, BLOCK_HEAD) != BLOCK_HEAD)
		goto out;
	if (!yote_arc_block_head_ok(h) || h[3] != 'D' || get64(h + 16) != bg ||
	    get32(h + 12) != g) {
		snprintf(a->pending, sizeof(a->pending), "archive damaged: the "
		    "index of the member that starts at byte offset %llu "
		    "disagrees with the block at byte offset %llu (the index "
		    "says games %llu-%llu of the member); read without the "
		    "index", (unsigned long long)m[i].start,
		    (unsigned long long)(m[i].start + off),
		    (unsigned long long)bg + 1, (unsigned long long)(bg + g));
		goto out;
	}
	if (yote_arc_seek(a, m[i].start + off) != 0)
		goto out;
	a->state = S_BLOCKS;
	a->member_off = m[i].start;
	a->member_base = (unsigned long)cum;
	a->member_games = bg;
	a->blocks = (unsigned long)k;
	*a->games = (unsigned long)(cum + bg);
	done = 1;
out:
	if (!done && a->base >= 0) {
		/* back where we were: the start of the input */
		fseeko(a->fp, (off_t)a->base, SEEK_SET);
		a->pbpos = 0;
		a->off = 0;
		a->pblen = 0;
	}
	free(m);
	free(z);
	free(u);
	return done;
}
