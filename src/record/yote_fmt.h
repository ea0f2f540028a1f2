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

#include "yote.h"

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
