/*
 * fuzz-protocol.c - yote-play's protocol lines.  A `go` with a number or
 * `infinite` is replaced by a small node budget so that one input cannot
 * search for minutes (a `go infinite` would never end here: nothing
 * reads a stop; a plain `go` searches 1 ply), and a `setoption` that may
 * size the table gets 1 MiB; everything else goes through as typed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "protocol.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Whether s holds "hash" in any case (the option names ignore case). */
static int
strcasestr_hash(const char *s)
{
	for (; *s != '\0'; s++)
		if (strncasecmp(s, "hash", 4) == 0)
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct protocol *pr;
	FILE *out;
	char *text, *line, *save;
	char go[] = "go nodes 300";
	char hash[] = "setoption name Hash value 1";

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
		const char *w = line + strspn(line, " \t");

		if (strncmp(w, "go", 2) == 0 && (strpbrk(w, "0123456789") ||
		    strstr(w, "infinite")))
			line = go;
		else if (strncmp(w, "setoption", 9) == 0 &&
		    strcasestr_hash(w))
			line = hash;
		if (protocol_line(pr, line, out) != 0)
			break;
		strcpy(go, "go nodes 300");
		strcpy(hash, "setoption name Hash value 1");
	}
	protocol_free(pr);
	fclose(out);
	free(text);
	return 0;
}
