/*
 * yaml-parse-bench - the floor under reading YAML: libyaml alone parsing
 * files into events, and nothing else.
 *
 *   yaml-parse-bench FILE...
 *
 * Prints "EVENTS events BYTES bytes SECONDS s" (processor time of the
 * parse, events freed as they come, as any reader must).  `make bench`
 * (tests/bench-archive.sh) sets yote-validate's time on the same bytes
 * beside it: what yote-validate spends above this is the suite's own
 * work (nodes, notation, legality), the part the suite can make faster.
 * Exit status 0, 1 when a file does not parse, 2 usage, 3 I/O.
 */
#include <stdio.h>
#include <time.h>

#include <yaml.h>

int
main(int argc, char **argv)
{
	unsigned long long events = 0, bytes = 0;
	clock_t t0 = clock();
	int i, bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: yaml-parse-bench FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		yaml_parser_t parser;
		yaml_event_t ev;
		FILE *fp = fopen(argv[i], "rb");
		int done = 0;

		if (fp == NULL) {
			perror(argv[i]);
			return 3;
		}
		yaml_parser_initialize(&parser);
		yaml_parser_set_input_file(&parser, fp);
		while (!done) {
			if (!yaml_parser_parse(&parser, &ev)) {
				fprintf(stderr, "%s: %s\n", argv[i],
				    parser.problem ? parser.problem : "error");
				bad = 1;
				break;
			}
			done = ev.type == YAML_STREAM_END_EVENT;
			events++;
			yaml_event_delete(&ev);
		}
		bytes += (unsigned long long)ftell(fp);
		yaml_parser_delete(&parser);
		fclose(fp);
	}
	printf("%llu events %llu bytes %.3f s\n", events, bytes,
	    (double)(clock() - t0) / CLOCKS_PER_SEC);
	return bad;
}
