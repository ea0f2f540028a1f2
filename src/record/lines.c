/*
 * lines.c - the lines format (formats/lines.md): one game per line, for
 * grep, sort, awk and line-oriented tools that split work on line ends.
 *
 *   @yote=1<TAB>rules=classic<TAB>first=Awa Diop<TAB>moves=[c3 d4 c2]
 *
 * A line starts with '@' (which no YAML text can start with, so readers
 * tell the formats apart by the first byte) and holds the record's keys
 * in order, each as key=value, separated by tabs.  A value is a scalar,
 * or a list of scalars written [a b c].  Bytes that would break the line
 * up are written %XX: '%', tab, line feed, carriage return and the other
 * control bytes, '=' in keys, spaces in list items, and a first byte
 * that would read as a marker.  A scalar's quoting style is kept by a
 * marker: "text" double-quoted, 'text' single-quoted, |text literal,
 * >text folded; plain text has none.
 *
 * A line cannot hold annotations (mappings in the moves), nested values,
 * tags, empty list items or comments; the writer refuses such a record,
 * or with YOTE_LINES_LOSSY drops them and says what it dropped.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "yote_int.h"
#include "yote_fmt.h"

/* ------------------------------------------------------------ writing */

static int
hexdigit(int c)
{
	return "0123456789ABCDEF"[c & 15];
}

/* Write c, or only count it when fp is NULL: 1. */
static size_t
out(FILE *fp, int c)
{
	if (fp != NULL)
		putc(c, fp);
	return 1;
}

/* Write t escaped; what: 'k' key, 'v' value, 'i' list item.  Bytes
 * written (counted only, with fp NULL). */
static size_t
put_escaped(FILE *fp, const char *t, size_t n, int what)
{
	size_t i, len = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)t[i];
		int esc = c < 0x20 || c == 0x7F || c == '%' ||
		    (what == 'k' && c == '=') || (what == 'i' && c == ' ') ||
		    (i == 0 && what == 'v' && strchr("\"'|>[", c) != NULL);

		if (esc) {
			len += out(fp, '%');
			len += out(fp, hexdigit(c >> 4));
			len += out(fp, hexdigit(c));
		} else
			len += out(fp, c);
	}
	return len;
}

/* In a lossy line, the text a list item becomes, or NULL if none. */
static const struct yote_node *
lossy_item(const struct yote_node *it)
{
	if (it != NULL && it->type == YOTE_NODE_MAP)
		it = yote_item_move(it);
	if (it == NULL || it->type != YOTE_NODE_SCALAR || it->len == 0)
		return NULL;
	return it;
}

enum { KEEP, REDUCE, DROP, REFUSE };

/*
 * How a key and its value go into a line: KEEP as they are, REDUCE
 * (lossy: tags dropped, annotations cut to the move), DROP the pair
 * (lossy), or REFUSE the record; *why says what does not fit.
 */
static int
pair_plan(const struct yote_node *k, const struct yote_node *v, int lossy,
    const char **why)
{
	size_t i;
	int reduce = 0;

	*why = NULL;
	if (k == NULL || k->type != YOTE_NODE_SCALAR)
		*why = "a key that is not a single value";
	else if (v == NULL)
		*why = "an empty value";
	else if (v->type == YOTE_NODE_MAP)
		*why = "a mapping";
	if (*why != NULL)
		return !lossy || yote_node_is(k, "moves") ? REFUSE : DROP;
	/* a tag is lost, the key and its value kept */
	if (k->tag != NULL || v->tag != NULL) {
		*why = "a tag";
		reduce = 1;
	}
	if (v->type == YOTE_NODE_SCALAR)
		return !reduce ? KEEP : lossy ? REDUCE : REFUSE;
	for (i = 0; i < v->n; i++) {
		const struct yote_node *it = v->kids[i];
		const char *w = NULL;

		if (it == NULL || (it->type == YOTE_NODE_SCALAR &&
		    it->len == 0))
			w = "an empty list item";
		else if (it->type == YOTE_NODE_MAP)
			w = "annotations";
		else if (it->type != YOTE_NODE_SCALAR)
			w = "a nested list";
		else if (it->tag != NULL)
			w = "a tag";
		/* a quoted item is written as its text, as a quoted key is:
		 * YAML quotes 'b]' in a list, and lines -> YAML -> lines
		 * must come back */
		if (w == NULL)
			continue;
		if (*why == NULL)
			*why = w;
		if (lossy_item(it) == NULL)
			return !lossy || yote_node_is(k, "moves") ? REFUSE :
			    DROP;
		reduce = 1;
	}
	return !reduce ? KEEP : lossy ? REDUCE : REFUSE;
}

/* v, the value of key k: a position (start) in lower case, as every
 * writer writes it */
static size_t
put_scalar(FILE *fp, const struct yote_node *k, const struct yote_node *v)
{
	static const char open[] = { 0, 0, '\'', '"', '|', '>' };
	int style = v->style >= YOTE_STYLE_ANY &&
	    v->style <= YOTE_STYLE_FOLDED ? v->style : YOTE_STYLE_ANY;
	char buf[YOTE_POS_TEXT];
	size_t len = 0;

	if (open[style])
		len += out(fp, open[style]);
	len += put_escaped(fp, yote_node_is(k, "start") ?
	    yote_lower_case(v->text, v->len, YOTE_CASE_POSITION, buf,
	    sizeof(buf)) : v->text, v->len, open[style] ? 'q' : 'v');
	if (style == YOTE_STYLE_SINGLE ||
	    style == YOTE_STYLE_DOUBLE)
		len += out(fp, open[style]);
	return len;
}

/*
 * The line of a record that fits (after the plan of yote_lines_put), or
 * with fp NULL only its length: that is measured first, so that no line
 * is written that the reader would refuse as too long.
 */
static size_t
put_line(FILE *fp, const struct yote_record *rec, int lossy)
{
	const struct yote_node *root = rec->root, *k, *v, *it;
	const char *why;
	char num[24], mbuf[YOTE_MOVE_TEXT];
	size_t i, j, pair, len = 0;

	len += out(fp, '@');
	if (rec->game > 0) {
		snprintf(num, sizeof(num), "%lu\t", rec->game);
		for (i = 0; num[i] != '\0'; i++)
			len += out(fp, num[i]);
	}
	for (pair = 0, i = 0; pair + 1 < root->n; pair += 2) {
		k = root->kids[pair];
		v = root->kids[pair + 1];
		if (pair_plan(k, v, lossy, &why) == DROP)
			continue;
		if (i++ > 0)
			len += out(fp, '\t');
		len += put_escaped(fp, k->text, k->len, 'k');
		len += out(fp, '=');
		if (v->type == YOTE_NODE_SCALAR) {
			len += put_scalar(fp, k, v);
			continue;
		}
		len += out(fp, '[');
		for (j = 0; j < v->n; j++) {
			it = lossy_item(v->kids[j]);
			if (j > 0)
				len += out(fp, ' ');
			/* moves in lower case, as every writer writes them */
			len += put_escaped(fp, yote_node_is(k, "moves") ?
			    yote_lower_case(it->text, it->len, YOTE_CASE_MOVE,
			    mbuf, sizeof(mbuf)) : it->text, it->len, 'i');
		}
		len += out(fp, ']');
	}
	return len + out(fp, '\n');
}

int
yote_lines_put(FILE *fp, const struct yote_record *rec, unsigned flags,
    struct yote_error *err)
{
	const struct yote_node *root = rec->root, *k, *v;
	const char *why, *dropped[8];
	char list[256];
	size_t pair, ndropped = 0, i, at;
	int lossy = (flags & YOTE_LINES_LOSSY) != 0, plan;

	if (root == NULL || root->type != YOTE_NODE_MAP) {
		yote_error_set(err, YOTE_EVALUE, "a line holds a mapping of "
		    "keys, not %s", root == NULL || (root->type ==
		    YOTE_NODE_SCALAR && root->len == 0) ? "an empty document" :
		    root->type == YOTE_NODE_SEQ ? "a list" : "a single value");
		if (err != NULL)
			err->game = rec->game;
		return YOTE_EVALUE;
	}
	/* no writer writes a game a reader would refuse (yote_limits.h) */
	if (yote_record_check_limits(rec, err) != 0) {
		if (err != NULL)
			err->game = rec->game;
		return YOTE_ELIMIT;
	}
	/* first see that everything fits, so a refused record writes nothing */
	for (pair = 0; pair + 1 < root->n; pair += 2) {
		k = root->kids[pair];
		v = root->kids[pair + 1];
		plan = pair_plan(k, v, lossy, &why);
		if (plan == KEEP)
			continue;
		if (plan != REFUSE) {
			/* each kind of loss once, in the order met */
			for (i = 0; i < ndropped && strcmp(dropped[i], why); i++)
				;
			if (i == ndropped && ndropped < 8)
				dropped[ndropped++] = why;
			continue;
		}
		yote_error_set(err, YOTE_EVALUE, "a line cannot hold %s (key "
		    "'%s')%s", why, k != NULL && k->type == YOTE_NODE_SCALAR ?
		    k->text : "?", lossy ? "" : "; write yaml or archive, or "
		    "drop it with --lossy");
		if (err != NULL) {
			err->game = rec->game;
			err->line = v != NULL ? v->line : 0;
			err->col = v != NULL ? v->col : 0;
		}
		return YOTE_EVALUE;
	}
	/* escapes take three bytes a byte: a game within the limits can
	 * make a line the reader would refuse */
	if (put_line(NULL, rec, lossy) - 1 > YOTE_MAX_DOCUMENT) {
		yote_error_set(err, YOTE_ELIMIT, "a line longer than 64 MiB "
		    "(the limit) once escaped: write yaml or archive");
		if (err != NULL) {
			err->diag = YOTE_D_LIMIT;
			err->game = rec->game;
		}
		return YOTE_ELIMIT;
	}
	put_line(fp, rec, lossy);
	if (ferror(fp))
		return yote_error_set(err, YOTE_EIO, "write error: %s",
		    strerror(errno));
	if (ndropped > 0) {
		for (i = 0, at = 0; i < ndropped && at < sizeof(list); i++)
			at += (size_t)snprintf(list + at, sizeof(list) - at,
			    "%s%s", i == 0 ? "" : i + 1 < ndropped ? ", " :
			    " and ", dropped[i]);
		yote_error_set(err, YOTE_EVALUE, "dropped what a line cannot "
		    "hold (%s)", list);
		if (err != NULL)
			err->game = rec->game;
		return 1;
	}
	return 0;
}

/* ------------------------------------------------------------ reading */

struct yote_lines_reader {
	FILE *fp;
	const char *name;
	unsigned char *head;    /* bytes read before, to hand out first */
	size_t headlen, headpos;
	unsigned long *games;
	unsigned long line;     /* lines read */
	unsigned long last;     /* the game number of the last record line */
	char *buf;              /* the current line */
	size_t cap;
	int done;
	int gave_up;            /* a line went on past twice the limit */
	int io_errno;
};

int
yote_lines_open(FILE *fp, const char *name, const unsigned char *head,
    size_t len, unsigned long *games, struct yote_lines_reader **out)
{
	struct yote_lines_reader *l;

	*out = NULL;
	if ((l = calloc(1, sizeof(*l))) == NULL ||
	    (l->head = malloc(len + 1)) == NULL) {
		free(l);
		return YOTE_ENOMEM;
	}
	memcpy(l->head, head, len);
	l->headlen = len;
	l->fp = fp;
	l->name = name;
	l->games = games;
	*out = l;
	return 0;
}

void
yote_lines_close(struct yote_lines_reader *l)
{
	if (l == NULL)
		return;
	free(l->head);
	free(l->buf);
	free(l);
}

int
yote_lines_stopped(const struct yote_lines_reader *l)
{
	return l->gave_up;
}

static int
next_byte(struct yote_lines_reader *l)
{
	int c;

	if (l->headpos < l->headlen)
		return l->head[l->headpos++];
	if ((c = getc(l->fp)) == EOF && ferror(l->fp))
		l->io_errno = errno ? errno : EIO;
	return c;
}

/*
 * Read one line into l->buf (without its end).  Returns its length, -1
 * at the end of the input, -2 for a line over the limit (passed over),
 * -3 out of memory.
 */
static long
read_line(struct yote_lines_reader *l, size_t *len)
{
	size_t n = 0, passed = 0;
	int c, over = 0;

	while ((c = next_byte(l)) != EOF && c != '\n') {
		if (over || n >= YOTE_MAX_DOCUMENT) {
			/* passed over, but not for ever: an endless line
			 * (/dev/zero) ends the input */
			over = 1;
			if (++passed > YOTE_MAX_DOCUMENT) {
				l->gave_up = l->done = 1;
				break;
			}
			continue;
		}
		if (n + 1 >= l->cap) {
			size_t cap = l->cap ? 2 * l->cap : 4096;
			char *b = realloc(l->buf, cap);

			if (b == NULL)
				return -3;
			l->buf = b;
			l->cap = cap;
		}
		l->buf[n++] = (char)c;
	}
	if (c == EOF && n == 0 && !over)
		return -1;
	l->line++;
	if (over)
		return -2;
	if (n > 0 && l->buf[n - 1] == '\r')
		n--;
	/* a byte order mark: a file saved with one, joined with cat */
	if (n >= 3 && memcmp(l->buf, "\xEF\xBB\xBF", 3) == 0)
		memmove(l->buf, l->buf + 3, n -= 3);
	if (l->buf == NULL && (l->buf = malloc(1)) != NULL)
		l->cap = 1;
	if (l->buf == NULL)
		return -3;
	l->buf[n] = '\0';
	*len = n;
	return (long)n;
}

static int
unhex(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

struct lparse {
	struct yote_lines_reader *l;
	struct yote_error *err;
	const char *why;        /* the first problem */
	size_t at;              /* its 0-based column */
	unsigned long line;     /* the line as reported: its number if it
				   carries one, else where it stands */
	size_t start;           /* first byte of the fields */
	unsigned long nodes;    /* values made so far (the limit) */
	int limit;              /* why is a limit of yote_limits.h */
	size_t col_byte;        /* char_col's last question (0: none) */
	unsigned long col_chars;        /* and its answer */
	char whybuf[64];        /* a why made for the line */
};

/* Whether one more kid for parent (NULL: a value alone) keeps the line
 * within the limits; else 0 with the limit as the problem at col. */
static int
within(struct lparse *p, const struct yote_node *parent, size_t len,
    size_t col)
{
	const char *why = yote_limit_grow(parent, p->nodes);

	if (why == NULL)
		why = yote_limit_scalar(len);
	if (why == NULL) {
		p->nodes++;
		return 1;
	}
	p->why = why;
	p->at = col;
	p->limit = 1;
	return 0;
}

/*
 * The 1-based column, in characters as libyaml counts, of byte at.  Asked
 * left to right, so it goes on from the last answer: a line of many
 * values costs its length once, not once per value.
 */
static unsigned long
char_col(struct lparse *p, size_t at)
{
	const unsigned char *s = (const unsigned char *)p->l->buf;
	size_t i = 0;
	unsigned long col = 1;

	if (at >= p->col_byte && p->col_byte > 0) {
		i = p->col_byte;
		col = p->col_chars;
	}
	for (; i < at; i++)
		col += (s[i] & 0xC0) != 0x80;
	p->col_byte = at;
	p->col_chars = col;
	return col;
}

/* A scalar node from s[0..n) with escapes undone; NULL with p->why. */
static struct yote_node *
scalar_from(struct lparse *p, const char *s, size_t n, size_t col,
    int style)
{
	struct yote_node *v;
	size_t i, k = 0, pct = 0;
	int hi, lo;

	/* the value's length, not its escaped text's, is held to the
	 * limit: a tab is written %09 */
	for (i = 0; i < n; i++)
		pct += s[i] == '%';
	if (!within(p, NULL, n - (2 * pct < n ? 2 * pct : n), col))
		return NULL;
	if ((v = yote_node_scalar("")) == NULL)
		return NULL;
	if (yote_node_set_text(v, NULL, n) != 0) {
		yote_node_free(v);
		return NULL;
	}
	for (i = 0; i < n; i++) {
		if (s[i] != '%') {
			v->text[k++] = s[i];
			continue;
		}
		if (i + 2 >= n || (hi = unhex(s[i + 1])) < 0 ||
		    (lo = unhex(s[i + 2])) < 0) {
			p->why = "a bad %XX escape";
			p->at = col + i;
			yote_node_free(v);
			return NULL;
		}
		v->text[k++] = (char)(hi << 4 | lo);
		i += 2;
	}
	v->text[k] = '\0';
	v->len = k;
	v->style = style;
	v->line = p->line;
	v->col = char_col(p, col);
	return v;
}

/* The value field s[0..n) starting at 0-based column col. */
static struct yote_node *
value_from(struct lparse *p, const char *s, size_t n, size_t col)
{
	struct yote_node *seq, *it;
	size_t i, j;

	if (n >= 2 && s[0] == '[' && s[n - 1] == ']') {
		if ((seq = yote_node_seq()) == NULL)
			return NULL;
		p->nodes++;
		seq->style = YOTE_STYLE_FLOW;
		seq->line = p->line;
		seq->col = char_col(p, col);
		/* items separated by single spaces: a space before the
		 * ']' ends an empty item, as one after the '[' begins one */
		for (i = 1; i < n - 1 || (i == n - 1 && s[i - 1] == ' ' &&
		    n > 2); i = j + 1) {
			for (j = i; j < n - 1 && s[j] != ' '; j++)
				;
			if (j == i) {
				p->why = "an empty list item";
				p->at = col + i;
				yote_node_free(seq);
				return NULL;
			}
			if (!within(p, seq, 0, col + i)) {
				yote_node_free(seq);
				return NULL;
			}
			p->nodes--;     /* counted again as a scalar */
			if ((it = scalar_from(p, s + i, j - i, col + i,
			    YOTE_STYLE_PLAIN)) == NULL ||
			    yote_node_push(seq, it) != 0) {
				yote_node_free(seq);
				return NULL;
			}
		}
		return seq;
	}
	if (n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0])
		return scalar_from(p, s + 1, n - 2, col + 1, s[0] == '"' ?
		    YOTE_STYLE_DOUBLE :
		    YOTE_STYLE_SINGLE);
	if (n >= 1 && (s[0] == '|' || s[0] == '>'))
		return scalar_from(p, s + 1, n - 1, col + 1, s[0] == '|' ?
		    YOTE_STYLE_LITERAL : YOTE_STYLE_FOLDED);
	for (i = n; n > 0 && s[0] == '[' && i > 1 && s[i - 1] != ']'; i--)
		;
	if (n >= 1 && s[0] == '[' && i > 1) {
		/* the list is closed, and something follows: a line that
		 * goes on with '@' is two lines joined, the first without
		 * its line feed (cat of a file without a final newline) */
		p->why = s[i] == '@' ? "a new record line ('@') right after "
		    "the list's ']': a line feed is missing (a file without "
		    "a final newline, joined with cat?)" : "text after the "
		    "list's closing ']'";
		p->at = col + i;
		return NULL;
	}
	if (n >= 1 && strchr("\"'[", s[0]) != NULL) {
		p->why = s[0] == '[' ? "a list without its closing ']'" :
		    "a quoted value without its closing quote";
		p->at = col;
		return NULL;
	}
	return scalar_from(p, s, n, col, YOTE_STYLE_PLAIN);
}

/*
 * "@17<TAB>..." : the game's number in the collection it came from, so
 * that a collection split into pieces and checked piece by piece reports
 * the same games, and lines, as checked whole.
 */
static int
line_number(const char *s, size_t n, unsigned long *number, size_t *start)
{
	size_t i = 1;
	unsigned long x = 0;

	if (i >= n || s[i] < '1' || s[i] > '9')
		return 0;
	while (i < n && s[i] >= '0' && s[i] <= '9' && x < 100000000000UL)
		x = x * 10 + (unsigned long)(s[i++] - '0');
	if (i >= n || s[i] != '\t')
		return 0;
	*number = x;
	*start = i + 1;
	return 1;
}

static struct yote_node *
parse_line(struct lparse *p, const char *s, size_t n)
{
	struct yote_node *root, *k, *v;
	size_t i = p->start, j, eq;

	if ((root = yote_node_map()) == NULL)
		return NULL;
	p->nodes++;
	root->style = YOTE_STYLE_BLOCK;
	root->line = p->line;
	root->col = 1;
	while (i < n) {
		for (j = i; j < n && s[j] != '\t'; j++)
			;
		for (eq = i; eq < j && s[eq] != '='; eq++)
			;
		if (eq == j) {
			p->why = "a field without '='";
			p->at = i;
			yote_node_free(root);
			return NULL;
		}
		if (!within(p, root, 0, i)) {
			yote_node_free(root);
			return NULL;
		}
		p->nodes--;     /* counted again as a scalar */
		if ((k = scalar_from(p, s + i, eq - i, i,
		    YOTE_STYLE_PLAIN)) == NULL) {
			yote_node_free(root);
			return NULL;
		}
		if (yote_node_push(root, k) != 0) {
			yote_node_free(root);
			return NULL;
		}
		if ((v = value_from(p, s + eq + 1, j - eq - 1, eq + 1)) ==
		    NULL || yote_node_push(root, v) != 0) {
			root->n--;
			yote_node_free(k);
			yote_node_free(root);
			return NULL;
		}
		i = j + 1;
		if (j + 1 == n) {
			p->why = "a tab at the end of the line";
			p->at = j;
			yote_node_free(root);
			return NULL;
		}
	}
	return root;
}

/*
 * A control byte written as it is, which a line holds only as %XX (a NUL
 * ended the value it stood in, silently, where YAML refuses it): 1 with
 * the problem in p, else 0.  Tab is the separator.
 */
static int
raw_control(struct lparse *p, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\t') ||
		    s[i] == 0x7F) {
			snprintf(p->whybuf, sizeof(p->whybuf), "control "
			    "characters are not allowed (byte 0x%02X; write "
			    "it %%%02X)", (unsigned char)s[i],
			    (unsigned char)s[i]);
			p->why = p->whybuf;
			p->at = i;
			return 1;
		}
	return 0;
}

int
yote_lines_next(struct yote_lines_reader *l, struct yote_record **out,
    struct yote_error *err)
{
	struct yote_record *rec;
	struct yote_node *root;
	struct lparse p;
	size_t len = 0;
	unsigned long number;
	long n;
	int code;

	*out = NULL;
	for (;;) {
		if (l->done)
			return 0;
		n = read_line(l, &len);
		if (l->io_errno) {
			l->done = 1;
			yote_error_set(err, YOTE_EIO, "read error: %s",
			    strerror(l->io_errno));
			if (err != NULL)
				err->diag = YOTE_D_IO;
			return YOTE_EIO;
		}
		if (n == -1) {
			l->done = 1;
			return 0;
		}
		if (n == -3) {
			l->done = 1;
			return yote_error_set(err, YOTE_ENOMEM, "out of memory");
		}
		if (n == 0)
			continue;       /* blank lines are allowed */
		break;
	}
	(*l->games)++;
	memset(&p, 0, sizeof(p));
	p.l = l;
	p.err = err;
	p.line = l->line;
	p.start = 1;
	/* a line without a number is the game after the line before it:
	 * in a file of such lines, its place among them; in a numbered one,
	 * where its lost number most likely stood, whichever piece of the
	 * file it is read in */
	if (n > 0 && l->buf[0] == '@' && line_number(l->buf, (size_t)n,
	    &number, &p.start))
		p.line = number;
	else
		number = l->last + 1;
	l->last = number;
	root = NULL;
	if (n == -2 && l->gave_up)
		p.why = "a game longer than 64 MiB (the limit), its line "
		    "with no end in the next 64 MiB either: the rest of the "
		    "input is not read";
	else if (n == -2)
		p.why = "a game longer than 64 MiB (the limit)";
	else if (l->buf[0] != '@')
		p.why = "a line that does not start with '@'";
	else if (raw_control(&p, l->buf, len))
		;
	else if ((root = parse_line(&p, l->buf, len)) == NULL &&
	    p.why == NULL)
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	if (root == NULL) {
		/* the game is passed over, its code the one returned, as
		 * the YAML reader's (YOTE_ELIMIT when the rest of the input
		 * is not read: no next line to go on with); the diag says a
		 * limit */
		/* a limit is said in the words of every reader (yote(5),
		 * LIMITS); anything else is the line's own fault */
		code = yote_error_set(err, l->gave_up ? YOTE_ELIMIT :
		    YOTE_EVALUE, "%s%s", n == -2 || p.limit ? "" :
		    "not a record line: ", p.why);
		if (err != NULL) {
			err->diag = n == -2 || p.limit ? YOTE_D_LIMIT :
			    YOTE_D_YAML;
			err->line = p.line;
			/* a line over the limit: the game, where its line
			 * begins (formats/lines.md) */
			err->col = n == -2 ? 1 : char_col(&p, p.at);
			err->game = number;
		}
		return code;
	}
	if ((rec = calloc(1, sizeof(*rec))) == NULL) {
		yote_node_free(root);
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	}
	rec->root = root;
	rec->game = number;
	rec->line = p.line;
	rec->col = 1;
	*out = rec;
	return 1;
}
