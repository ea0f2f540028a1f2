/*
 * reader.c - the record reader: looks at the first bytes of a stream and
 * hands it to the YAML, archive or lines reader, which build record nodes
 * (node.c); it counts games and moves the same way for every format.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "yote_int.h"
#include "stream_int.h"
#include "yote_fmt.h"

struct yote_reader {
	FILE *fp;
	const char *name;
	unsigned long games;    /* games begun, counted by the decoders */
	int format;             /* enum yote_format */
	unsigned flags;         /* YOTE_READ_* */
	unsigned long plies;    /* moves in the record last returned */
	int over;               /* past YOTE_MAX_GAMES: the end */
	/* one of these, by format */
	struct yote_yaml_reader *yaml;
	struct yote_arc_reader *arc;
	struct yote_lines_reader *lines;
};

/* Whether head holds nothing but blanks and line ends, after a byte
 * order mark: too little yet to tell lines from YAML. */
static int
blank_head(const unsigned char *head, size_t len)
{
	size_t i = len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;

	while (i < len && (head[i] == ' ' || head[i] == '\t' ||
	    head[i] == '\r' || head[i] == '\n'))
		i++;
	return i == len;
}

int
yote_reader_open(FILE *fp, const char *name, struct yote_reader **out)
{
	struct yote_reader *rd;
	unsigned char *head;    /* 8 bytes tell an archive; blank lines more */
	size_t len = 0, n;
	int rc, c;

	if (out == NULL || fp == NULL) {
		if (out != NULL)
			*out = NULL;
		return YOTE_EVALUE;
	}
	*out = NULL;
	if ((rd = calloc(1, sizeof(*rd))) == NULL)
		return YOTE_ENOMEM;
	if ((head = malloc(YOTE_DETECT_MAX)) == NULL) {
		free(rd);
		return YOTE_ENOMEM;
	}
	rd->fp = fp;
	rd->name = name;
	while (len < 8 && (n = fread(head + len, 1, 8 - len, fp)) > 0)
		len += n;
	/* a lines file may start with empty lines (sorted, or joined after
	 * one): read on, a byte at a time as a pipe gives them, to the
	 * first that is not blank */
	while (len >= 8 && len < YOTE_DETECT_MAX && blank_head(head, len)) {
		if ((c = getc(fp)) == EOF)
			break;
		head[len++] = (unsigned char)c;
	}
	rd->format = yote_format_detect(head, len);
	if (rd->format == YOTE_FORMAT_ARCHIVE)
		rc = yote_arc_open(fp, name, head, len, &rd->games, &rd->arc);
	else if (rd->format == YOTE_FORMAT_LINES)
		rc = yote_lines_open(fp, name, head, len, &rd->games,
		    &rd->lines);
	else
		rc = yote_yaml_open(fp, head, len, &rd->games, &rd->yaml);
	free(head);
	if (rc != 0) {
		free(rd);
		return YOTE_ENOMEM;
	}
	*out = rd;
	return 0;
}

int
yote_reader_format(const struct yote_reader *rd)
{
	return rd->format;
}

void
yote_reader_set_flags(struct yote_reader *rd, unsigned flags)
{
	rd->flags = flags;
}

unsigned long
yote_reader_plies(const struct yote_reader *rd)
{
	return rd->plies;
}

void
yote_reader_close(struct yote_reader *rd)
{
	if (rd == NULL)
		return;
	yote_yaml_close(rd->yaml);
	yote_arc_close(rd->arc);
	yote_lines_close(rd->lines);
	free(rd);
}

unsigned long
yote_reader_games(const struct yote_reader *rd)
{
	return rd->games;
}

int
yote_reader_stopped(const struct yote_reader *rd)
{
	if (rd->over)
		return 1;
	if (rd->arc != NULL)
		return yote_arc_stopped(rd->arc);
	return rd->lines != NULL ? yote_lines_stopped(rd->lines) :
	    yote_yaml_stopped(rd->yaml);
}

/* The next record of a YAML or lines stream. */
static int
text_next(struct yote_reader *rd, struct yote_record **out,
    struct yote_error *err)
{
	return rd->lines != NULL ? yote_lines_next(rd->lines, out, err) :
	    yote_yaml_next(rd->yaml, out, err);
}

/* The first node whose text is not UTF-8 (YAML holds nothing else). */
static const struct yote_node *
bad_utf8(const struct yote_node *n)
{
	const struct yote_node *bad;
	const unsigned char *t;
	size_t i, k, len;

	if (n == NULL)
		return NULL;
	for (k = 0; k < 2; k++) {
		t = (const unsigned char *)(k ? n->tag : n->text);
		if (t == NULL)
			continue;
		len = k ? strlen(n->tag) : n->len;
		for (i = 0; i < len; i += yote_utf8_len(t + i, len - i))
			if (yote_utf8_len(t + i, len - i) == 0)
				return n;
	}
	for (i = 0; i < n->n; i++)
		if ((bad = bad_utf8(n->kids[i])) != NULL)
			return bad;
	return NULL;
}

/* yote_reader_next, but for the input's name in err */
static int
reader_next(struct yote_reader *rd, struct yote_record **out,
    struct yote_error *err)
{
	const struct yote_node *moves, *bad;
	int rc, checked;

	rd->plies = 0;
	*out = NULL;
	if (rd->over)
		return 0;
	if (rd->arc != NULL)
		rc = yote_arc_next(rd->arc, rd->flags, out, &rd->plies, err);
	else
		rc = text_next(rd, out, err);
	/* libyaml checks YAML input and the archive decoder its texts as
	 * they come (to the limits too); the other formats are checked
	 * here */
	checked = rd->yaml != NULL || (rd->arc != NULL &&
	    yote_arc_checked(rd->arc));
	if (rc == 1 && !checked && (bad = bad_utf8((*out)->root)) != NULL) {
		yote_error_set(err, YOTE_EVALUE, "a value that is not UTF-8 "
		    "text: a record holds UTF-8 only");
		if (err != NULL) {
			err->diag = YOTE_D_YAML;
			err->game = (*out)->game;
			err->line = bad->line;
			err->col = bad->col;
		}
		yote_record_free(*out);
		*out = NULL;
		return YOTE_EVALUE;
	}
	/* the YAML reader holds each value to the limits as it builds the
	 * tree (the same checks, node by node), so a YAML record cannot be
	 * over one; the other formats are checked once more here */
	if (rc == 1 && !checked && yote_record_check_limits(*out, err) != 0) {
		yote_record_free(*out);
		*out = NULL;
		return YOTE_EVALUE;
	}
	if (rd->games > YOTE_MAX_GAMES && rc != 0 && !rd->over) {
		yote_record_free(rc == 1 ? *out : NULL);
		*out = NULL;
		rd->over = 1;
		yote_error_set(err, YOTE_ELIMIT, "more than %lu games in one "
		    "input (the limit): the rest is not read", YOTE_MAX_GAMES);
		if (err != NULL) {
			err->diag = YOTE_D_LIMIT;
			err->game = rd->games;
			err->line = err->col = 0;
		}
		return YOTE_ELIMIT;
	}
	if (rd->arc != NULL)
		return rc;
	if (rc == 1 && (moves = yote_node_get((*out)->root, "moves")) !=
	    NULL && moves->type == YOTE_NODE_SEQ)
		rd->plies = (unsigned long)moves->n;
	return rc;
}

/* Every error and diagnostic of the reader names its input, whatever the
 * format's own reader filled in. */
static long
name_input(const struct yote_reader *rd, long rc, struct yote_error *err)
{
	if (rc < 0 && err != NULL)
		err->file = rd->name;
	return rc;
}

int
yote_reader_next(struct yote_reader *rd, struct yote_record **out,
    struct yote_error *err)
{
	return (int)name_input(rd, reader_next(rd, out, err), err);
}

/* yote_reader_skip, but for the input's name in err */
static long
reader_skip(struct yote_reader *rd, unsigned long n,
    struct yote_error *err)
{
	struct yote_record *rec;
	unsigned long start = rd->games;
	int rc;

	if (rd->arc != NULL)
		return yote_arc_skip(rd->arc, rd->flags, n, err);
	while (rd->games - start < n) {
		if ((rc = text_next(rd, &rec, err)) == 0)
			break;
		if (rc == 1)
			yote_record_free(rec);
		else if (rc != YOTE_EVALUE)
			return rc;
	}
	return (long)(rd->games - start);
}

long
yote_reader_skip(struct yote_reader *rd, unsigned long n,
    struct yote_error *err)
{
	return name_input(rd, reader_skip(rd, n, err), err);
}

int
yote_reader_reaching(struct yote_reader *rd, const struct yote_pattern *pos,
    size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!yote_pattern_exact(&pos[i]))
			return YOTE_EVALUE;
	return rd->arc != NULL ? yote_arc_reaching(rd->arc, pos, n) : 0;
}

void
yote_reader_reach_stats(const struct yote_reader *rd,
    struct yote_reach_stats *st)
{
	memset(st, 0, sizeof(*st));
	if (rd->arc != NULL)
		yote_arc_reach_stats(rd->arc, st);
}

int
yote_file_open(const char *path, FILE **out, struct yote_error *err)
{
	struct stat sb;
	FILE *fp;

	*out = NULL;
	if (strcmp(path, "-") == 0)
		fp = stdin;     /* a directory there too (< dir) */
	else if ((fp = fopen(path, "rb")) == NULL)
		return yote_error_set(err, YOTE_EIO, "%s", strerror(errno));
	if (fstat(fileno(fp), &sb) == 0 && S_ISDIR(sb.st_mode)) {
		if (fp != stdin)
			fclose(fp);
		return yote_error_set(err, YOTE_EIO, "a directory, not a "
		    "file of games");
	}
	*out = fp;
	return 0;
}
