/*
 * input.c - the selection options and the stream every tool that reads
 * games starts from (input.h).
 */
#include <stdio.h>
#include <string.h>

#include "input.h"
#include "tool.h"

/* The option a selection key is given by, for messages. */
static const char *
option_of(int c)
{
	switch (c) {
	case 'g':
		return "game";
	case 'P':
		return "player";
	case 'e':
		return "event";
	case SELECT_OPT_CRITERIA:
		return "criteria";
	default:
		return yote_select_keys[c - SELECT_OPT];
	}
}

int
tool_select_option(struct yote_stream *s, int c, const char *arg,
    int *status)
{
	struct yote_select *sel = yote_stream_select(s);
	struct yote_error e;
	int rc;

	yote_error_clear(&e);
	*status = EXIT_OK;
	switch (c) {
	case 'g':
		rc = yote_select_games(sel, arg, &e);
		break;
	case 'P':
		rc = yote_select_add(sel, "player", arg, &e);
		break;
	case 'e':
		rc = yote_select_add(sel, "event", arg, &e);
		break;
	case SELECT_OPT_INVERT:
		yote_select_invert(sel);
		return 1;
	case SELECT_OPT_CRITERIA:
		if ((rc = yote_select_file(sel, arg, &e)) == 0)
			return 1;
		if (e.line > 0)
			tool_diag(&e);
		else
			tool_warn("--criteria: %s: %s", tool_text(arg),
			    tool_text(e.msg));
		*status = rc == YOTE_EVALUE ? EXIT_USAGE : tool_exit_for(rc);
		return 1;
	default:
		if (c < SELECT_OPT || c >= SELECT_OPT + 13)
			return 0;
		rc = yote_select_add(sel, option_of(c), arg, &e);
		break;
	}
	if (rc == 0)
		return 1;
	if (rc == YOTE_EVALUE) {
		/* the library's message begins with the key: "date: ..." */
		*status = tool_usage_error("--%s", e.msg);
	} else {
		tool_warn("%s", e.msg);
		*status = tool_exit_for(rc);
	}
	return 1;
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
	return s;
}

int
tool_stream_inputs(struct yote_stream *s, char *const files[], int nfiles)
{
	int i;

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
