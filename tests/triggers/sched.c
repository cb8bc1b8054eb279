/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sched: scheduler events of known threads, for the sched provider's tests, each step done
 * before the next starts:
 *   1. 100 round trips through two pipes with a child: each side sleeps in read(2) until
 *      the other wakes it (sleep, wakeup, enqueue, dequeue, off-cpu, on-cpu).
 *   2. 200 sched_yield(2) calls alone on CPU 0 (remain-cpu: __schedule keeps the thread),
 *      then two threads on CPU 0 that each yield 200 times to the other (preempt: it
 *      leaves the CPU still runnable).
 *   3. 50 ms of CPU time in a loop (tick: the scheduler's clock ticks on it).
 *   4. A thread at nice 0 blocks on a priority-inheritance mutex this thread holds at nice 5
 *      (change-pri: the holder inherits the waiter's priority, and gives it back on unlock;
 *      the waiter's nice 0 needs root).
 *   5. A thread busy on the last CPU while this one, on CPU 0, wakes another thread of
 *      the last CPU 50 times (surrender: the last CPU is told to choose again).
 * Exits 0 when each step did what it should.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int ncpus;
static atomic_int stop;
static pthread_mutex_t pi_lock;
static int wake_pipe[2], ack_pipe[2];

static void
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static void *
yielder(void *arg)
{
	pin(0);
	for (int i = 0; i < 200; i++)
		sched_yield();
	return arg;
}

static void *
pi_waiter(void *arg)
{
	/* back to nice 0 (created with the holder's 5): higher than the holder (as root) */
	setpriority(PRIO_PROCESS, (id_t)gettid(), 0);
	pthread_mutex_lock(&pi_lock);
	pthread_mutex_unlock(&pi_lock);
	return arg;
}

static void *
spinner(void *arg)
{
	pin(ncpus - 1);
	while (!atomic_load(&stop))
		;
	return arg;
}

static void *
sleeper(void *arg)
{
	char c;

	pin(ncpus - 1);
	while (read(wake_pipe[0], &c, 1) == 1 && c == 'w')
		if (write(ack_pipe[1], &c, 1) != 1)
			break;
	return arg;
}

static double
cpu_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main(void)
{
	int to_child[2], to_parent[2], status;
	pthread_mutexattr_t ma;
	pthread_t t1, t2;
	pid_t child;
	char c = 'x';

	ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	/* 1 */
	if (pipe(to_child) < 0 || pipe(to_parent) < 0)
		return 1;
	if ((child = fork()) == 0) {
		close(to_child[1]);
		while (read(to_child[0], &c, 1) == 1 && c == 'p')
			if (write(to_parent[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	for (int i = 0; i < 100; i++) {
		c = 'p';
		if (write(to_child[1], &c, 1) != 1 || read(to_parent[0], &c, 1) != 1)
			return 1;
	}
	close(to_child[1]);
	waitpid(child, &status, 0);

	/* 2 */
	pin(0);
	for (int i = 0; i < 200; i++)
		sched_yield();
	if (pthread_create(&t1, NULL, yielder, NULL) || pthread_create(&t2, NULL, yielder, NULL))
		return 1;
	pthread_join(t1, NULL);
	pthread_join(t2, NULL);

	/* 3 */
	for (double start = cpu_ms(); cpu_ms() - start < 50;)
		;

	/* 4: the waiter's lock sets FUTEX_WAITERS in the lock word before it sleeps */
	pthread_mutexattr_init(&ma);
	pthread_mutexattr_setprotocol(&ma, PTHREAD_PRIO_INHERIT);
	pthread_mutex_init(&pi_lock, &ma);
	pthread_mutex_lock(&pi_lock);
	setpriority(PRIO_PROCESS, (id_t)gettid(), 5);
	if (pthread_create(&t1, NULL, pi_waiter, NULL))
		return 1;
	while (!(atomic_load((atomic_int *)&pi_lock.__data.__lock) & 0x80000000))
		sched_yield();
	pthread_mutex_unlock(&pi_lock);
	pthread_join(t1, NULL);
	setpriority(PRIO_PROCESS, (id_t)gettid(), 0);

	/* 5 */
	if (ncpus > 1) {
		if (pipe(wake_pipe) < 0 || pipe(ack_pipe) < 0)
			return 1;
		if (pthread_create(&t1, NULL, spinner, NULL) ||
		    pthread_create(&t2, NULL, sleeper, NULL))
			return 1;
		for (int i = 0; i < 50; i++) {
			c = 'w';
			if (write(wake_pipe[1], &c, 1) != 1 || read(ack_pipe[0], &c, 1) != 1)
				return 1;
		}
		c = 'q';
		if (write(wake_pipe[1], &c, 1) != 1)
			return 1;
		atomic_store(&stop, 1);
		pthread_join(t1, NULL);
		pthread_join(t2, NULL);
	}
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
