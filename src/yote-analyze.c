/*
 * yote-analyze - move lists and perft over the rules library.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: %s --perft DEPTH [--divide] [--rules R] [--position POS]\n"
	    "       %s --moves [--rules R] [--position POS]\n"
	    "\n"
	    "  -d, --divide          with --perft: the count under each first move\n"
	    "  -h, --help            this help\n"
	    "  -m, --moves           list the legal moves, sorted, one per line\n"
	    "  -p, --perft DEPTH     count the legal move sequences of length DEPTH\n"
	    "  -P, --position POS    start from POS (default: the empty board)\n"
	    "  -r, --rules R         classic (default), traditional, damasi,\n"
	    "                        ndar-kepp, or a ruleset file\n"
	    "  -V, --version         print the version\n",
	    tool_name, tool_name);
}

static int
perft(const struct yote_rules *r, const struct yote_pos *p, int depth,
    int divide)
{
	struct yote_movelist l = { 0 };
	struct yote_pos q;
	unsigned long long total = 0, n;
	char text[YOTE_MOVE_TEXT];
	size_t i;

	if (!divide || depth < 1) {
		printf("%llu\n", yote_perft(r, p, depth));
		return EXIT_OK;
	}
	if (yote_gen_moves(r, p, &l) < 0) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	yote_movelist_sort(r, &l);
	for (i = 0; i < l.n; i++) {
		q = *p;
		yote_pos_play(r, &q, &l.v[i]);
		n = yote_perft(r, &q, depth - 1);
		total += n;
		printf("%s %llu\n", yote_move_format(r, &l.v[i], text), n);
	}
	printf("%llu\n", total);
	yote_movelist_free(&l);
	return EXIT_OK;
}

static int
list_moves(const struct yote_rules *r, const struct yote_pos *p)
{
	struct yote_movelist l = { 0 };
	char text[YOTE_MOVE_TEXT];
	size_t i;

	if (yote_gen_moves(r, p, &l) < 0) {
		tool_warn("out of memory");
		return EXIT_IO;
	}
	yote_movelist_sort(r, &l);
	for (i = 0; i < l.n; i++)
		printf("%s\n", yote_move_format(r, &l.v[i], text));
	yote_movelist_free(&l);
	return EXIT_OK;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "divide", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ "moves", no_argument, NULL, 'm' },
		{ "perft", required_argument, NULL, 'p' },
		{ "position", required_argument, NULL, 'P' },
		{ "rules", required_argument, NULL, 'r' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	const struct yote_rules *r;
	const char *rules = NULL, *position = NULL;
	struct yote_error e;
	struct yote_pos pos;
	int c, divide = 0, moves = 0, depth = -1, owned, status = EXIT_OK;
	char *end;

	tool_init(argv[0]);
	while ((c = getopt_long(argc, argv, "P:Vdhmp:r:", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'P':
			position = optarg;
			break;
		case 'V':
			printf("%s %s\n", tool_name, YOTE_VERSION);
			return EXIT_OK;
		case 'd':
			divide = 1;
			break;
		case 'h':
			usage(stdout);
			return EXIT_OK;
		case 'm':
			moves = 1;
			break;
		case 'p':
			depth = (int)strtol(optarg, &end, 10);
			if (*optarg == '\0' || *end != '\0' || depth < 0 ||
			    depth > 64)
				return tool_usage_error("--perft: expected a "
				    "depth from 0 to 64, not '%s'", optarg);
			break;
		case 'r':
			rules = optarg;
			break;
		default:
			return tool_usage_error("unknown option");
		}
	}
	if (optind < argc)
		return tool_usage_error("unexpected argument '%s'",
		    argv[optind]);
	if ((depth >= 0) == moves)
		return tool_usage_error("give one of --perft DEPTH or --moves");
	if (divide && depth < 0)
		return tool_usage_error("--divide goes with --perft");
	if ((r = tool_rules(rules, &owned, &status)) == NULL)
		return status;
	yote_error_clear(&e);
	if (position == NULL)
		yote_pos_start(r, &pos);
	else if (yote_pos_parse(r, position, &pos, &e) != 0) {
		tool_diag(&e);
		yote_rules_free(owned ? r : NULL);
		return EXIT_INVALID;
	}
	status = moves ? list_moves(r, &pos) : perft(r, &pos, depth, divide);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		tool_warn("write error on standard output");
		status = EXIT_IO;
	}
	if (owned)
		yote_rules_free(r);
	return status;
}
