/*
 * tap.c - the TAP helpers of the C test programs (tap.h says what each
 * does).  Output is flushed after every test, so that a crash later in a
 * program still leaves the tests before it on record.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "tap.h"

unsigned long tap_tests, tap_failures;
int tap_quiet;

static void
vok(int cond, const char *todo, const char *fmt, va_list ap)
{
	tap_tests++;
	if (!cond && todo == NULL)
		tap_failures++;
	if (tap_quiet)
		return;
	printf("%s %lu - ", cond ? "ok" : "not ok", tap_tests);
	vprintf(fmt, ap);
	if (todo != NULL)
		printf(" # TODO %s", todo);
	putchar('\n');
	fflush(stdout);
}

void
ok(int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vok(cond, NULL, fmt, ap);
	va_end(ap);
}

void
ok_todo(int cond, const char *todo, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vok(cond, todo, fmt, ap);
	va_end(ap);
}

void
diag(const char *fmt, ...)
{
	va_list ap;

	if (tap_quiet)
		return;
	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

void
bail(const char *why)
{
	printf("Bail out! %s\n", why);
	exit(1);
}

int
tap_plan(void)
{
	printf("1..%lu\n", tap_tests);
	return tap_failures ? 1 : 0;
}
