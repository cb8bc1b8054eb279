/* SPDX-License-Identifier: GPL-2.0-only */
/* forks: fork N children (argv[1], default 1) one after another, each of which exits 0 at
 * once, or execs argv[2...] when given; the parent waits for each before the next. Exits 0
 * when every child exited 0. For the toolkit's process-rate and lifetime tools. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	int status;

	for (long i = 0; i < n; i++) {
		pid_t child = fork();

		if (child < 0)
			return 1;
		if (child == 0) {
			if (argc > 2)
				execv(argv[2], argv + 2);
			_exit(argc > 2 ? 127 : 0);
		}
		if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 0)
			return 1;
	}
	return 0;
}
