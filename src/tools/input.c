/*
 * input.c - the selection options and the stream every tool that reads
 * games starts from (input.h).
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input.h"
#include "tool.h"

/* The selection key a getopt value gives, or NULL for another option
 * (--game, --criteria and --invert are no keys). */
static const char *
key_of(int c)
{
	int i;

	if (c == 'P')
		return "player";
	if (c == 'e')
		return "event";
	for (i = 0; yote_select_keys[i] != NULL; i++)
		if (c == SELECT_OPT + i)
			return yote_select_keys[i];
	return NULL;
}

int
tool_select_option(struct yote_stream *s, int c, const char *arg,
    int *status)
{
	struct yote_select *sel = yote_stream_select(s);
	struct yote_error e;
	const char *key = NULL;
	int rc;

	yote_error_clear(&e);
	*status = EXIT_OK;
	if (c == SELECT_OPT_INVERT) {
		yote_select_invert(sel);
		return 1;
	}
	if (c == SELECT_OPT_CRITERIA) {
		if ((rc = yote_select_file(sel, arg, &e)) == 0)
			return 1;
		if (e.line > 0)
			tool_diag(&e);
		else
			/* as every file an option names: FILE: reason */
			tool_warn("%s: %s", tool_text(arg), tool_text(e.msg));
		/* what the file says, its size included: a usage error,
		 * with every usage error's hint */
		*status = rc == YOTE_EVALUE || rc == YOTE_ELIMIT ? EXIT_USAGE :
		    tool_exit_for(rc);
		if (*status == EXIT_USAGE)
			tool_usage_hint();
		return 1;
	}
	if (c == 'g')
		rc = yote_select_games(sel, arg, &e);
	else if ((key = key_of(c)) != NULL)
		rc = yote_select_add(sel, key, arg, &e);
	else
		return 0;
	if (rc == YOTE_EVALUE)  /* the message begins with the key */
		*status = tool_usage_error("--%s", e.msg);
	else if (rc != 0) {
		/* a ruleset file --ruleset names that cannot be read: exit
		 * 3, its message "ruleset: FILE: why" as every criterion's */
		tool_warn("%s%s", key != NULL && strncmp(e.msg, key,
		    strlen(key)) == 0 ? "--" : "", e.msg);
		*status = tool_exit_for(rc);
	}
	return 1;
}

int
tool_select_checked(struct yote_stream *s)
{
	struct yote_error e;

	/* --invert alone chose nothing, in silence */
	yote_error_clear(&e);
	if (yote_select_check(yote_stream_select(s), &e) != 0)
		return tool_usage_error("--%s", e.msg);
	return EXIT_OK;
}

int
tool_select_unused(struct yote_stream *s, const char *what)
{
	if (!yote_select_active(yote_stream_select(s)))
		return EXIT_OK;
	return tool_usage_error("%s reads no games: a selection (--game, "
	    "--player, --criteria...) does not go with it", what);
}

void
tool_stream_diag(void *ctx, const struct yote_error *e)
{
	(void)ctx;
	tool_diag(e);
}

struct yote_stream *
tool_stream_new(void)
{
	struct yote_stream *s;

	if ((s = yote_stream_new()) == NULL) {
		tool_warn("out of memory");
		return NULL;
	}
	yote_stream_set_diag(s, tool_stream_diag, NULL);
	/* a position index is believed only when asked (yote(5)) */
	yote_stream_set_trust_index(s, tool_env_on("YOTE_TRUST_INDEX"));
	return s;
}

int
tool_stream_inputs(struct yote_stream *s, char *const files[], int nfiles)
{
	int i;

	if (tool_select_checked(s) != 0)
		return EXIT_USAGE;
	if (nfiles == 0 && yote_stream_add(s, "-") != 0)
		goto nomem;
	for (i = 0; i < nfiles; i++)
		if (yote_stream_add(s, files[i]) != 0)
			goto nomem;
	return 0;
nomem:
	tool_warn("out of memory");
	return EXIT_IO;
}

int
tool_stream_status(const struct yote_stream *s, int status)
{
	int st = yote_stream_status(s);

	return st > status ? st : status;
}

int
tool_is_stdin(const char *path)
{
	struct stat a, b;

	if (strcmp(path, "-") == 0)
		return 1;
	return stat(path, &a) == 0 && fstat(STDIN_FILENO, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}
