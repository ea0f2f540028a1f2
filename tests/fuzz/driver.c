/*
 * driver.c - replay inputs through a fuzz harness without libFuzzer, so
 * that make check (gcc, sanitizers optional) runs every kept crash case
 * and seed again.  Usage: fuzz-X-replay FILE...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
main(int argc, char *argv[])
{
	FILE *fp;
	uint8_t *buf;
	long n;
	int i;

	for (i = 1; i < argc; i++) {
		if ((fp = fopen(argv[i], "rb")) == NULL) {
			perror(argv[i]);
			return 3;
		}
		fseek(fp, 0, SEEK_END);
		n = ftell(fp);
		rewind(fp);
		if (n < 0 || (buf = malloc((size_t)n + 1)) == NULL) {
			fclose(fp);
			return 3;
		}
		if (fread(buf, 1, (size_t)n, fp) != (size_t)n) {
			fclose(fp);
			free(buf);
			return 3;
		}
		fclose(fp);
		LLVMFuzzerTestOneInput(buf, (size_t)n);
		free(buf);
	}
	return 0;
}
