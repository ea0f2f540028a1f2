/*
 * tool.c - diagnostics and helpers shared by the yote-* tools.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tool.h"

const char *tool_name = "yote";

void
tool_init(const char *argv0)
{
	const char *slash;

	if (argv0 == NULL || *argv0 == '\0')
		return;
	slash = strrchr(argv0, '/');
	tool_name = slash ? slash + 1 : argv0;
}

void
tool_diag(const struct yote_error *e)
{
	fprintf(stderr, "%s: ", tool_name);
	if (e->file != NULL) {
		fputs(e->file, stderr);
		if (e->line > 0) {
			fprintf(stderr, ":%lu", e->line);
			if (e->col > 0)
				fprintf(stderr, ":%lu", e->col);
		}
		fputs(": ", stderr);
	}
	if (e->game > 0) {
		fprintf(stderr, "game %lu", e->game);
		if (e->ply > 0)
			fprintf(stderr, ", ply %lu", e->ply);
		fputs(": ", stderr);
	} else if (e->ply > 0)
		fprintf(stderr, "ply %lu: ", e->ply);
	fprintf(stderr, "%s\n", e->msg);
}

void
tool_warn(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", tool_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int
tool_usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", tool_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n",
	    tool_name);
	return EXIT_USAGE;
}

int
tool_exit_for(int code)
{
	switch (code) {
	case YOTE_OK:
		return EXIT_OK;
	case YOTE_EIO:
	case YOTE_ENOMEM:
		return EXIT_IO;
	default:
		return EXIT_INVALID;
	}
}

const struct yote_rules *
tool_rules(const char *spec, int *owned, int *status)
{
	const struct yote_rules *r;
	struct yote_error e;
	int rc;

	yote_error_clear(&e);
	*owned = 0;
	if ((rc = yote_rules_get(spec ? spec : "classic", &r, owned, &e)) == 0)
		return r;
	tool_diag(&e);
	/* an unknown name is a usage error; a bad file is rejected input */
	*status = e.file == NULL ? EXIT_USAGE : tool_exit_for(rc);
	return NULL;
}
