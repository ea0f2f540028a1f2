/*
 * yote_fmt.h - private: the YAML, archive and lines decoders that
 * yote_reader (reader.c) hands a stream to once it has seen the first
 * bytes.  They build record nodes (node.c) and call nothing above them.
 *
 * Each decoder takes the bytes the reader already read from fp (head,
 * len) as the start of the stream, counts games through *games (the
 * reader's counter, so yote_reader_games works for every format), and
 * returns what yote_reader_next returns.
 */
#ifndef YOTE_FMT_H
#define YOTE_FMT_H

#include <stdint.h>
#include <string.h>

#include "yote.h"

/* struct yote_node.mem (node.c): the parts of a node that an arena holds */
#define MEM_NODE 1              /* the node (and a scalar's text in it) */
#define MEM_KIDS 2              /* the array of its kids */
#define MEM_TAG 4               /* its tag */
#define MEM_TEXT 8              /* a scalar's text apart from the node */

/*
 * len bytes from src to dst.  A record's values are mostly a few bytes
 * (a move, a name): those are copied with a load and a store or two, as
 * memcpy of a constant size compiles, overlapping where the text is not
 * a whole word (never a byte past either end), in place of a call that
 * first sorts the size out.
 */
static inline void
yote_copy_text(char *dst, const char *src, size_t len)
{
	uint64_t a, b;
	uint32_t c, d;

	if (len >= 8 && len <= 16) {
		memcpy(&a, src, 8);
		memcpy(&b, src + len - 8, 8);
		memcpy(dst, &a, 8);
		memcpy(dst + len - 8, &b, 8);
	} else if (len >= 4 && len < 8) {
		memcpy(&c, src, 4);
		memcpy(&d, src + len - 4, 4);
		memcpy(dst, &c, 4);
		memcpy(dst + len - 4, &d, 4);
	} else if (len > 0 && len < 4) {
		dst[0] = src[0];
		dst[len / 2] = src[len / 2];
		dst[len - 1] = src[len - 1];
	} else if (len > 16)
		memcpy(dst, src, len);
}

/*
 * An arena (node.c; yote_node.h), its insides here so that a decoder
 * makes the node of a short scalar inline (yote_arena_value): nearly
 * every value of every game is one, and a call that sets each field
 * twice cost a tenth of the YAML reader's own instructions.
 */
struct arena_block;
struct yote_arena {
	struct arena_block *blocks;     /* the newest first */
	char *p, *end;                  /* free in the newest */
	size_t used;                    /* bytes handed out */
	unsigned nblocks;               /* blocks made */
	struct arena_block *spare;      /* a freed arena's blocks, taken
					   before new ones (node.c) */
};

#define YOTE_ARENA_ALIGN (sizeof(void *) > sizeof(size_t) ? \
	sizeof(void *) : sizeof(size_t))

/* yote_arena_scalar, then the node's style and place: NULL when out of
 * memory. */
struct yote_node *yote_arena_scalar_at(struct yote_arena *a,
    const char *text, size_t len, int style, unsigned long line,
    unsigned long col);

/* The same, inline for a text of at most 16 bytes that fits in the
 * newest block: each field set once. */
static inline struct yote_node *
yote_arena_value(struct yote_arena *a, const char *text, size_t len,
    int style, unsigned long line, unsigned long col)
{
	size_t size = (sizeof(struct yote_node) + len + YOTE_ARENA_ALIGN) &
	    ~(YOTE_ARENA_ALIGN - 1);
	struct yote_node *n;
	void *p;

	if (len > 16 || (size_t)(a->end - a->p) < size)
		return yote_arena_scalar_at(a, text, len, style, line, col);
	p = a->p;
	a->p += size;
	a->used += size;
	n = p;
	n->type = YOTE_NODE_SCALAR;
	n->mem = MEM_NODE;
	n->text = (char *)(n + 1);
	yote_copy_text(n->text, text, len);
	n->text[len] = '\0';
	n->len = len;
	n->tag = NULL;
	n->style = style;
	n->n = n->cap = 0;
	n->kids = NULL;
	n->line = line;
	n->col = col;
	return n;
}

/*
 * text_input.c: a text stream's bytes decoded to UTF-8 (from UTF-8 or
 * UTF-16, a byte order mark at the start of any line setting the
 * encoding), head's first, then fp's.  yote_input_init: 0 or YOTE_ENOMEM
 * (nothing to free then).  yote_input_byte: the next byte, or EOF;
 * yote_input_line: up to size bytes into buf, stopping after a newline,
 * the count (0 at the end).  At the end, or on a read error, eof is set,
 * and io_errno with the error.
 */
struct yote_text_input {
	FILE *fp;
	int eof;                /* fp has no more bytes */
	int io_errno;           /* a read failed: errno */
	int enc;                /* the encoding from here on */
	unsigned char *head;    /* the bytes read before, handed out first */
	size_t headlen, headpos;
	/* a regular file's bytes read ahead in blocks (NULL: a pipe or a
	 * terminal, read a byte at a time, so that nothing waits) */
	unsigned char *ibuf;
	size_t ilen, ipos;
	unsigned char rpush[8]; /* bytes looked at ahead, given back */
	int rpushn;
	int dec_bol;            /* the next byte starts a line */
	unsigned char pend[4];  /* decoded, not handed out yet */
	size_t pendlen, pendpos;
};

int yote_input_init(struct yote_text_input *in, FILE *fp,
    const unsigned char *head, size_t len);
int yote_input_byte(struct yote_text_input *in);
size_t yote_input_line(struct yote_text_input *in, unsigned char *buf,
    size_t size);
/* The bytes of a regular file's block not handed out yet, when they are
 * the input's own (UTF-8, nothing looked at ahead) and the next of them
 * starts a line; else NULL.  yote_input_pass takes n of them, whole
 * lines whose first bytes line_start would not look at (no byte order
 * mark, no '-'), so that the next byte still starts a line. */
const unsigned char *yote_input_ahead(const struct yote_text_input *in,
    size_t *avail);
void yote_input_pass(struct yote_text_input *in, size_t n);
void yote_input_free(struct yote_text_input *in);

/*
 * plain_lines.c: 1 when the len bytes of b are plain (printable ASCII or
 * tabs); the whole plain lines at the start of b (avail bytes) that may
 * go to libyaml in one read, up to the first that is not plain or that
 * begins with '-', '.' or '%': their bytes (0: none), their count, the
 * length of the last without its newline, and the bytes of those with
 * text that is not a comment ("value": what counts towards a value's
 * size limit).  _portable: the same, a word at a time (the tests hold
 * the two to the same answers).
 */
struct yote_plain_run {
	size_t bytes, value, last;
	unsigned long lines;
};

int yote_plain_bytes(const unsigned char *b, size_t len);
void yote_plain_lines(const unsigned char *b, size_t avail,
    struct yote_plain_run *pr);
void yote_plain_lines_portable(const unsigned char *b, size_t avail,
    struct yote_plain_run *pr);

/* yaml_read.c (no name: libyaml's messages carry positions) */
struct yote_yaml_reader;

int yote_yaml_open(FILE *fp, const unsigned char *head, size_t len,
    unsigned long *games, struct yote_yaml_reader **out);
int yote_yaml_next(struct yote_yaml_reader *y, struct yote_record **out,
    struct yote_error *err);
void yote_yaml_close(struct yote_yaml_reader *y);
/* yote_reader_stopped of each format: it gave up (no game found again
 * within the bound of its search), the rest of its input not read */
int yote_yaml_stopped(const struct yote_yaml_reader *y);

/* archive_read.c */
struct yote_arc_reader;

int yote_arc_open(FILE *fp, const char *name, const unsigned char *head,
    size_t len, unsigned long *games, struct yote_arc_reader **out);
/* flags: YOTE_READ_*; *plies gets the record's ply count. */
int yote_arc_next(struct yote_arc_reader *a, unsigned flags,
    struct yote_record **out, unsigned long *plies, struct yote_error *err);
long yote_arc_skip(struct yote_arc_reader *a, unsigned flags,
    unsigned long n, struct yote_error *err);
void yote_arc_close(struct yote_arc_reader *a);
/*
 * 1 when the record yote_arc_next just gave is known to be UTF-8 text
 * within the limits of every record: its decoder checked each text new
 * to the block (every other is one of those, or its digits changed) and
 * each limit as it decoded.  0: check it.
 */
int yote_arc_checked(const struct yote_arc_reader *a);
int yote_arc_stopped(const struct yote_arc_reader *a);
/* yote_reader_reaching and yote_reader_reach_stats of an archive. */
int yote_arc_reaching(struct yote_arc_reader *a,
    const struct yote_pattern *pos, size_t n);
void yote_arc_reach_stats(const struct yote_arc_reader *a,
    struct yote_reach_stats *st);

/* lines.c */
struct yote_lines_reader;

int yote_lines_open(FILE *fp, const char *name, const unsigned char *head,
    size_t len, unsigned long *games, struct yote_lines_reader **out);
int yote_lines_next(struct yote_lines_reader *l, struct yote_record **out,
    struct yote_error *err);
void yote_lines_close(struct yote_lines_reader *l);
int yote_lines_stopped(const struct yote_lines_reader *l);

#endif
