/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_proc.c: holding a -c command at its start, so that no probe in it is missed.
 *
 * The pid provider makes its probes from the process's mappings, so the process must exist,
 * with its libraries mapped, before the program is compiled; and nothing of it may run before
 * the probes are attached. dtrace (src/cmd) seizes the forked child with ptrace before it
 * calls exec; the exec stops it (PTRACE_EVENT_EXEC) with only the executable and the dynamic
 * linker mapped, and nothing of the new program has run: programs without pid probes attach
 * there (the linker's own system calls are traced). For pid probes the provider then runs
 * the dynamic linker up to the moment every library the program needs
 * is mapped and none has run any code: the linker's debugger hook, _dl_debug_state(), which
 * it calls with _r_debug.r_state == RT_CONSISTENT once the initial libraries are loaded
 * (a breakpoint there, as debuggers and DTrace's libproc set one). This is DTrace's
 * "preinit": library constructors, main() and everything after are traced. A static
 * executable has no dynamic linker: the exec stop is the place.
 *
 *   fork -> child waits on the go pipe -> PTRACE_SEIZE -> go -> exec -> exec stop
 *   -> int3 at ld.so's _dl_debug_state -> run -> trap with r_state RT_CONSISTENT
 *   -> instruction restored, rip back -> (compile, load, attach) -> detach or continue
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dt_usymtab.h"
#include "dt_proc.h"

#define DT_RT_CONSISTENT 0	/* struct r_debug's r_state: the link map is complete */
#define DT_RDEBUG_STATE 24	/* offsetof(struct r_debug, r_state) on LP64 */

/* AT_BASE (the dynamic linker's load address) from /proc/PID/auxv; 0 if none. */
static uint64_t
dt_proc_interp_base(pid_t pid)
{
	char path[64];
	uint64_t av[2], base = 0;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/auxv", (int)pid);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	while (read(fd, av, sizeof(av)) == sizeof(av) && av[0] != 0)
		if (av[0] == 7)		/* AT_BASE */
			base = av[1];
	close(fd);
	return base;
}

/* The file mapped at base in pid, opened; -1 if none. */
static int
dt_proc_open_at(pid_t pid, uint64_t base, char *path, size_t pathlen)
{
	char mpath[64], *line = NULL;
	size_t cap = 0;
	FILE *fp;
	int fd = -1;

	snprintf(mpath, sizeof(mpath), "/proc/%d/maps", (int)pid);
	if (!(fp = fopen(mpath, "re")))
		return -1;
	while (fd < 0 && getline(&line, &cap, fp) > 0) {
		dt_umap_t m;

		if (!dt_umaps_parse_line(line, &m) || m.start != base || !m.pathlen ||
		    m.pathlen >= pathlen)
			continue;
		memcpy(path, m.path, m.pathlen);
		path[m.pathlen] = '\0';
		snprintf(mpath, sizeof(mpath), "/proc/%d/map_files/%llx-%llx", (int)pid,
			 (unsigned long long)m.start, (unsigned long long)m.end);
		fd = open(mpath, O_RDONLY | O_CLOEXEC);
	}
	free(line);
	fclose(fp);
	return fd;
}

/* The address of a symbol of the dynamic linker (loaded at base); 0 if not found. */
static uint64_t
dt_proc_ldsym(dt_uelf_t *ue, uint64_t base, const char *name)
{
	uint64_t lo = UINT64_MAX;

	for (size_t i = 0; i < ue->loads.len; i++)
		lo = DT_MIN(lo, ue->loads.data[i].vaddr & ~0xfffULL);
	for (size_t i = 0; i < dt_usymtab_count(ue->tab); i++) {
		const dt_usym_t *s = dt_usymtab_get(ue->tab, i);

		if (strcmp(s->name, name) == 0)
			return base + s->value - lo;
	}
	return 0;
}

/* Wait for the next stop of pid; false when it is gone (exited, killed). */
static bool
dt_proc_wait(pid_t pid, int *st)
{
	while (waitpid(pid, st, __WALL) < 0)
		if (errno != EINTR)
			return false;
	return WIFSTOPPED(*st);
}

int
dt_proc_hold_exec(pid_t pid, int go_fd)
{
	int st;

	if (ptrace(PTRACE_SEIZE, pid, 0, (void *)(long)(PTRACE_O_TRACEEXEC | PTRACE_O_TRACEEXIT)) <
	    0)
		return -1;
	if (write(go_fd, "g", 1) != 1)
		return -1;
	for (;;) {
		if (!dt_proc_wait(pid, &st))
			return -1;	/* exec failed: the child said why and exited */
		if ((st >> 16) == PTRACE_EVENT_EXEC)
			return 0;
		ptrace(PTRACE_CONT, pid, 0, (void *)(long)((st >> 16) ? 0 : WSTOPSIG(st)));
	}
}

int
dt_proc_brk_init(pid_t pid, dt_proc_brk_t *b)
{
	uint64_t base = dt_proc_interp_base(pid);
	char path[4096];
	dt_uelf_t ue = {0};
	int fd;

	memset(b, 0, sizeof(*b));
	if (base == 0 || (fd = dt_proc_open_at(pid, base, path, sizeof(path))) < 0)
		return 0;	/* static: no linker, no hook */
	dt_uelf_read(&ue, fd, path);
	close(fd);
	b->addr = dt_proc_ldsym(&ue, base, "_dl_debug_state");
	b->state = dt_proc_ldsym(&ue, base, "_r_debug");
	dt_uelf_fini(&ue);
	if (!b->addr || !b->state) {
		b->addr = 0;	/* a linker without the hook */
		return 0;
	}
	b->state += DT_RDEBUG_STATE;
	errno = 0;
	b->word = ptrace(PTRACE_PEEKTEXT, pid, (void *)b->addr, 0);
	return errno ? -1 : 0;
}

int
dt_proc_brk_insert(pid_t pid, dt_proc_brk_t *b)
{
	if (!b->addr || b->set)
		return 0;
	if (ptrace(PTRACE_POKETEXT, pid, (void *)b->addr, (void *)((b->word & ~0xffL) | 0xcc)))
		return -1;
	b->set = true;
	return 0;
}

int
dt_proc_brk_remove(pid_t pid, dt_proc_brk_t *b)
{
	if (!b->set)
		return 0;
	b->set = false;
	return ptrace(PTRACE_POKETEXT, pid, (void *)b->addr, (void *)b->word) ? -1 : 0;
}

int
dt_proc_brk_hit(pid_t pid, dt_proc_brk_t *b, int st, bool *consistent)
{
	struct user_regs_struct regs;
	uint64_t a;

	if (!b->set || !WIFSTOPPED(st) || WSTOPSIG(st) != SIGTRAP || (st >> 16) != 0)
		return 0;
	if (ptrace(PTRACE_GETREGS, pid, 0, &regs) < 0)
		return -1;
	if (regs.rip != b->addr + 1)
		return 0;
	/* at the hook: the instruction back and the pc on it */
	regs.rip = b->addr;
	if (dt_proc_brk_remove(pid, b) < 0 || ptrace(PTRACE_SETREGS, pid, 0, &regs) < 0)
		return -1;
	errno = 0;
	a = (uint64_t)ptrace(PTRACE_PEEKDATA, pid, (void *)b->state, 0);
	if (errno)
		return -1;
	*consistent = (int)(a & 0xffffffff) == DT_RT_CONSISTENT;
	return 1;
}

int
dt_proc_brk_step(pid_t pid, dt_proc_brk_t *b)
{
	int st;

	if (ptrace(PTRACE_SINGLESTEP, pid, 0, 0) < 0 || !dt_proc_wait(pid, &st))
		return -1;
	return dt_proc_brk_insert(pid, b);
}

int
dt_proc_run_preinit(pid_t pid)
{
	dt_proc_brk_t b;
	bool consistent = false;
	int st, hit;

	if (dt_proc_brk_init(pid, &b) < 0 || dt_proc_brk_insert(pid, &b) < 0)
		return -1;
	if (!b.set)
		return 0;	/* static: everything is mapped at exec */
	for (int sig = 0;;) {
		if (ptrace(PTRACE_CONT, pid, 0, (void *)(long)sig) < 0 || !dt_proc_wait(pid, &st))
			return -1;
		sig = 0;
		if ((st >> 16) != 0)
			continue;	/* an event stop */
		if (WSTOPSIG(st) != SIGTRAP) {
			sig = WSTOPSIG(st);	/* its own signal, passed on */
			continue;
		}
		if ((hit = dt_proc_brk_hit(pid, &b, st, &consistent)) < 0)
			return -1;
		if (hit && consistent)
			return 0;	/* stopped on the hook's own instruction, restored */
		/* RT_ADD: the libraries are coming; step over the hook and wait again */
		if (hit && dt_proc_brk_step(pid, &b) < 0)
			return -1;
	}
}
