/* SPDX-License-Identifier: GPL-2.0-only */
/* recv: the printf benchmark's pipe reader. Reads stdin to the end, counts records (lines
 * of digits only) and notes the CLOCK_MONOTONIC time of the first and the last read that
 * brought records; other lines are copied to stdout. At the end prints "records N" and
 * "span_ns T" (first to last record). Bench-only (bench/run.sh compiles it). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static long long
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int
main(void)
{
	static char buf[1 << 16];
	char line[256];
	size_t len = 0;
	int digits = 1;
	long long records = 0, first = 0, last = 0;
	ssize_t got;

	while ((got = read(0, buf, sizeof(buf))) > 0) {
		long long before = records;

		for (ssize_t i = 0; i < got; i++) {
			char c = buf[i];

			if (c == '\n') {
				if (digits && len > 0)
					records++;
				else
					printf("%.*s\n", (int)len, line);
				len = 0;
				digits = 1;
				continue;
			}
			if (c < '0' || c > '9')
				digits = 0;
			if (len < sizeof(line))
				line[len++] = c;
		}
		if (records > before) {
			last = now();
			if (before == 0)
				first = last;
		}
	}
	printf("records %lld\nspan_ns %lld\n", records, last - first);
	return 0;
}
