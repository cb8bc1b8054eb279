/*
 * myserv N: a program with probes of its own (myserv.d, through dtrace -h and -G). Each of
 * its N rounds fires query-start("qI", I * 10), query-done(-I, I << 40), tick() and
 * bytes(200 + I, -300 - I, 4000000000 + I, -5000000000 - I); a round in which
 * query-start is enabled (its semaphore set) also prints "enabled I". Then it prints "done".
 * Argument N is read from stdin's first line when it is "-": the test starts it, attaches,
 * then lets it run.
 */
#include <stdio.h>
#include <stdlib.h>

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
	char line[64];
	int n = argc > 1 ? atoi(argv[1]) : 3;

	if (argc > 1 && argv[1][0] == '-' && fgets(line, sizeof(line), stdin))
		n = atoi(line);
	for (int i = 0; i < n; i++)
		round_of(i);
	printf("done\n");
	return 0;
}
