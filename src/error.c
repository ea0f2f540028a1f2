/*
 * error.c - errors and diagnostic names: the bottom layer, which every
 * other file of the library may call and which calls none of them.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "yote.h"

void
yote_error_clear(struct yote_error *err)
{
	if (err != NULL)
		memset(err, 0, sizeof(*err));
}

int
yote_error_set(struct yote_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

static const char *const diag_names[YOTE_D_COUNT] = { "none", "yaml",
	"limit", "not-a-mapping", "missing-key", "bad-version", "bad-type",
	"bad-rules", "bad-start", "move-syntax", "illegal-move", "after-end",
	"bad-result", "bad-termination", "result-mismatch", "io",
	"duplicate-key", "damaged-archive" };

const char *
yote_diag_name(int diag)
{
	return diag >= 0 && diag < YOTE_D_COUNT ? diag_names[diag] : "?";
}
