/* SPDX-License-Identifier: GPL-2.0-only */
// throw N: throws and catches N ints (libstdc++'s SDT probes throw and catch fire for each;
// tests/run/usdt_libstdcxx.sh). The throwing function is not inlined, so every throw
// unwinds a frame.
#include <cstdio>
#include <cstdlib>

static __attribute__((noinline)) void
thrower(int i)
{
	throw i;
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3, sum = 0;

	for (int i = 0; i < n; i++) {
		try {
			thrower(i);
		} catch (int v) {
			sum += v;
		}
	}
	printf("sum %d\n", sum);
	return 0;
}
