/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * proc: one of each process event, in order, each finished before the next starts (so the
 * proc provider's tests see them in this order):
 *   a child that execs a path that does not exist (ENOENT), then this program again (argv[0])
 *   with "exit", which exits 3; a thread created and joined; a child killed by SIGKILL; and in
 *   a child SIGUSR1 to a handler, SIGUSR2 while ignored, and SIGUSR1 taken by sigwaitinfo(2),
 *   each sent to itself. Exits 0 when each did what it should.
 *   proc exit     exit 3 (what the first child execs)
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t handled;

static void
on_usr1(int sig)
{
	handled = sig;
}

static void *
thread_main(void *arg)
{
	return arg;
}

int
main(int argc, char **argv)
{
	struct sigaction sa;
	pthread_t t;
	sigset_t set;
	siginfo_t si;
	pid_t child;
	int status;

	if (argc > 1 && strcmp(argv[1], "exit") == 0)
		return 3;

	/* fork, a failing exec, an exec that succeeds, exit(3) */
	if ((child = fork()) == 0) {
		/* the paths on the stack: a page of the program's own data that the child has
		 * not touched since fork() is not mapped yet, and a probe cannot fault it in */
		char bad[64] = "/nonexistent/dtrace-proc-trigger", self[4096], ex[8] = "exit";
		char *args[] = {self, ex, NULL};

		snprintf(self, sizeof(self), "%s", argv[0]);
		execv(bad, args);
		execv(self, args);
		_exit(1);
	}
	waitpid(child, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 3)
		return 1;

	/* a thread */
	if (pthread_create(&t, NULL, thread_main, NULL) != 0 || pthread_join(t, NULL) != 0)
		return 1;

	/* a child killed by a signal: it waits in pause() until SIGKILL */
	if ((child = fork()) == 0) {
		for (;;)
			pause();
	}
	kill(child, SIGKILL);
	waitpid(child, &status, 0);

	/* signals a child sends itself (a child: the tracer's ptrace of this process would
	 * keep ignored signals from being discarded): handled, ignored, taken by sigwaitinfo */
	if ((child = fork()) != 0) {
		waitpid(child, &status, 0);
		return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sigaction(SIGUSR2, &sa, NULL);
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR2);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR1);
	if (sigwaitinfo(&set, &si) != SIGUSR1 || handled != SIGUSR1)
		return 1;
	return 0;
}
