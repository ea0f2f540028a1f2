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

/* yaml_read.c (no name: libyaml's messages carry positions) */
struct yote_yaml_reader;

int yote_yaml_open(FILE *fp, const unsigned char *head, size_t len,
    unsigned long *games, struct yote_yaml_reader **out);
int yote_yaml_next(struct yote_yaml_reader *y, struct yote_record **out,
    struct yote_error *err);
void yote_yaml_close(struct yote_yaml_reader *y);

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

#endif
