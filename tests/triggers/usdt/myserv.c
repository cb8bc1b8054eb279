/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * myserv N: a program with probes of its own (myserv.d, through dtrace -h and -G). Each of
 * its N rounds fires query-start("qI", I * 10), query-done(-I, I << 40), tick() and
 * bytes(200 + I, -300 - I, 4000000000 + I, -5000000000 - I); a round in which
 * query-start is enabled (its semaphore set) also prints "enabled I". Then it prints "done".
 * "myserv wait N" first prints "ready" and waits until all four probes are enabled, i.e. until
 * a tracer has attached to them (at most 30 s, then it exits 2): a test's synchronisation with
 * dtrace -p, through the probes' own semaphores.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "myserv.h"

static __attribute__((noinline)) void
round_of(int i)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "q%d", i);
	if (MYSERV_QUERY_START_ENABLED())
		printf("enabled %d\n", i);
	MYSERV_QUERY_START(buf, i * 10);
	MYSERV_QUERY_DONE(-i, (long)i << 40);
	MYSERV_TICK();
	MYSERV_BYTES((unsigned char)(200 + i), (short)(-300 - i), 4000000000u + (unsigned)i,
		     -5000000000LL - i);
}

int
main(int argc, char **argv)
{
	int wait = argc > 1 && strcmp(argv[1], "wait") == 0;
	int n = argc > 1 + wait ? atoi(argv[1 + wait]) : 3;

	if (wait) {
		struct timespec ms = {0, 1000000};

		printf("ready\n");
		fflush(stdout);
		for (int t = 0; !MYSERV_QUERY_START_ENABLED() || !MYSERV_QUERY_DONE_ENABLED() ||
				!MYSERV_TICK_ENABLED() || !MYSERV_BYTES_ENABLED(); t++) {
			if (t == 30000)
				return 2;
			nanosleep(&ms, NULL);
		}
	}
	for (int i = 0; i < n; i++)
		round_of(i);
	printf("done\n");
	return 0;
}
