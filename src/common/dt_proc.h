/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_proc.h: holding the -c process at its start (dt_proc.c).
 */
#ifndef DT_PROC_H
#define DT_PROC_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Seize the forked child (waiting on the go pipe, whose write end is go_fd) with ptrace,
 * tell it to exec, and wait for its exec stop. 0, or -1 when exec failed (the child said
 * why and exited: reap it) or ptrace failed.
 */
int dt_proc_hold_exec(pid_t pid, int go_fd);
/*
 * From the exec stop, run the process until its dynamic linker has mapped every library it
 * needs and before any of their code runs (DTrace's preinit); it stays stopped. 0 or -1.
 */
int dt_proc_run_preinit(pid_t pid);

/*
 * The dynamic linker's hook as a breakpoint: it traps after every dlopen() and dlclose()
 * (and at the start), where the link map is consistent again: the moment new libraries
 * gain their pid probes, as DTrace's do.
 */
typedef struct dt_proc_brk {
	uint64_t addr;		/* _dl_debug_state in the process; 0: none (a static program) */
	uint64_t state;		/* &_r_debug.r_state */
	long word;		/* the text the int3 replaces */
	bool set;		/* the int3 is in */
} dt_proc_brk_t;

int dt_proc_brk_init(pid_t pid, dt_proc_brk_t *b);	/* find it: 0 (b->addr 0: none), -1 */
int dt_proc_brk_insert(pid_t pid, dt_proc_brk_t *b);
int dt_proc_brk_remove(pid_t pid, dt_proc_brk_t *b);
/*
 * A stop (waitpid status st) of the stopped process: is it the hook's trap? 1 (the
 * instruction restored, the pc on it, *consistent when the link map is complete), 0 not
 * ours, -1 an error.
 */
int dt_proc_brk_hit(pid_t pid, dt_proc_brk_t *b, int st, bool *consistent);
/* After a hit: run the hook's instruction and put the int3 back. */
int dt_proc_brk_step(pid_t pid, dt_proc_brk_t *b);

#endif /* DT_PROC_H */
