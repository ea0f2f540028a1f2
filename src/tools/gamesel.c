/*
 * gamesel.c - which games of a stream a tool takes: --game with ranges
 * (1-10,15,20-), and every key of select.h (-P/--player, -e/--event,
 * --site, --date, --reaches...), the same in every tool that reads
 * collections (yote(7), THE SUITE'S OPTIONS).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

int
tool_select_games(struct tool_select *s, const char *arg)
{
	const char *p = arg;
	unsigned long lo, hi;
	char *end;

	s->nrange = 0;
	for (;;) {
		if (*p < '0' || *p > '9')
			goto bad;
		lo = strtoul(p, &end, 10);
		hi = lo;
		p = end;
		if (*p == '-') {
			p++;
			if (*p >= '0' && *p <= '9') {
				hi = strtoul(p, &end, 10);
				p = end;
			} else
				hi = ULONG_MAX;         /* 20-: to the end */
		}
		if (lo < 1 || hi < lo || lo == ULONG_MAX)
			goto bad;
		if (s->nrange == TOOL_SELECT_RANGES)
			return tool_usage_error("--game: at most %d ranges",
			    TOOL_SELECT_RANGES);
		s->range[s->nrange].lo = lo;
		s->range[s->nrange].hi = hi;
		s->nrange++;
		if (*p == '\0')
			return 0;
		if (*p++ != ',')
			goto bad;
	}
bad:
	return tool_usage_error("--game: expected game numbers from 1 and "
	    "ranges, as in 1-10,15,20-, not '%s'", arg);
}

int
tool_select_number(const struct tool_select *s, unsigned long game)
{
	int i;

	if (s->nrange == 0)
		return 1;
	for (i = 0; i < s->nrange; i++)
		if (game >= s->range[i].lo && game <= s->range[i].hi)
			return 1;
	return 0;
}

int
tool_select_record(struct tool_select *s, const struct yote_record *rec,
    const char *file, unsigned long plies)
{
	struct select_game g;

	if (!tool_select_number(s, rec->game))
		return 0;
	if (!select_active(&s->keys))
		return 1;
	if (select_game(&s->keys, rec, file, plies, &g) != 0)
		return YOTE_ENOMEM;
	return g.pass;
}

void
tool_select_free(struct tool_select *s)
{
	select_free(&s->keys);
}

int
tool_select_past(const struct tool_select *s, unsigned long game)
{
	int i;

	if (s->nrange == 0)
		return 0;
	for (i = 0; i < s->nrange; i++)
		if (s->range[i].hi >= game)
			return 0;
	return 1;
}

int
tool_select_check(const struct tool_select *s, const char *name,
    unsigned long games)
{
	int i;

	for (i = 0; i < s->nrange; i++)
		if (s->range[i].lo > games) {
			tool_warn("%s: no game %lu (%lu game%s)", name,
			    s->range[i].lo, games, games == 1 ? "" : "s");
			return EXIT_INVALID;
		}
	return EXIT_OK;
}

int
tool_select_option(struct tool_select *s, int c, const char *arg)
{
	int rc;

	switch (c) {
	case 'g':
		return tool_select_games(s, arg) == 0 ? 1 : -1;
	case 'P':
		c = SELECT_OPT + SEL_PLAYER;
		break;
	case 'e':
		c = SELECT_OPT + SEL_EVENT;
		break;
	}
	rc = select_option(&s->keys, c, arg);
	return rc < 0 ? 0 : rc == 0 ? 1 : -1;
}

long
tool_select_skip(const struct tool_select *s, struct yote_reader *rd,
    struct yote_error *err)
{
	unsigned long first = ULONG_MAX;
	int i;

	if (select_reaching(&s->keys, rd) != 0)
		return yote_error_set(err, YOTE_ENOMEM, "out of memory");
	if (s->nrange == 0 || yote_reader_format(rd) != YOTE_FORMAT_ARCHIVE)
		return 0;
	for (i = 0; i < s->nrange; i++)
		if (s->range[i].lo < first)
			first = s->range[i].lo;
	return first > 1 ? yote_reader_skip(rd, first - 1, err) : 0;
}
