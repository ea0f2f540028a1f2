/*
 * session.h - one game of a person against the engine, or of two people,
 * as yote-play plays it at a terminal (terminal.h) and in pipe mode
 * (pipemode.h): its names, the engine's turn and hint, the commands both
 * take (moves, undo, resign, draw, save) and the record written at the
 * end.  Tool support, not libyote.
 */
#ifndef YOTE_SESSION_H
#define YOTE_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "draw.h"
#include "play.h"
#include "tool.h"
#include "yote.h"

struct engopt;
struct ledit;

/*
 * Lines typed at the prompt or sent in pipe mode: read whole (line.h),
 * up to PLAY_LINE_MAX bytes (the newline not counted), longer ones refused
 * whole, never cut into two commands.
 */
#define PLAY_LINE_MAX 4096

/* How a session is played: yote-play's options for one game. */
struct session_opts {
	const struct level *level;      /* the engine's */
	uint64_t seed;          /* its random choices (in the record) */
	const struct engopt *eng;       /* its hash and tables */
	int engine_first;       /* --first engine */
	int hvh;                /* --human-vs-human: no engine plays */
	int ascii;              /* --ascii: plain ASCII board */
	const char *out;        /* -o FILE: the record at the end, or NULL */
	const char *name;       /* --name: the human's, or NULL */
	const char *player[2];  /* --first-player, --second-player, or NULL */
	const char *event;      /* --event, or NULL: "yote-play" */
	const char *site;       /* --site, or NULL */
	const char *round;      /* --round, or NULL */
	const char *rules;      /* the record's rules: a ruleset file's
				   absolute path, or NULL: the name */
};

/* One game of a person against the engine (or another person). */
struct session {
	const struct session_opts *opt;
	const struct yote_rules *r;
	struct game g;
	struct player eng;
	const char *who[2];     /* the names of first and second */
	char engname[64];       /* "yote-play (LEVEL)" */
	int human_side;         /* the side the human plays (not --hvh) */
	int declared;           /* ended by resignation or agreement */
	int save_failed;        /* a save command's file not written (said):
				   exit status 3, as any file not written */
	enum draw_style st;     /* of the diagrams */
	size_t shown;           /* plies when the board was last drawn */
	char side[2][TOOL_TEXT_MAX];    /* the sides' names, escaped: a
					   ruleset file names them */
	char *line;             /* the last line read (line_read's buffer) */
	size_t cap;
	struct ledit *edit;     /* the terminal's line editor, or NULL */
};

/* What a command leaves the session to do. */
enum session_next {
	SESSION_GO_ON,          /* the next command or move */
	SESSION_ENDED,          /* the game is over, or the user quit */
	SESSION_FAILED,         /* out of memory (said) */
	SESSION_REFUSED         /* the command was refused (said) */
};

/*
 * The game from start under r, the engine and the names, as opt says (s
 * keeps opt); EXIT_OK, or EXIT_IO (said).  session_close in any case
 * after EXIT_OK.
 */
int session_open(struct session *s, const struct yote_rules *r,
    const struct yote_pos *start, const struct session_opts *opt);
void session_close(struct session *s);

/* The game so far into path, with the session's names (and the seed when
 * the engine played); the exit status, every failure said. */
int session_save(const struct session *s, const char *path);

/* save FILE: the game so far, as unfinished; the exit status (said). */
int session_save_now(struct session *s, const char *path);

/* The engine's move, played; the move in m.  0, or -1 when it failed. */
int session_engine_turn(struct session *s, struct yote_move *m);

/* The engine's view of the position now, as a hint gives it: 0, or a
 * YOTE_E code. */
int session_hint(struct session *s, struct yote_search_result *sr);

/* hint: the engine's move and score on standard output, as
 * "hint MOVE SCORE" (pipe) or in words. */
void session_print_hint(struct session *s, int pipe);

/* Plies that undo takes back now: the human's last move and the engine's
 * answer (one ply between two people); 0 when there is nothing to take
 * back (the engine's opening move is not the human's). */
size_t session_undo_plies(const struct session *s);

/* The side to move resigns. */
void session_resign(struct session *s);

/* The result an agreement gives now: a draw, except under traditional,
 * where the agreement is that no capture is left and the side that has
 * captured more wins. */
enum yote_result session_agreed_result(const struct session *s);

/* Does the engine accept an agreement whose result is res? */
int session_engine_agrees(struct session *s, enum yote_result res);

/* End the game by agreement with result res. */
void session_agree(struct session *s, enum yote_result res);

/*
 * Messages at the terminal fit 80 columns: session_wrap is tool_wrap onto
 * standard output; session_say formats a message and prints it so.
 */
void session_wrap(const char *text, int indent);
void session_say(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Leading and trailing blanks off line (modified); the command, and its
 * argument in *arg (NULL when none). */
char *session_split_command(char *line, char **arg);

/* The whole line again, after session_split_command gave cmd and arg: a
 * line that is no command is a move, and a move has no blank in it, so
 * "c3 junk" is read, and refused, whole (a tab shown as a space). */
char *session_whole_line(char *cmd, const char *arg);

/*
 * Parse a typed move and check it in g's position now: 0, or -1 after
 * saying why on standard output, with the legal moves from its square
 * (unless quiet).
 */
int session_read_move(const struct game *g, const char *text,
    struct yote_move *m, int quiet);

/* moves: the legal moves, sorted, ten a line (terminal) or on one line
 * after "moves" (pipe). */
void session_list_moves(const struct game *g, int pipe);

#endif
