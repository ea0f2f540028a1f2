/*
 * fuzz-protocol.c - yote-play's protocol lines.  A `go` with a number is
 * replaced by a small node budget so that one input cannot search for
 * minutes; everything else goes through as typed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct protocol *pr;
	FILE *out;
	char *text, *line, *save;
	char go[] = "go nodes 300";

	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if ((out = fopen("/dev/null", "w")) == NULL ||
	    (pr = protocol_new(yote_rules_by_name("classic"), 1, 1, 300)) ==
	    NULL) {
		if (out != NULL)
			fclose(out);
		free(text);
		return 0;
	}
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		if (strncmp(line, "go", 2) == 0 && strpbrk(line, "0123456789"))
			line = go;
		if (protocol_line(pr, line, out) != 0)
			break;
		strcpy(go, "go nodes 300");
	}
	protocol_free(pr);
	fclose(out);
	free(text);
	return 0;
}
