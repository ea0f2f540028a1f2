/*
 * tap.h - the TAP helpers of the C test programs that are not cmocka
 * tests (tests/lib/tap.sh is the same for the shell tests).
 *
 *   ok(cond, fmt, ...)        one test, passed when cond is nonzero
 *   ok_todo(cond, todo, ...)  the same, marked "# TODO todo" when todo is
 *                             not NULL: reported, never counted as failed
 *   diag(fmt, ...)            a TAP comment, "# ..."
 *   bail(why)                 "Bail out! why" and exit status 1
 *   tap_plan()                the plan "1..N" of a program that counts as
 *                             it goes; returns the exit status, 0 when
 *                             every test passed, 1 otherwise
 *
 * tap_tests and tap_failures count the tests so far; tap_quiet set keeps
 * the counting but prints nothing (a program's own report instead).
 */
#ifndef TESTS_TAP_H
#define TESTS_TAP_H

#if defined(__GNUC__)
#define TAP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define TAP_PRINTF(f, a)
#endif

extern unsigned long tap_tests, tap_failures;
extern int tap_quiet;

void ok(int, const char *, ...) TAP_PRINTF(2, 3);
void ok_todo(int, const char *, const char *, ...) TAP_PRINTF(3, 4);
void diag(const char *, ...) TAP_PRINTF(1, 2);
void bail(const char *);
int tap_plan(void);

#endif
