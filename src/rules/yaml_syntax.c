/*
 * yaml_syntax.c - where a YAML syntax error is, for every reader of YAML
 * (records, yaml_read.c; ruleset files, rules.c): the place a user must
 * fix, said the same way by both.
 *
 * libyaml names the token it could not take (the problem mark) and the
 * construct it was in (the context mark).  A quoted scalar, a flow list or
 * a flow mapping left open runs on into the lines after it, and libyaml
 * stops at the first token that cannot go on with it: the line after the
 * one to fix, or further.  So when the construct began on an earlier line
 * than the token, the place is where it began, and the token's place is
 * said in the message.  At the end of the input, libyaml's mark is past
 * the last line (a newline supplied) or at its end (a quoted scalar cut
 * short): the caller knows where the last line ends and says the input
 * ends there.
 */
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "yote_int.h"

/* What opens the construct of context, or NULL if none that spans lines. */
static const char *
opener(const char *context)
{
	if (context == NULL)
		return NULL;
	if (strstr(context, "flow sequence") != NULL)
		return "'['";
	if (strstr(context, "flow mapping") != NULL)
		return "'{'";
	if (strstr(context, "quoted scalar") != NULL)
		return "quote";
	return NULL;
}

int
yote_yaml_syntax_place(const yaml_parser_t *p, unsigned long base,
    struct yote_error *err)
{
	const char *what = opener(p->context);
	size_t n;

	if (err == NULL)
		return 0;
	/* libyaml has read everything (but the NUL it ends its buffer
	 * with) and stopped where it stands now */
	if (p->eof && (p->unread == 0 || (p->unread == 1 &&
	    *p->buffer.pointer == '\0')) &&
	    p->problem_mark.index >= p->mark.index) {
		err->line = base + p->problem_mark.line + 1;
		err->col = p->problem_mark.column + 1;
		return 1;
	}
	/* libyaml takes a key without '?' to be at most 1024 characters
	 * long, then looks for its ':' in vain: said at the key */
	if (p->context != NULL && strstr(p->context, "simple key") != NULL &&
	    p->context_mark.line == p->problem_mark.line &&
	    p->problem_mark.index - p->context_mark.index > 1024) {
		err->line = base + p->context_mark.line + 1;
		err->col = p->context_mark.column + 1;
		n = strlen(err->msg);
		snprintf(err->msg + n, sizeof(err->msg) - n, " (a key of more "
		    "than 1024 characters: the limit)");
		return 0;
	}
	if (what != NULL && p->context_mark.line < p->problem_mark.line) {
		err->line = base + p->context_mark.line + 1;
		err->col = p->context_mark.column + 1;
		n = strlen(err->msg);
		snprintf(err->msg + n, sizeof(err->msg) - n, " (the %s here "
		    "is not closed by line %lu, column %lu)", what, base +
		    (unsigned long)p->problem_mark.line + 1,
		    (unsigned long)p->problem_mark.column + 1);
		return 0;
	}
	err->line = base + p->problem_mark.line + 1;
	err->col = p->problem_mark.column + 1;
	return 0;
}

void
yote_yaml_input_end(struct yote_error *err, unsigned long line,
    unsigned long col)
{
	size_t n;

	if (err == NULL)
		return;
	err->line = line;
	err->col = col;
	n = strlen(err->msg);
	snprintf(err->msg + n, sizeof(err->msg) - n, " (the input ends here)");
}
