/* fuzz-select.c - the selection every tool takes (yote_stream.h): a
 * criteria file (key value a line) and --game forms are read or refused
 * with a message, never crash; a --game form taken chooses numbers that
 * are a union of ranges, and a form refused leaves no range behind. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "yote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct yote_stream *s;
	struct yote_error e;
	char path[] = "/tmp/fuzz-select.XXXXXX", *text, *nl;
	FILE *fp;
	int fd, rc;

	if ((text = malloc(size + 1)) == NULL)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if ((s = yote_stream_new()) == NULL) {
		free(text);
		return 0;
	}
	/* the first line as --game */
	nl = strchr(text, '\n');
	if (nl != NULL)
		*nl = '\0';
	yote_error_clear(&e);
	rc = yote_select_games(yote_stream_select(s), text, &e);
	assert(rc == 0 || (rc == YOTE_EVALUE && e.msg[0] != '\0'));
	assert((rc == 0) == yote_select_active(yote_stream_select(s)));
	if (nl != NULL)
		*nl = '\n';
	/* the whole as a criteria file */
	if ((fd = mkstemp(path)) >= 0) {
		if ((fp = fdopen(fd, "w")) != NULL) {
			fwrite(data, 1, size, fp);
			fclose(fp);
			yote_error_clear(&e);
			rc = yote_select_file(yote_stream_select(s), path, &e);
			assert(rc == 0 || rc == YOTE_EIO || rc == YOTE_ENOMEM ||
			    (rc == YOTE_EVALUE && e.line >= 1 &&
			    e.msg[0] != '\0'));
		} else
			close(fd);
		unlink(path);
	}
	yote_stream_free(s);
	free(text);
	return 0;
}
