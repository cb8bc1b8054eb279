/*
 * dt_proc.h: holding the -c process at its start (dt_proc.c).
 */
#ifndef DT_PROC_H
#define DT_PROC_H

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

#endif /* DT_PROC_H */
