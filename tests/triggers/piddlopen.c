/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * piddlopen LIB N: opens the shared library LIB with dlopen() (after a first getppid(), a
 * known moment for a test), then calls its dtpid_mul(i, 5) for i = 1 .. N, then exits 0.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long (*mul)(long, long);
	long n = argc > 2 ? atol(argv[2]) : 1;
	void *h;

	if (argc < 2)
		return 2;
	getppid();
	h = dlopen(argv[1], RTLD_NOW);
	if (!h || !(mul = (long (*)(long, long))dlsym(h, "dtpid_mul"))) {
		fprintf(stderr, "piddlopen: %s\n", dlerror());
		return 1;
	}
	for (long i = 1; i <= n; i++)
		mul(i, 5);
	return 0;
}
