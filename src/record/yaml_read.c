/*
 * yaml_read.c - records read as YAML: a tree of nodes per document, built
 * from libyaml's event stream.
 *
 * A collection is a stream of documents, one game each, so memory follows
 * the largest game, never the collection.  Nothing is interpreted here
 * (checker.c does that).  Aliases are refused: a record has no use for
 * them and expanding them is how small files become huge.  The reader
 * (reader.c) hands a stream here once it has seen that it is YAML.
 * Every byte read counts towards a game's size limit, and those that may
 * be part of a value (not a blank line's, nor a '#' line's: value_bytes)
 * towards the text of one value: libyaml never buffers more than either.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "yote_int.h"
#include "yote_fmt.h"

/*
 * Recovery.  A syntax error, or a limit met, ends what libyaml can do with
 * a stream; the games after it are still there.  A line that starts with
 * "---" or "..." (then a space, a tab or the line's end) starts or ends a
 * document wherever it stands: YAML forbids such a line inside any value.
 * So the reader hands libyaml one line at a time (libyaml then holds at
 * most that line and its own look-ahead), notes the lines that begin with
 * a marker, keeps the bytes from the first such line past the document
 * being parsed, and after a failure starts a new parser at the first of
 * them at or after the failure, with the line count carried over.  The
 * whole lines that follow a read's first in the input's block go with it
 * when nothing can tell them apart from lines handed out one by one
 * (more_lines): a marker line, a directive, a byte order mark, a byte
 * libyaml's reader would refuse, or a game near a size limit is always
 * the first line of a read, met when libyaml asks for it as before.
 */
/* the bytes of one document read before it is over the limit (libyaml
 * reads a little ahead), and passed over after a failure at most */
#define DOC_READ_MAX (YOTE_MAX_DOCUMENT + 65536)

struct mark_line {
	unsigned long line;     /* in the stream, 1-based */
	size_t at;              /* offset in keep */
	unsigned long long pos; /* offset in the stream */
	int end;                /* "...": go on after it */
};

struct yote_yaml_reader {
	yaml_parser_t parser;
	struct yote_text_input in;      /* the input, decoded to UTF-8 */
	int in_doc;             /* inside a document */
	int done;               /* nothing more to read */
	unsigned long *games;   /* documents begun (the reader's counter) */
	size_t since_event;     /* bytes read since the last event that
				   may be part of a value (value_bytes) */
	int line_kind;          /* the line being handed out (LINE_*) */
	size_t blank_bytes;     /* its bytes handed out while it was blank,
				   not counted yet */
	size_t doc_bytes;       /* bytes read since the document began */
	/* end of the last event: where a value too long to read began (its
	 * line, and its column below: apart, so that the two are not read
	 * as one, which waits on libyaml's writes of them at every event) */
	unsigned long last_line;
	int over_limit;         /* the read handler refused: a size limit */
	int plain_end;          /* the last read ended with a plain line
				   (yote_plain_bytes), or nothing was read */
	/* decoded bytes to hand out before the input's: a resume's */
	unsigned char *replay;
	size_t replaylen, replaypos;
	/* lines */
	unsigned long base;     /* lines before this parser's first */
	unsigned long line;     /* the line of the next byte handed out */
	unsigned long long line_pos;    /* pos where that line began */
	unsigned long long ended;       /* the bytes of the line before it,
					   its newline left out */
	unsigned char bol[8];   /* the first bytes of that line (a byte
				   order mark and four) */
	int boln;
	int skip_line;          /* hand out nothing up to the next line */
	unsigned long directive;        /* the last line that starts with
					   '%' (a directive) */
	int gave_up;            /* no marker within a game's size limit */
	/* the last two reads: where each began among the bytes handed to
	 * this parser, its line, and whether it began that line */
	unsigned long long handed;      /* bytes handed to this parser */
	struct handed_line {
		unsigned long long at;
		unsigned long line;
		int bol;
	} read[2];
	unsigned long long pos; /* bytes of the stream read */
	unsigned long long start;       /* where this parser's input begins */
	/* bytes kept to resume at: from a marker line past after */
	unsigned long after;    /* the last document start met (a line) */
	unsigned char *keep;
	size_t keepn, keepcap;
	int keep_oom;
	struct mark_line *marks;
	size_t nmarks, capmarks;
	/* the tree: made in an arena per document; the kids of the open
	 * collections wait here, each collection's array made at its end */
	struct yote_node **kids;
	size_t nkids, capkids;
	size_t arena_hint;      /* the last document's arena, in bytes */
	unsigned long last_col; /* see last_line */
};

static int
keep_bytes(struct yote_yaml_reader *rd, const unsigned char *b, size_t n)
{
	unsigned char *k;
	size_t cap;

	if (rd->keepn + n > rd->keepcap) {
		cap = rd->keepcap ? rd->keepcap : 4096;
		while (cap < rd->keepn + n)
			cap *= 2;
		if ((k = realloc(rd->keep, cap)) == NULL)
			return rd->keep_oom = 1, -1;
		rd->keep = k;
		rd->keepcap = cap;
	}
	memcpy(rd->keep + rd->keepn, b, n);
	rd->keepn += n;
	return 0;
}

/* The line just begun (its first bytes in bol) starts with a marker. */
static void
marker_line(struct yote_yaml_reader *rd)
{
	struct mark_line *m;
	size_t cap;

	if (rd->line <= rd->after)
		return;
	if (rd->nmarks == 0) {
		rd->keepn = 0;
		if (keep_bytes(rd, rd->bol, (size_t)rd->boln) != 0)
			return;
	}
	if (rd->nmarks == rd->capmarks) {
		cap = rd->capmarks ? 2 * rd->capmarks : 16;
		if ((m = realloc(rd->marks, cap * sizeof(*m))) == NULL) {
			rd->keep_oom = 1;
			return;
		}
		rd->marks = m;
		rd->capmarks = cap;
	}
	rd->marks[rd->nmarks].end = rd->bol[0] == '.';
	rd->marks[rd->nmarks].line = rd->line;
	rd->marks[rd->nmarks].pos = rd->pos - (unsigned)rd->boln;
	rd->marks[rd->nmarks++].at = rd->keepn - (size_t)rd->boln;
}

/* 1 when a line's first four bytes make it a marker line. */
static inline int
is_marker(const unsigned char *bol)
{
	return (memcmp(bol, "---", 3) == 0 || memcmp(bol, "...", 3) == 0) &&
	    strchr(" \t\r\n", bol[3]) != NULL;
}

/*
 * A byte order mark may begin every document (YAML 1.2), so a file saved
 * with one and joined to another with cat has one at the start of a
 * line: the bytes handed to libyaml leave it out (reader_read), and a
 * marker line after one is still a marker line (bol_add).
 */
static const unsigned char bom[3] = { 0xEF, 0xBB, 0xBF };

/* One more of the line's first bytes; a marker line is noted. */
static inline void
bol_add(struct yote_yaml_reader *rd, unsigned char c)
{
	int want = rd->boln >= 3 && memcmp(rd->bol, bom, 3) == 0 ? 7 : 4;

	if (rd->boln >= want)
		return;
	rd->bol[rd->boln++] = (unsigned char)c;
	if (rd->boln == want - 3 && c == '%')
		rd->directive = rd->line;
	if (rd->boln == want && is_marker(rd->bol + want - 4))
		marker_line(rd);
}

/* Note byte c as read: lines, marker lines, the bytes to keep. */
static inline void
note_byte(struct yote_yaml_reader *rd, unsigned char c)
{
	rd->pos++;
	if (rd->nmarks > 0)
		keep_bytes(rd, &c, 1);
	bol_add(rd, c);
	if (c == '\n') {
		rd->line++;
		rd->ended = rd->pos - rd->line_pos - 1;
		rd->line_pos = rd->pos;
		rd->boln = 0;
	}
}

/* The next byte of the input, or EOF (io_errno set on a failure). */
static inline int
input_byte(struct yote_yaml_reader *rd)
{
	if (rd->replaypos < rd->replaylen)
		return rd->replay[rd->replaypos++];
	return yote_input_byte(&rd->in);
}

/*
 * Up to size bytes of the input into buf, stopping after a newline: the
 * count (0 at the end, io_errno set on a failure).  The bytes are not
 * noted yet.
 */
static size_t
take_line(struct yote_yaml_reader *rd, unsigned char *buf, size_t size)
{
	const unsigned char *nl = NULL;
	size_t n = 0;

	if (rd->replaypos < rd->replaylen) {
		n = rd->replaylen - rd->replaypos;
		if (n > size)
			n = size;
		if ((nl = memchr(rd->replay + rd->replaypos, '\n', n)) != NULL)
			n = (size_t)(nl - (rd->replay + rd->replaypos)) + 1;
		memcpy(buf, rd->replay + rd->replaypos, n);
		rd->replaypos += n;
		/* a line the replay ends in goes on in the input, as one
		 * line */
		if (nl != NULL || rd->replaypos < rd->replaylen)
			return n;
	}
	return n + yote_input_line(&rd->in, buf + n, size - n);
}

/*
 * Note n bytes as read, all of one line (only the last may end it): what
 * note_byte does byte by byte, done for the bytes past the line's first
 * four in one step, since only those four can make a marker line.
 */
static void
note_bytes(struct yote_yaml_reader *rd, const unsigned char *b, size_t n)
{
	size_t i = 0;

	/* a whole line from its start, most often: its first four bytes
	 * (no newline among them) at once */
	if (rd->boln == 0 && n > 4 && b[0] != bom[0]) {
		rd->pos += 4;
		if (rd->nmarks > 0)
			keep_bytes(rd, b, 4);
		memcpy(rd->bol, b, 4);
		rd->boln = 4;
		if (b[0] == '%')
			rd->directive = rd->line;
		if (is_marker(rd->bol))
			marker_line(rd);
		i = 4;
	}
	while (i < n && rd->boln < 7 && (rd->boln < 4 ||
	    memcmp(rd->bol, bom, 3) == 0))
		note_byte(rd, b[i++]);
	if (i == n)
		return;
	rd->pos += n - i;
	if (rd->nmarks > 0)
		keep_bytes(rd, b + i, n - i);
	if (b[n - 1] == '\n') {
		rd->line++;
		rd->ended = rd->pos - rd->line_pos - 1;
		rd->line_pos = rd->pos;
		rd->boln = 0;
	}
}

/*
 * The text of one value at most, as written: a value within the limit
 * (1 MiB) takes up to 4 characters a byte as YAML writes it ("\x01"; an
 * emoji 10 for 4, "\U0001F981"), and a long one is folded every line or
 * so: 5 MiB, and a line's 64 KiB.  The value's own length is held to the
 * limit once libyaml has made it (yote_limit_scalar).
 */
#define RAW_SCALAR_MAX (5 * YOTE_MAX_SCALAR + 65536)

/*
 * What counts towards RAW_SCALAR_MAX: the bytes since the last event that
 * may be part of a value, not those of a blank line (spaces, tabs, CR)
 * nor those of a line whose first byte is '#' (comments between or
 * inside games, commented-out games).  A record's values are under its
 * top-level mapping, so a block scalar's lines are indented and such a
 * line ends it or is a comment.  One can still be inside a value, where
 * YAML lets it be: a block scalar's blank lines, a line of a quoted
 * scalar that runs over several lines and starts with '#' at column 1;
 * those are held to the game's size limit instead (doc_bytes counts every
 * byte, DOC_READ_MAX), so libyaml still buffers no more than a game's
 * text, and the value made is held to 1 MiB (yote_limit_scalar).  The
 * read handler hands out one line at a time, but a long line over several
 * reads: what the line is so far is kept from one read to the next.
 */
enum { LINE_VALUE, LINE_BLANK, LINE_COMMENT };

/* The bytes of a read of n (of one line; bol: from its start) that may
 * be part of a value. */
static inline size_t
value_bytes(struct yote_yaml_reader *rd, const unsigned char *b, size_t n,
    int bol)
{
	size_t i;

	if (bol) {
		rd->line_kind = n > 0 && b[0] == '#' ? LINE_COMMENT :
		    LINE_BLANK;
		rd->blank_bytes = 0;
	}
	if (rd->line_kind == LINE_VALUE)
		return n;
	if (rd->line_kind == LINE_COMMENT)
		return 0;
	for (i = 0; i < n; i++)
		if (b[i] != ' ' && b[i] != '\t' && b[i] != '\r' &&
		    b[i] != '\n') {
			/* not blank after all: every byte of it counts */
			rd->line_kind = LINE_VALUE;
			return rd->blank_bytes + n;
		}
	rd->blank_bytes += n;
	return 0;
}

/*
 * A read's first line is followed by the plain lines after it only
 * while the game is far from its size limits, so that each limit is met
 * where it was, a line at a time: under AHEAD_MAX bytes, a read adding
 * at most libyaml's buffer (16 KiB).
 */
#define AHEAD_MAX 65536

/*
 * The whole lines that follow in the input's block, into buf (room for
 * size bytes), noted as read: their count in bytes.  Each must be plain
 * (yote_plain_lines; no CR, so that a line ends only where this reader counts
 * one) and must not begin with '-', '.' or '%' (a marker line, a
 * directive, a UTF-16 "---" that text_input.c looks at): such a line
 * waits for a later read, with every line after it.  None of these lines
 * can make a marker, a byte order mark or a reader error, so that only
 * their lines and bytes are counted here (as note_bytes and value_bytes
 * would).
 */
static size_t
more_lines(struct yote_yaml_reader *rd, unsigned char *buf, size_t size)
{
	struct yote_plain_run run;
	const unsigned char *b;
	size_t avail;

	if ((b = yote_input_ahead(&rd->in, &avail)) == NULL)
		return 0;
	if (avail > size)
		avail = size;
	yote_plain_lines(b, avail, &run);
	if (run.bytes == 0)
		return 0;
	memcpy(buf, b, run.bytes);
	yote_input_pass(&rd->in, run.bytes);
	rd->pos += run.bytes;
	if (rd->nmarks > 0)
		keep_bytes(rd, b, run.bytes);
	rd->since_event += run.value;
	rd->line += run.lines;
	rd->ended = run.last;
	rd->line_pos = rd->pos;
	rd->handed += run.bytes;
	rd->doc_bytes += run.bytes;
	return run.bytes;
}

/*
 * Read handler: one line at most (so that libyaml reads no further ahead
 * than it must), counting bytes to enforce the size limits before libyaml
 * buffers an endless value (value_bytes: those that may be part of one;
 * every byte towards the game's); with it, the plain lines that follow
 * (more_lines).  The line after an end marker that a resume starts at is
 * passed over (skip_line).
 */
static int
reader_read(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct yote_yaml_reader *rd = data;
	size_t n;
	int bol, plain;

	for (;;) {
		bol = rd->boln == 0;
		n = take_line(rd, buf, size);
		if (bol && n >= 3 && memcmp(buf, bom, 3) == 0) {
			/* counted as read, never handed to libyaml */
			rd->pos += 3;
			memmove(buf, buf + 3, n -= 3);
			if (n == 0 && !rd->in.eof)
				continue;
		}
		note_bytes(rd, buf, n);
		if (!rd->skip_line || n == 0)
			break;
		rd->skip_line = buf[n - 1] != '\n';
	}
	if (rd->in.io_errno)
		return 0;
	rd->read[0] = rd->read[1];
	rd->read[1].at = rd->handed;
	rd->read[1].line = rd->line - (n > 0 && buf[n - 1] == '\n');
	rd->read[1].bol = bol;
	rd->handed += n;
	rd->since_event += value_bytes(rd, buf, n, bol);
	rd->doc_bytes += n;
	if (rd->since_event > RAW_SCALAR_MAX ||
	    rd->doc_bytes > DOC_READ_MAX) {
		rd->over_limit = 1;
		return 0;
	}
	/* more lines only after a plain one, itself after a plain one: a
	 * UTF-8 sequence cut short waits for the bytes after it, and is
	 * refused when they come, which must be a line later, as before
	 * (the syntax error in between found first); read[1] keeps the
	 * first line's place, the only one that can hold a refused byte */
	plain = bol && n > 0 && buf[n - 1] == '\n' &&
	    yote_plain_bytes(buf, n - 1);
	if (plain && rd->plain_end && rd->replaypos == rd->replaylen &&
	    rd->doc_bytes < AHEAD_MAX && rd->since_event < AHEAD_MAX)
		n += more_lines(rd, buf + n, size - n);
	rd->plain_end = plain;
	*got = n;
	return 1;
}

/*
 * The line of the byte at offset `at` among those handed to this parser,
 * when one of the last two reads handed it out (a UTF-8 sequence cut short
 * by the last began in the one before), and its column in *col (counted
 * in bytes; 0 when the read began within the line); else 0.
 */
static unsigned long
line_handed(const struct yote_yaml_reader *rd, unsigned long long at,
    unsigned long *col)
{
	const struct handed_line *h;

	*col = 0;
	if (at >= rd->handed)
		return 0;
	if (at >= rd->read[1].at)
		h = &rd->read[1];
	else if (rd->read[0].line > 0 && at >= rd->read[0].at)
		h = &rd->read[0];
	else
		return 0;
	if (h->bol)
		*col = (unsigned long)(at - h->at) + 1;
	return h->line;
}

/* A new parser from line `line` on, its first bytes in rd->replay. */
static int
new_parser(struct yote_yaml_reader *rd, unsigned long line)
{
	yaml_parser_delete(&rd->parser);
	if (!yaml_parser_initialize(&rd->parser))
		return YOTE_ENOMEM;
	yaml_parser_set_input(&rd->parser, reader_read, rd);
	rd->base = line - 1;
	rd->line = line;
	rd->boln = 0;
	rd->after = line;
	rd->since_event = rd->doc_bytes = 0;
	rd->handed = 0;
	memset(rd->read, 0, sizeof(rd->read));
	rd->over_limit = 0;
	rd->plain_end = 1;
	rd->in_doc = 0;
	return 0;
}

/*
 * Whether anything follows the line of end marker i (the input may end
 * there: then no game is there to resume at).  The bytes read to know are
 * kept with the rest; a line that goes on past a game's size limit is
 * taken for something.
 */
static int
follows(struct yote_yaml_reader *rd, size_t i)
{
	const unsigned char *nl;
	unsigned long long passed = 0;
	int c;

	for (;;) {
		nl = memchr(rd->keep + rd->marks[i].at, '\n', rd->keepn -
		    rd->marks[i].at);
		if ((nl != NULL && (size_t)(nl - rd->keep) + 1 < rd->keepn) ||
		    passed++ > DOC_READ_MAX)
			return 1;
		if ((c = input_byte(rd)) == EOF || rd->keep_oom)
			return 0;
		note_byte(rd, (unsigned char)c);
	}
}

/*
 * After a failure at line `at`: go on at the first marker line at or after
 * it, past the document that failed; with own, that document's "---" is
 * still to come (the failure is in its directives), and it is passed over
 * too, so that the document counts once.  Its line, or 0 when the input
 * ends first (or the bytes to resume could not be kept).
 */
static unsigned long
resume(struct yote_yaml_reader *rd, unsigned long at, int own)
{
	unsigned long long passed = 0;
	size_t i;
	int c, end;

	if (at <= rd->after)
		at = rd->after + 1;
again:
	for (i = 0; i < rd->nmarks && rd->marks[i].line < at; i++)
		;
	if (i < rd->nmarks && own && !rd->marks[i].end) {
		at = rd->marks[i].line + 1;
		own = 0;
		goto again;
	}
	if (i == rd->nmarks) {
		/* not read yet: pass over lines until one, keeping nothing,
		 * and not past a game's size limit: an endless input without
		 * a marker (/dev/zero, `yes`) would be read for ever */
		rd->nmarks = 0;
		rd->after = at - 1;
		while (rd->nmarks == 0 && !rd->keep_oom &&
		    passed++ <= DOC_READ_MAX &&
		    (c = input_byte(rd)) != EOF)
			note_byte(rd, (unsigned char)c);
		if (passed > DOC_READ_MAX && rd->nmarks == 0)
			rd->gave_up = 1;
		if (rd->nmarks == 0 || rd->keep_oom)
			return 0;
		i = 0;
		if (own && !rd->marks[0].end) {
			at = rd->marks[0].line + 1;
			own = 0;
			goto again;
		}
	}
	if (rd->keep_oom || (rd->marks[i].end && !follows(rd, i)))
		return 0;
	/* the bytes kept from that line on, then the rest of the
	 * replay not yet handed out, are the new parser's first; an end
	 * marker's line is passed over, libyaml takes none first */
	at = rd->marks[i].line;
	end = rd->marks[i].end;
	rd->start = rd->marks[i].pos;
	if (rd->replaypos < rd->replaylen && keep_bytes(rd, rd->replay +
	    rd->replaypos, rd->replaylen - rd->replaypos) != 0)
		return 0;
	free(rd->replay);
	rd->replay = rd->keep;
	rd->replaypos = rd->marks[i].at;
	rd->replaylen = rd->keepn;
	rd->keep = NULL;
	rd->keepn = rd->keepcap = 0;
	rd->nmarks = 0;
	if (new_parser(rd, at) != 0)
		return 0;
	rd->base += (unsigned long)end;
	rd->skip_line = end;
	return at + (unsigned long)end;
}

/* A document starts at line `line`: what is kept before it may go. */
static void
document_begins(struct yote_yaml_reader *rd, unsigned long line)
{
	size_t i, j;

	rd->after = line;
	for (i = 0; i < rd->nmarks && rd->marks[i].line <= line; i++)
		;
	if (i == 0)
		return;
	if (i == rd->nmarks) {
		rd->nmarks = rd->keepn = 0;
		return;
	}
	memmove(rd->keep, rd->keep + rd->marks[i].at, rd->keepn -
	    rd->marks[i].at);
	rd->keepn -= rd->marks[i].at;
	for (j = i; j < rd->nmarks; j++) {
		rd->marks[j - i].line = rd->marks[j].line;
		rd->marks[j - i].at = rd->marks[j].at - rd->marks[i].at;
	}
	rd->nmarks -= i;
}

int
yote_yaml_open(FILE *fp, const unsigned char *head, size_t len,
    unsigned long *games, struct yote_yaml_reader **out)
{
	struct yote_yaml_reader *rd;

	*out = NULL;
	if ((rd = calloc(1, sizeof(*rd))) == NULL)
		return YOTE_ENOMEM;
	if (yote_input_init(&rd->in, fp, head, len) != 0) {
		free(rd);
		return YOTE_ENOMEM;
	}
	if (!yaml_parser_initialize(&rd->parser)) {
		yote_input_free(&rd->in);
		free(rd);
		return YOTE_ENOMEM;
	}
	rd->games = games;
	yaml_parser_set_input(&rd->parser, reader_read, rd);
	rd->line = 1;
	rd->plain_end = 1;
	rd->after = 1;          /* a "---" on line 1 starts the first game */
	*out = rd;
	return 0;
}

void
yote_yaml_close(struct yote_yaml_reader *rd)
{
	if (rd == NULL)
		return;
	yaml_parser_delete(&rd->parser);
	yote_input_free(&rd->in);
	free(rd->replay);
	free(rd->keep);
	free(rd->marks);
	free(rd->kids);
	free(rd);
}

int
yote_yaml_stopped(const struct yote_yaml_reader *rd)
{
	return rd->gave_up;
}

static void
at_mark(const struct yote_yaml_reader *rd, struct yote_error *err,
    const yaml_mark_t *m)
{
	if (err != NULL) {
		err->line = rd->base + m->line + 1;
		err->col = m->column + 1;
	}
}

/*
 * What the user wrote and how to write it, for the libyaml errors that
 * records meet most: NULL to say libyaml's own words.
 */
static const char *
yaml_hint(const char *problem, const char *context)
{
	if (problem == NULL)
		return NULL;
	if (strstr(problem, "found a tab character") != NULL)
		return "a tab indents this line; YAML indents with spaces "
		    "only: put spaces where the tab is";
	if (context != NULL && strstr(context, "scanning an alias") != NULL)
		return "a bare * starts an alias in YAML; quote it, as in "
		    "result: \"*\"";
	if (strstr(problem, "cannot start any token") != NULL)
		return "this character cannot begin a YAML value: a tab "
		    "that indents (use spaces), or a value that begins with "
		    "@ or ` (quote it)";
	if (strstr(problem, "mapping values are not allowed") != NULL)
		return "a ': ' inside a value that is not quoted; quote the "
		    "value, as in comment: \"Note: ...\"";
	return NULL;
}

/*
 * A syntax error at its place (yaml_syntax.c, as a ruleset file's); one
 * libyaml finds at the end of the input is placed at the end of the last
 * line, and the message says the input ends there.
 */
static void
syntax_place(const struct yote_yaml_reader *rd, struct yote_error *err)
{
	unsigned long last = rd->line - (rd->boln == 0 && rd->line > 1);

	if (yote_yaml_syntax_place(&rd->parser, rd->base, err) && rd->in.eof)
		yote_yaml_input_end(err, last, (unsigned long)(rd->boln == 0 ?
		    rd->ended : rd->pos - rd->line_pos) + 1);
}

/* Why the parser stopped, in err (diag set); the error code. */
static YOTE_COLD int
why_failed(struct yote_yaml_reader *rd, struct yote_error *err)
{
	yaml_parser_t *p = &rd->parser;
	const char *hint;
	unsigned long line, col;
	int code;

	if (rd->in.io_errno) {
		code = yote_error_set(err, YOTE_EIO, "read error: %s",
		    strerror(rd->in.io_errno));
		if (err != NULL)
			err->diag = YOTE_D_IO;
		return code;
	}
	if (rd->over_limit) {
		if (rd->doc_bytes > YOTE_MAX_DOCUMENT)
			code = yote_error_set(err, YOTE_ELIMIT, "a game longer "
			    "than %lu MiB (the limit)",
			    YOTE_MAX_DOCUMENT >> 20);
		else
			code = yote_error_set(err, YOTE_ELIMIT, "a value "
			    "longer than %lu MiB (the limit) starts here",
			    YOTE_MAX_SCALAR >> 20);
		if (err != NULL) {
			err->line = rd->base + rd->last_line + 1;
			err->col = rd->last_col + 1;
		}
		if (err != NULL)
			err->diag = YOTE_D_LIMIT;
		return code;
	}
	if (p->error == YAML_READER_ERROR) {
		if (p->problem_value != -1)
			code = yote_error_set(err, YOTE_ESYNTAX, "not a YAML "
			    "text: %s (byte 0x%02X at offset %llu)",
			    p->problem ? p->problem : "unreadable input",
			    (unsigned)p->problem_value & 0xFF,
			    rd->start + p->problem_offset);
		else
			code = yote_error_set(err, YOTE_ESYNTAX, "not a YAML "
			    "text: %s (at offset %llu)",
			    p->problem ? p->problem : "unreadable input",
			    rd->start + p->problem_offset);
		/* libyaml decodes ahead of its mark: the bad byte is found
		 * by its offset in the lines last read (else it is in the
		 * last of them, its column known only on the mark's line) */
		at_mark(rd, err, &p->mark);
		if ((line = line_handed(rd, p->problem_offset, &col)) == 0) {
			line = rd->line - (rd->boln == 0 && rd->line > 1);
			col = err != NULL && err->line == line ? err->col : 0;
		}
		if (err != NULL) {
			err->line = line;
			err->col = col;
		}
	} else if (p->error == YAML_MEMORY_ERROR) {
		code = yote_error_set(err, YOTE_ENOMEM, "out of memory");
	} else if ((hint = yaml_hint(p->problem, p->context)) != NULL) {
		code = yote_error_set(err, YOTE_ESYNTAX, "YAML syntax error: "
		    "%s", hint);
		syntax_place(rd, err);
	} else {
		code = yote_error_set(err, YOTE_ESYNTAX, "YAML syntax error: "
		    "%s%s%s", p->problem ? p->problem : "unreadable input",
		    p->context ? " " : "", p->context ? p->context : "");
		syntax_place(rd, err);
	}
	if (err != NULL)
		err->diag = YOTE_D_YAML;
	return code;
}

/*
 * The game at the failure is lost (counted, and named in err); reading
 * goes on at the next document when there is one.  YOTE_EVALUE then;
 * else the failure's code, and the end.  Whatever the failure (a syntax
 * error, bytes that are not UTF-8, a value, a game, a list, a mapping or
 * a nesting over its limit, an alias), the message ends here, in these
 * words alone: where reading resumes, or, when no document begins within
 * a game's size limit, that the rest of the input is not read (the code
 * is then YOTE_ELIMIT for a document refused whole: YOTE_EVALUE would
 * promise a next one); nothing when the input ends first.
 */
static YOTE_COLD int
recover(struct yote_yaml_reader *rd, struct yote_error *err, int code,
    unsigned long line)
{
	char then[96] = "";     /* how reading goes on */
	unsigned long at;
	size_t len;
	/* a failure in a document's directives ('%YAML 9.9'): its "---"
	 * follows, and starts no other game */
	int own = !rd->in_doc && rd->directive > rd->after &&
	    rd->directive <= line;

	if (!rd->in_doc)
		(*rd->games)++;         /* the broken text was a game */
	rd->in_doc = 0;
	if (err != NULL)
		err->game = *rd->games;
	if (code != YOTE_EIO && code != YOTE_ENOMEM &&
	    (at = resume(rd, line, own)) != 0) {
		snprintf(then, sizeof(then), "; reading resumes at line %lu, "
		    "game %lu", at, *rd->games + 1);
		code = YOTE_EVALUE;
	} else {
		if (rd->keep_oom)
			code = yote_error_set(err, YOTE_ENOMEM, "out of "
			    "memory");
		else if (rd->gave_up) {
			snprintf(then, sizeof(then), "; no game begins (---) "
			    "in the next %lu MiB: the rest of the input is "
			    "not read", YOTE_MAX_DOCUMENT >> 20);
			if (code == YOTE_EVALUE)
				code = YOTE_ELIMIT;
		}
		rd->done = 1;
	}
	if (err != NULL && (len = strlen(err->msg)) + 1 < sizeof(err->msg))
		snprintf(err->msg + len, sizeof(err->msg) - len, "%s", then);
	return code;
}

/* The parser cannot go on: say why, and go on after it if we can. */
static YOTE_COLD int
stream_failed(struct yote_yaml_reader *rd, struct yote_error *err)
{
	struct yote_error e;
	struct yote_error *to = err != NULL ? err : &e;
	int code = why_failed(rd, to);

	return recover(rd, err, code, to->line > 0 ? to->line : rd->line);
}

static int
next_event(struct yote_yaml_reader *rd, yaml_event_t *ev)
{
	int ok;

	rd->since_event = 0;
	if ((ok = yaml_parser_parse(&rd->parser, ev))) {
		rd->last_line = (unsigned long)ev->end_mark.line;
		rd->last_col = (unsigned long)ev->end_mark.column;
		if (ev->type == YAML_DOCUMENT_START_EVENT)
			document_begins(rd, rd->base + ev->start_mark.line + 1);
	}
	return ok;
}

/*
 * Read events up to one of type want, or the end of the stream: the type
 * of the event found (the start of the last one read in *at, if at is not
 * NULL), or an error code.
 */
static int
skip_to(struct yote_yaml_reader *rd, yaml_event_type_t want, yaml_mark_t *at,
    struct yote_error *err)
{
	yaml_event_t ev;
	int type;

	for (;;) {
		if (!next_event(rd, &ev))
			return stream_failed(rd, err);
		type = (int)ev.type;
		if (at != NULL)
			*at = ev.start_mark;
		yaml_event_delete(&ev);
		if (type == (int)want || type == YAML_STREAM_END_EVENT) {
			rd->done = type == YAML_STREAM_END_EVENT;
			return type;
		}
	}
}

/*
 * A document that cannot be a record: skipped by its lines, not by
 * libyaml's events, since going on through a document nested too deep
 * costs libyaml time quadratic in the nesting.  What recover returns.
 */
static YOTE_COLD int
doc_problem(struct yote_yaml_reader *rd, struct yote_error *err, int diag,
    const yaml_mark_t *m, const char *msg)
{
	yote_error_set(err, YOTE_EVALUE, "%s", msg);
	at_mark(rd, err, m);
	if (err != NULL)
		err->diag = diag;
	return recover(rd, err, YOTE_EVALUE, rd->base + m->line + 1);
}

/*
 * Add a finished node to the open collection (its kids wait in rd->kids),
 * or make it the document's root: 0 or YOTE_ENOMEM.
 */
static int
more_kids(struct yote_yaml_reader *rd)
{
	struct yote_node **k;
	size_t cap = rd->capkids ? 2 * rd->capkids : 256;

	if ((k = realloc(rd->kids, cap * sizeof(*k))) == NULL)
		return YOTE_ENOMEM;
	rd->kids = k;
	rd->capkids = cap;
	return 0;
}

static inline int
attach(struct yote_yaml_reader *rd, int depth, struct yote_node **root,
    struct yote_node *n)
{
	if (depth == 0) {
		*root = n;
		return 0;
	}
	if (rd->nkids == rd->capkids && more_kids(rd) != 0)
		return YOTE_ENOMEM;
	rd->kids[rd->nkids++] = n;
	return 0;
}

/* A collection ends: its kids, from rd->kids[from] on, go into its array. */
static int
close_collection(struct yote_yaml_reader *rd, struct yote_arena *a,
    struct yote_node *n, size_t from)
{
	size_t nk = rd->nkids - from;

	rd->nkids = from;
	n->n = 0;
	return yote_arena_set_kids(a, n, rd->kids + from, nk);
}

/* A node for a scalar or a collection's start, with its style and tag. */
static struct yote_node *
node_from_event(struct yote_arena *a, const yaml_event_t *ev,
    unsigned long base)
{
	struct yote_node *n;
	const yaml_char_t *tag;

	if (ev->type == YAML_SCALAR_EVENT) {
		n = yote_arena_scalar(a, (const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
		tag = ev->data.scalar.tag;
		if (n != NULL)
			n->style = (int)ev->data.scalar.style;
	} else if (ev->type == YAML_SEQUENCE_START_EVENT) {
		n = yote_arena_collection(a, YOTE_NODE_SEQ);
		tag = ev->data.sequence_start.tag;
		if (n != NULL)
			n->style = (int)ev->data.sequence_start.style;
	} else {
		n = yote_arena_collection(a, YOTE_NODE_MAP);
		tag = ev->data.mapping_start.tag;
		if (n != NULL)
			n->style = (int)ev->data.mapping_start.style;
	}
	if (n == NULL || (tag != NULL &&
	    yote_arena_set_tag(a, n, (const char *)tag) != 0))
		return NULL;
	n->line = base + ev->start_mark.line + 1;
	n->col = ev->start_mark.column + 1;
	return n;
}

/*
 * 1 when one more value is surely within the limits of node.c's
 * yote_limit_grow (fewer kids waiting in rd->kids for the open collection
 * than the smaller of the mapping and list limits, fewer values than the
 * game's): the common case, without a call.
 */
static inline int
far_from_limits(const struct yote_yaml_reader *rd, const size_t *from,
    int depth, unsigned long nodes)
{
	return nodes + 1 < YOTE_MAX_NODES && (depth == 0 ||
	    rd->nkids - from[depth - 1] + 1 < 2 * YOTE_MAX_KEYS);
}

/* yote_limit_grow of one more value in the open collection (its kids
 * counted: each one's n is set when it closes). */
static const char *
open_limit(struct yote_yaml_reader *rd, struct yote_node **stack,
    const size_t *from, int depth, unsigned long nodes)
{
	if (depth == 0)
		return yote_limit_grow(NULL, nodes);
	stack[depth - 1]->n = rd->nkids - from[depth - 1];
	return yote_limit_grow(stack[depth - 1], nodes);
}

/* Up to the start of the next document: 1, 0 at the end, or an error. */
static int
document_start(struct yote_yaml_reader *rd, yaml_mark_t *start,
    struct yote_error *err)
{
	int rc = skip_to(rd, YAML_DOCUMENT_START_EVENT, start, err);

	return rc < 0 ? rc : rc == YAML_DOCUMENT_START_EVENT;
}

/* The record of a finished document (takes root and its arena); 1 or
 * YOTE_ENOMEM. */
static int
finish_record(struct yote_yaml_reader *rd, struct yote_arena *a,
    struct yote_node *root, const yaml_mark_t *start,
    struct yote_record **out, struct yote_error *err)
{
	struct yote_record *rec;

	rd->in_doc = 0;
	rd->arena_hint = yote_arena_used(a);
	/* malloc, not calloc: glibc's calloc passes its per-thread cache
	 * by, and a record a game is worth the fast path */
	if ((rec = malloc(sizeof(*rec))) == NULL) {
		yote_arena_free(a);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	memset(rec, 0, sizeof(*rec));
	rec->arena = a;
	rec->root = root;
	rec->game = *rd->games;
	rec->line = rd->base + start->line + 1;
	rec->col = start->column + 1;
	*out = rec;
	return 1;
}

int
yote_yaml_next(struct yote_yaml_reader *rd, struct yote_record **out,
    struct yote_error *err)
{
	struct yote_node *stack[YOTE_MAX_DEPTH + 1], *root = NULL, *n;
	size_t from[YOTE_MAX_DEPTH + 1];        /* each one's first kid */
	struct yote_arena *a;
	const char *limit;
	yaml_event_t ev;
	yaml_mark_t start = { 0, 0, 0 };
	int depth = 0, rc, diag;
	unsigned long nodes = 0;

	*out = NULL;
	if (rd->done)
		return 0;
	if ((rc = document_start(rd, &start, err)) != 1)
		return rc;
	(*rd->games)++;
	rd->in_doc = 1;
	rd->doc_bytes = 0;
	rd->nkids = 0;
	/* everything of the document is the arena's: a document cut short
	 * goes with it */
	if ((a = yote_arena_new(rd->arena_hint)) == NULL)
		goto nomem;
	for (;;) {
		if (!next_event(rd, &ev)) {
			yote_arena_free(a);
			return stream_failed(rd, err);
		}
		/* a scalar in a collection, well within the limits, with no
		 * tag and room among the kids: nearly every event of a
		 * record, made here without the general path's tests */
		if (ev.type == YAML_SCALAR_EVENT && depth > 0 &&
		    ev.data.scalar.tag == NULL && rd->nkids < rd->capkids &&
		    far_from_limits(rd, from, depth, nodes) &&
		    ev.data.scalar.length <= YOTE_MAX_SCALAR) {
			n = yote_arena_value(a, (const char *)
			    ev.data.scalar.value, ev.data.scalar.length,
			    (int)ev.data.scalar.style, rd->base +
			    ev.start_mark.line + 1, ev.start_mark.column + 1);
			yaml_event_delete(&ev);
			if (n == NULL)
				goto nomem;
			nodes++;
			rd->kids[rd->nkids++] = n;
			continue;
		}
		limit = NULL;
		diag = YOTE_D_LIMIT;
		switch (ev.type) {
		case YAML_DOCUMENT_END_EVENT:
			yaml_event_delete(&ev);
			return finish_record(rd, a, root, &start, out, err);
		case YAML_ALIAS_EVENT:
			limit = "aliases (*name) are not allowed in a record";
			diag = YOTE_D_BAD_TYPE;
			break;
		case YAML_SCALAR_EVENT:
			if (far_from_limits(rd, from, depth, nodes) &&
			    ev.data.scalar.length <= YOTE_MAX_SCALAR)
				break;
			if ((limit = open_limit(rd, stack, from, depth,
			    nodes)) == NULL)
				limit = yote_limit_scalar(
				    ev.data.scalar.length);
			break;
		case YAML_SEQUENCE_START_EVENT:
		case YAML_MAPPING_START_EVENT:
			if (far_from_limits(rd, from, depth, nodes) &&
			    depth < YOTE_MAX_DEPTH)
				break;
			if ((limit = open_limit(rd, stack, from, depth,
			    nodes)) == NULL)
				limit = yote_limit_depth(depth + 1);
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			n = stack[--depth];
			yaml_event_delete(&ev);
			if (close_collection(rd, a, n, from[depth]) != 0 ||
			    attach(rd, depth, &root, n) != 0)
				goto nomem;
			continue;
		default:
			yaml_event_delete(&ev);
			continue;
		}
		if (limit != NULL) {
			yote_arena_free(a);
			rc = doc_problem(rd, err, diag, &ev.start_mark, limit);
			yaml_event_delete(&ev);
			return rc;
		}
		n = node_from_event(a, &ev, rd->base);
		yaml_event_delete(&ev);
		if (n == NULL)
			goto nomem;
		nodes++;
		if (n->type != YOTE_NODE_SCALAR) {
			from[depth] = rd->nkids;
			stack[depth++] = n;
		} else if (attach(rd, depth, &root, n) != 0)
			goto nomem;
	}
nomem:
	yote_arena_free(a);
	rd->done = 1;
	return yote_error_set(err, YOTE_ENOMEM, "out of memory");
}
