/*
 * plain_lines.c - the YAML reader's look at the bytes it hands to
 * libyaml (yaml_read.c): which lines are plain, so that several may go
 * in one read.  A plain line holds only printable ASCII and tabs, bytes
 * that libyaml's reader never refuses, and no CR (a line then ends only
 * where the reader counts one).  Every line of a collection is looked
 * at, so the lines of a block are found and judged sixteen bytes at a
 * time where the processor has the instructions (SSE2, every x86-64),
 * and a word at a time elsewhere; both give the same answer, which the
 * unit tests hold them to (tests/unit/test-node.c).
 */
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "yote_fmt.h"

/*
 * 1 when the 8 bytes of w are all printable ASCII: a byte below 0x20
 * or from 0x7F up sets its top bit in the test.
 */
static inline int
plain_word(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u;
	uint64_t d = w ^ 0x7F * ones;

	return ((w | (w - 0x20 * ones) | ((d - ones) & ~d)) &
	    0x80 * ones) == 0;
}

/*
 * A word at a time, the last one overlapping the one before (no loop a
 * byte to mispredict); only a flagged word's bytes are looked at one by
 * one (a tab is allowed).
 */
int
yote_plain_bytes(const unsigned char *b, size_t len)
{
	uint64_t w;
	uint32_t h;
	size_t i;
	int ok = 1;

	if (len >= 8) {
		for (i = 0; ok && i + 8 < len; i += 8) {
			memcpy(&w, b + i, 8);
			ok = plain_word(w);
		}
		memcpy(&w, b + len - 8, 8);
		ok = ok && plain_word(w);
	} else if (len >= 4) {
		memcpy(&h, b, 4);
		w = h;
		memcpy(&h, b + len - 4, 4);
		ok = plain_word(w | (uint64_t)h << 32);
	} else {
		w = 0x2020202020202020u;
		memcpy(&w, b, len);
		ok = plain_word(w);
	}
	if (ok)
		return 1;
	for (i = 0; i < len; i++)
		if ((b[i] < 0x20 && b[i] != '\t') || b[i] >= 0x7F)
			return 0;
	return 1;
}

/* A line that no run takes, nor any line after it: a marker line, a
 * directive, a block sequence's item (text_input.c looks at those). */
static inline int
stop_byte(unsigned char c)
{
	return c == '-' || c == '.' || c == '%';
}

/* Line [m, m + len) of b, plain, taken into the run: its value bytes
 * (text, not a comment) counted. */
static inline void
take(struct yote_plain_run *pr, const unsigned char *b, size_t m,
    size_t len, int text)
{
	if (text && b[m] != '#')
		pr->value += len + 1;
	pr->lines++;
	pr->last = len;
	pr->bytes = m + len + 1;
}

void
yote_plain_lines_portable(const unsigned char *b, size_t avail,
    struct yote_plain_run *pr)
{
	const unsigned char *nl;
	size_t m = 0, len, i;

	memset(pr, 0, sizeof(*pr));
	while (m < avail && !stop_byte(b[m]) &&
	    (nl = memchr(b + m, '\n', avail - m)) != NULL) {
		len = (size_t)(nl - (b + m));   /* the newline left out */
		if (!yote_plain_bytes(b + m, len))
			break;
		for (i = 0; i < len && (b[m + i] == ' ' || b[m + i] == '\t');
		    i++)
			;
		take(pr, b, m, len, i < len);
		m += len + 1;
	}
}

#if defined(__SSE2__)
void
yote_plain_lines(const unsigned char *b, size_t avail,
    struct yote_plain_run *pr)
{
	const __m128i low = _mm_set1_epi8(0x20), del = _mm_set1_epi8(0x7F);
	const __m128i nlv = _mm_set1_epi8('\n'), tabv = _mm_set1_epi8('\t');
	const __m128i spv = _mm_set1_epi8(' ');
	struct yote_plain_run tail;
	size_t m = 0, p = 0;    /* the line's first byte, the block's */
	unsigned nl, bad, text, at, mine;
	int seen = 0;           /* the line has text (not only blanks) */
	__m128i v, isnl, istab;

	memset(pr, 0, sizeof(*pr));
	if (avail == 0 || stop_byte(b[0]))
		return;
	for (; p + 16 <= avail; p += 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)(b + p));
		isnl = _mm_cmpeq_epi8(v, nlv);
		istab = _mm_cmpeq_epi8(v, tabv);
		nl = (unsigned)_mm_movemask_epi8(isnl);
		/* below 0x20 (from 0x80 up too: signed) or 0x7F, not a
		 * newline nor a tab */
		bad = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmplt_epi8(v, low), _mm_cmpeq_epi8(v, del))) &
		    ~nl & ~(unsigned)_mm_movemask_epi8(istab);
		text = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_or_si128(_mm_cmpeq_epi8(v, spv), istab), isnl)) &
		    0xFFFFu;
		/* the bits of this block from the line's first byte on (a
		 * line never begins past a block's first byte here) */
		mine = ~0u;
		while (nl != 0) {
			at = (unsigned)__builtin_ctz(nl);
			if (bad & mine & ((1u << at) - 1))
				return;
			seen |= (text & mine & ((1u << at) - 1)) != 0;
			take(pr, b, m, p + at - m, seen);
			m = p + at + 1;
			seen = 0;
			if (m >= avail || stop_byte(b[m]))
				return;
			mine = ~((1u << (at + 1)) - 1);
			nl &= nl - 1;
		}
		/* the line goes on past this block */
		if (bad & mine)
			return;
		seen |= (text & mine) != 0;
	}
	/* the last bytes (fewer than 16), from the line's start */
	yote_plain_lines_portable(b + m, avail - m, &tail);
	if (tail.lines > 0) {
		pr->value += tail.value;
		pr->lines += tail.lines;
		pr->last = tail.last;
		pr->bytes = m + tail.bytes;
	}
}
#else
void
yote_plain_lines(const unsigned char *b, size_t avail,
    struct yote_plain_run *pr)
{
	yote_plain_lines_portable(b, avail, pr);
}
#endif
