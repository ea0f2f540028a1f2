/*
 * lineedit.c - a line typed at a terminal, edited in raw mode, with a
 * history; plain reading elsewhere (lineedit.h).
 *
 * The line is drawn on one row: a carriage return, the prompt, the part
 * of the line that fits the terminal's width (it scrolls sideways with
 * the cursor), blanks over what the last drawing left beyond it, and
 * backspaces back to the cursor.  No other sequence is sent, so nothing
 * depends on the terminal's type.  What is typed at the end of the line
 * is only echoed, as the terminal itself would.  A character is one column (UTF-8
 * letters are taken as they come; control characters never enter a
 * line).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "lineedit.h"
#include "tool.h"

#define HIST_MAX 100            /* lines kept in the history */
#define SEQ_MS 50               /* the rest of an escape sequence */
#define NSIGS 6

/* Keys past the bytes, as read_key gives them. */
enum { K_LEFT = 256, K_RIGHT, K_UP, K_DOWN, K_HOME, K_END, K_DELETE,
	K_OTHER, K_SIGNAL, K_EOF };

struct ledit {
	size_t limit;           /* bytes a line may hold */
	int (*pending)(void);   /* the caller's signal came already */
	int tty;                /* standard input and output are terminals */
	char *buf;              /* the line, '\0'-ended */
	size_t len, pos, cap;   /* its length, the cursor (a byte), room */
	char *hist[HIST_MAX];   /* oldest first */
	int nhist, hpos;        /* entries; the one shown (nhist: the new
				   line, kept in saved meanwhile) */
	char *saved;
	int key;                /* of the last LEDIT_KEY */
	char seq[16];           /* the bytes of an unknown key */
	size_t nseq;
	const char *prompt;
	size_t pcols;           /* the prompt's columns */
	size_t scroll;          /* the first character shown */
	size_t shown;           /* columns of the line drawn last */
	int drawn;              /* the prompt is on the screen */
	size_t appended;        /* bytes typed at the end since the screen
				   showed the line with the cursor at its
				   end */
	sigset_t wait_mask;     /* the mask while waiting for a byte */
	int over;               /* a byte was refused past the limit: the
				   line is too long, and refused whole */
};

/* The signal that came during a raw read, held until the terminal is
 * restored.  File-scope: a handler can set nothing else. */
static volatile sig_atomic_t caught;

static const int sigs[NSIGS] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE,
	SIGTSTP };      /* SIGTSTP last: raw_read looks it up there */

static void
on_signal(int sig)
{
	caught = sig;
}

struct ledit *
ledit_new(size_t limit, int (*pending)(void))
{
	struct ledit *le = calloc(1, sizeof(*le));

	if (le == NULL)
		return NULL;
	le->limit = limit;
	le->pending = pending;
	le->tty = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
	return le;
}

void
ledit_free(struct ledit *le)
{
	int i;

	if (le == NULL)
		return;
	for (i = 0; i < le->nhist; i++)
		free(le->hist[i]);
	free(le->saved);
	free(le->buf);
	free(le);
}

int
ledit_key(const struct ledit *le)
{
	return le->key;
}

int
ledit_edits(const struct ledit *le)
{
	return le->tty;
}

/* ------------------------------------------------------------ output */

/* All of n bytes to the terminal (what cannot be written is lost: the
 * line is read all the same). */
static void
put(const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(STDOUT_FILENO, s, n)) < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static void
puts_raw(const char *s)
{
	put(s, strlen(s));
}

/* Is byte c the start of a character (not a UTF-8 continuation)? */
#define STARTS(c) (((unsigned char)(c) & 0xC0) != 0x80)


/* The byte where character k of s[0..n) starts (n past the end). */
static size_t
byte_of(const char *s, size_t n, size_t k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (STARTS(s[i]) && k-- == 0)
			return i;
	return n;
}

static size_t
term_cols(void)
{
	struct winsize ws;

	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

/*
 * Draw the prompt and the line, the cursor at its place.  What the
 * screen shows already is not sent again: the prompt at first, and a
 * character typed at the end of a line that fits, as a terminal echoes
 * them.
 */
static void
refresh(struct ledit *le)
{
	size_t cols = term_cols(), avail, n, cur, from, to, shown, pad, back;
	char *out, *o;

	avail = cols > le->pcols + 9 ? cols - le->pcols - 1 : 8;
	if (!le->drawn) {
		puts_raw(le->prompt);
		le->drawn = 1;
		le->shown = 0;
		if (le->len == 0)
			return;
	}
	n = tool_chars(le->buf, le->len);
	if (le->scroll == 0 && n <= avail && le->appended > 0) {
		/* a character typed at the end of a line in view: echoed */
		put(le->buf + le->len - le->appended, le->appended);
		le->shown = n;
		le->appended = 0;
		return;
	}
	le->appended = 0;
	n = tool_chars(le->buf, le->len);
	cur = tool_chars(le->buf, le->pos);
	if (cur < le->scroll)
		le->scroll = cur;
	if (cur > le->scroll + avail)
		le->scroll = cur - avail;
	if (le->scroll > 0 && n < le->scroll + avail)
		le->scroll = n > avail ? n - avail : 0;
	from = byte_of(le->buf, le->len, le->scroll);
	to = byte_of(le->buf, le->len, le->scroll + avail);
	shown = tool_chars(le->buf + from, to - from);
	pad = le->shown > shown ? le->shown - shown : 0;
	back = pad + tool_chars(le->buf + le->pos, to - le->pos);
	if ((out = malloc(1 + strlen(le->prompt) + (to - from) + 2 * pad +
	    back + 1)) == NULL)
		return;
	o = out;
	*o++ = '\r';
	o += strlen(strcpy(o, le->prompt));
	memcpy(o, le->buf + from, to - from);
	o += to - from;
	memset(o, ' ', pad);
	o += pad;
	memset(o, '\b', back);
	o += back;
	put(out, (size_t)(o - out));
	free(out);
	le->shown = shown;
}

/* ------------------------------------------------------------ input */

/*
 * One byte of input into *c: 1; 0 at the end of the input (a hangup
 * reads as that too); K_SIGNAL when a signal came; -1 when none came
 * within ms milliseconds (ms < 0: wait for it).  Signals are blocked but
 * while waiting, so one that comes is never left behind a read.
 */
static int
get_byte(struct ledit *le, unsigned char *c, int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	fd_set rd;
	ssize_t n;
	int r;

	for (;;) {
		if (caught)
			return K_SIGNAL;
		FD_ZERO(&rd);
		FD_SET(STDIN_FILENO, &rd);
		r = pselect(STDIN_FILENO + 1, &rd, NULL, NULL, ms < 0 ? NULL :
		    &ts, &le->wait_mask);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return 0;
		if (r == 0)
			return -1;
		if ((n = read(STDIN_FILENO, c, 1)) == 1)
			return 1;
		if (n < 0 && errno == EINTR)
			continue;
		return 0;
	}
}

/* The key an escape sequence stands for, its bytes in le->seq. */
static int
escape_key(struct ledit *le)
{
	unsigned char c;
	const char *s;
	int r, param;

	le->seq[0] = '\033';
	le->nseq = 1;
	/* the rest of a key's sequence comes with it; a lone Escape does
	 * not wait for more */
	while (le->nseq < sizeof(le->seq) - 1) {
		if ((r = get_byte(le, &c, SEQ_MS)) == K_SIGNAL)
			return K_SIGNAL;
		if (r != 1)
			break;
		le->seq[le->nseq++] = (char)c;
		if (le->nseq == 2 && c != '[' && c != 'O')
			break;          /* Alt and a key */
		if (le->nseq >= 3 && (le->seq[1] == 'O' || (c >= 0x40 &&
		    c <= 0x7E)))
			break;          /* the final byte */
	}
	le->seq[le->nseq] = '\0';
	s = le->seq;
	if (le->nseq < 3 || (s[1] != '[' && s[1] != 'O'))
		return K_OTHER;
	/* "ESC [ 1 ; 5 C" (a modifier) is the arrow as well */
	switch (s[le->nseq - 1]) {
	case 'A':
		return K_UP;
	case 'B':
		return K_DOWN;
	case 'C':
		return K_RIGHT;
	case 'D':
		return K_LEFT;
	case 'H':
		return K_HOME;
	case 'F':
		return K_END;
	case '~':
		param = atoi(s + 2);
		return param == 1 || param == 7 ? K_HOME : param == 4 ||
		    param == 8 ? K_END : param == 3 ? K_DELETE : K_OTHER;
	default:
		return K_OTHER;
	}
}

/* The next key: a byte, or a K_ value. */
static int
read_key(struct ledit *le)
{
	unsigned char c;
	int r;

	if ((r = get_byte(le, &c, -1)) != 1)
		return r == K_SIGNAL ? K_SIGNAL : K_EOF;
	return c == '\033' ? escape_key(le) : c;
}

/*
 * The UTF-8 character that lead byte c starts, into ch (its length in
 * *n); 0, or -1 when the bytes are not one, or a character that controls
 * the terminal (C1).  K_SIGNAL when a signal came.
 */
static int
utf8_key(struct ledit *le, unsigned char c, char ch[4], size_t *n)
{
	unsigned long cp;
	size_t need, i;
	unsigned char b;
	int r;

	need = c >= 0xF5 ? 0 : c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC2 ?
	    1 : 0;
	if (need == 0)
		return -1;
	ch[0] = (char)c;
	cp = c & (0x3F >> need);
	for (i = 1; i <= need; i++) {
		if ((r = get_byte(le, &b, SEQ_MS)) == K_SIGNAL)
			return K_SIGNAL;
		if (r != 1 || (b & 0xC0) != 0x80)
			return -1;
		ch[i] = (char)b;
		cp = cp << 6 | (b & 0x3F);
	}
	*n = need + 1;
	if (cp < 0xA0 || (need == 2 && cp < 0x800) || (need == 3 && cp <
	    0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	return 0;
}

/* ------------------------------------------------------------ editing */

/* Room for n bytes and the '\0'; -1 when out of memory. */
static int
room(struct ledit *le, size_t n)
{
	return line_room(&le->buf, &le->cap, n);
}

/* The line becomes s, the cursor at its end. */
static void
set_line(struct ledit *le, const char *s)
{
	size_t n = strlen(s);

	if (room(le, n) != 0)
		return;
	memcpy(le->buf, s, n + 1);
	le->len = le->pos = n;
}

/* Insert s[0..n) at the cursor; -1 (nothing done) beyond the limit. */
static int
insert(struct ledit *le, const char *s, size_t n)
{
	if (le->len + n > le->limit) {
		le->over = 1;
		return -1;
	}
	if (room(le, le->len + n) != 0)
		return -1;
	/* at the end of a line the screen shows as it is: echo it only */
	le->appended = le->pos == le->len ? n : 0;
	memmove(le->buf + le->pos + n, le->buf + le->pos, le->len - le->pos);
	memcpy(le->buf + le->pos, s, n);
	le->pos += n;
	le->len += n;
	le->buf[le->len] = '\0';
	return 0;
}

/* Delete the bytes [a, b). */
static void
cut(struct ledit *le, size_t a, size_t b)
{
	memmove(le->buf + a, le->buf + b, le->len - b + 1);
	le->len -= b - a;
	le->pos = le->pos > b ? le->pos - (b - a) : le->pos > a ? a : le->pos;
}

static size_t
prev_char(const struct ledit *le, size_t i)
{
	while (i > 0 && !STARTS(le->buf[--i]))
		;
	return i;
}

static size_t
next_char(const struct ledit *le, size_t i)
{
	while (i < le->len && !STARTS(le->buf[++i]))
		;
	return i;
}

/* Up (older, dir -1) or down the history; -1 when there is no more. */
static int
history_go(struct ledit *le, int dir)
{
	int to = le->hpos + dir;
	char *keep;

	if (to < 0 || to > le->nhist)
		return -1;
	if (le->hpos == le->nhist) {
		if ((keep = strdup(le->buf)) == NULL)
			return -1;
		free(le->saved);
		le->saved = keep;
	}
	le->hpos = to;
	set_line(le, to == le->nhist ? le->saved : le->hist[to]);
	return 0;
}

static void
history_add(struct ledit *le)
{
	char *s;

	if (le->len == 0 || (le->nhist > 0 && strcmp(le->hist[le->nhist - 1],
	    le->buf) == 0) || (s = strdup(le->buf)) == NULL)
		return;
	if (le->nhist == HIST_MAX) {
		free(le->hist[0]);
		memmove(le->hist, le->hist + 1, (HIST_MAX - 1) *
		    sizeof(le->hist[0]));
		le->nhist--;
	}
	le->hist[le->nhist++] = s;
}

/* A typed key's signal: echoed as the terminal would, then held. */
static int
key_signal(int sig, const char *echo)
{
	puts_raw(echo);
	caught = sig;
	return LEDIT_INTR;
}

/*
 * Carry out key k on the line; 1 when the line is done, a result of
 * ledit_read when the read ends otherwise, else 0.
 */
static long
edit(struct ledit *le, int k, unsigned flags)
{
	char ch[4];
	size_t n, i;
	int r;

	switch (k) {
	case '\r':
	case '\n':
		return 1;
	case K_SIGNAL:
		return LEDIT_INTR;
	case K_EOF:
		return LINE_EOF;
	case 'A' - 64:
	case K_HOME:
		le->pos = 0;
		return 0;
	case 'E' - 64:
	case K_END:
		le->pos = le->len;
		return 0;
	case 'B' - 64:
	case K_LEFT:
		le->pos = prev_char(le, le->pos);
		return 0;
	case 'F' - 64:
	case K_RIGHT:
		le->pos = next_char(le, le->pos);
		return 0;
	case 0x7F:
	case 'H' - 64:
		if (le->pos > 0)
			cut(le, prev_char(le, le->pos), le->pos);
		return 0;
	case 'D' - 64:
		if (le->len == 0)
			return LINE_EOF;
		/* FALLTHROUGH */
	case K_DELETE:
		if (le->pos < le->len)
			cut(le, le->pos, next_char(le, le->pos));
		return 0;
	case 'U' - 64:
		cut(le, 0, le->pos);
		return 0;
	case 'K' - 64:
		cut(le, le->pos, le->len);
		return 0;
	case 'W' - 64:
		for (i = le->pos; i > 0 && le->buf[i - 1] == ' '; i--)
			;
		while (i > 0 && le->buf[i - 1] != ' ')
			i--;
		cut(le, i, le->pos);
		return 0;
	case 'P' - 64:
	case K_UP:
	case 'N' - 64:
	case K_DOWN:
		if (!(flags & LEDIT_HISTORY) || history_go(le, k == K_UP ||
		    k == 'P' - 64 ? -1 : 1) != 0)
			puts_raw("\a");
		return 0;
	case 'C' - 64:
		return key_signal(SIGINT, "^C");
	case '\\' - 64:
		return key_signal(SIGQUIT, "^\\");
	case 'Z' - 64:
		return key_signal(SIGTSTP, "^Z");
	}
	if (k >= 0x20 && k < 0x7F) {
		ch[0] = (char)k;
		n = 1;
		r = 0;
	} else if (k >= 0x80 && k < 0x100)
		r = utf8_key(le, (unsigned char)k, ch, &n);
	else
		r = -1;
	if (r == K_SIGNAL)
		return LEDIT_INTR;
	if (r != 0 || insert(le, ch, n) != 0)
		puts_raw("\a");
	return 0;
}

/* Is k a key that LEDIT_KEYS hands over, and which? */
static int
caller_key(int k)
{
	static const int keys[] = { K_LEFT, LEDIT_LEFT, K_RIGHT, LEDIT_RIGHT,
		K_UP, LEDIT_UP, K_DOWN, LEDIT_DOWN, K_HOME, LEDIT_HOME, K_END,
		LEDIT_END, K_OTHER, LEDIT_OTHER };
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i += 2)
		if (k == keys[i])
			return keys[i + 1];
	return 0;
}

/* The line edited in raw mode (terminal set up, signals held). */
static long
edit_line(struct ledit *le, unsigned flags, char **line, int resume)
{
	long r;
	int k;

	/* resumed after a stop (Ctrl-Z, then fg): the line typed so far is
	 * drawn again after the prompt, and edited on */
	le->scroll = le->shown = le->appended = 0;
	le->drawn = 0;
	if (!resume) {
		le->len = le->pos = 0;
		le->over = 0;
		le->hpos = le->nhist;
		if (room(le, 0) != 0)
			return LINE_EOF;
		le->buf[0] = '\0';
	}
	for (;;) {
		refresh(le);
		k = read_key(le);
		if ((flags & LEDIT_KEYS) && le->len == 0 && caller_key(k)) {
			le->key = caller_key(k);
			*line = le->seq;
			puts_raw("\r\n");
			return LEDIT_KEY;
		}
		if (k == K_OTHER)
			puts_raw("\a");
		if ((r = edit(le, k, flags)) == 0)
			continue;
		if (r != 1)
			return r;
		if (le->pos != le->len || le->scroll > 0) {
			le->pos = le->len;
			refresh(le);
		}
		puts_raw("\r\n");
		/* a pasted line longer than the limit is refused whole, as
		 * when read from a pipe, never taken cut short */
		if (le->over)
			return LINE_LONG;
		if (flags & LEDIT_HISTORY)
			history_add(le);
		*line = le->buf;
		return (long)le->len;
	}
}

/* What raw_read returns when the terminal could not be set up. */
#define NO_RAW (-100)

/* The line read in raw mode, or NO_RAW. */
static long
raw_read(struct ledit *le, unsigned flags, char **line)
{
	struct sigaction sa, old[NSIGS];
	struct termios orig, raw;
	sigset_t block;
	long r;
	int i, sig, resume = 0;

	sigemptyset(&block);
	for (i = 0; i < NSIGS; i++)
		sigaddset(&block, sigs[i]);
	sigprocmask(SIG_BLOCK, &block, &le->wait_mask);
again:
	if (le->pending != NULL && le->pending()) {
		sigprocmask(SIG_SETMASK, &le->wait_mask, NULL);
		return LEDIT_INTR;
	}
	if (tcgetattr(STDIN_FILENO, &orig) != 0) {
		sigprocmask(SIG_SETMASK, &le->wait_mask, NULL);
		return NO_RAW;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;      /* no SA_RESTART: pselect returns */
	sigemptyset(&sa.sa_mask);
	caught = 0;
	for (i = 0; i < NSIGS; i++) {
		sigaction(sigs[i], NULL, &old[i]);
		if (old[i].sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
	raw = orig;
	raw.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
	raw.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	if (tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) != 0)
		r = NO_RAW;
	else
		r = edit_line(le, flags, line, resume);
	/* the terminal as it was, then the signal to its own handler */
	tcsetattr(STDIN_FILENO, TCSADRAIN, &orig);
	for (i = 0; i < NSIGS; i++)
		sigaction(sigs[i], &old[i], NULL);
	if ((sig = caught) != 0) {
		caught = 0;
		raise(sig);
		r = LEDIT_INTR;
	}
	sigprocmask(SIG_SETMASK, &le->wait_mask, NULL);
	/* stopped (Ctrl-Z) and continued (fg) where the stop's default
	 * holds: the same line drawn again where the shell left the
	 * cursor, and edited on (it was lost, and an empty prompt came
	 * back) */
	if (sig == SIGTSTP && r == LEDIT_INTR &&
	    old[NSIGS - 1].sa_handler == SIG_DFL) {     /* SIGTSTP's */
		sigprocmask(SIG_BLOCK, &block, NULL);
		resume = 1;
		goto again;
	}
	return r;
}

/*
 * Not at a terminal: the prompt, then a line as it comes, waiting for it
 * so that a signal the caller handles, also one that came just before,
 * ends the wait (the check and the wait are one step).
 */
static long
plain_read(struct ledit *le, const char *prompt, char **line)
{
	sigset_t block, old;
	fd_set rd;
	long n;
	int r = -1, i;

	fputs(prompt, stdout);
	fflush(stdout);
	sigemptyset(&block);
	for (i = 0; i < NSIGS; i++)
		sigaddset(&block, sigs[i]);
	sigprocmask(SIG_BLOCK, &block, &old);
	FD_ZERO(&rd);
	FD_SET(STDIN_FILENO, &rd);
	if (le->pending == NULL || !le->pending())
		r = pselect(STDIN_FILENO + 1, &rd, NULL, NULL, NULL, &old);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (r < 0)
		return LEDIT_INTR;
	errno = 0;
	n = line_read(stdin, &le->buf, &le->cap, le->limit);
	if (n == LINE_EOF && ferror(stdin) && errno == EINTR) {
		clearerr(stdin);
		return LEDIT_INTR;
	}
	*line = le->buf;
	return n;
}

long
ledit_read(struct ledit *le, const char *prompt, unsigned flags, char **line)
{
	long r;

	fflush(stdout);
	if (le->tty) {
		le->prompt = prompt;
		le->pcols = tool_width(prompt, strlen(prompt));
		if ((r = raw_read(le, flags, line)) != NO_RAW)
			return r;
		le->tty = 0;    /* no raw mode here: plain reading */
	}
	return plain_read(le, prompt, line);
}
