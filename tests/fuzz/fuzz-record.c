/*
 * fuzz-record.c - record streams as every tool reads them (YAML, and the
 * other formats the reader detects by their first bytes): read, check
 * every game, write it back.
 */
#include <stdio.h>
#include <stdlib.h>

#include "yote.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct yote_reader *rd;
	struct yote_record *rec;
	struct yote_checker *ck;
	struct yote_writer *w;
	struct yote_game_info info;
	FILE *in, *out;
	int rc, n = 0;

	if (size == 0 || (in = fmemopen((void *)data, size, "rb")) == NULL)
		return 0;
	if ((out = fopen("/dev/null", "w")) == NULL) {
		fclose(in);
		return 0;
	}
	ck = yote_checker_new();
	if (yote_reader_open(in, "fuzz", &rd) == 0 &&
	    yote_writer_open(out, &w) == 0) {
		/* (at most 1000 records, the count checked before the
		   read: a record read and then not taken would leak) */
		while (n++ < 1000 &&
		    (rc = yote_reader_next(rd, &rec, NULL)) != 0) {
			if (rc < 0) {
				if (rc == YOTE_EVALUE)
					continue;
				break;
			}
			yote_checker_play(ck, rec, "fuzz", &info, NULL, NULL,
			    NULL);
			yote_writer_put(w, rec);
			yote_record_free(rec);
		}
		yote_writer_close(w);
		yote_reader_close(rd);
	}
	yote_checker_free(ck);
	fclose(in);
	fclose(out);
	return 0;
}
