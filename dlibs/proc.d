/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * proc.d: what the proc provider's arguments are made of (src/providers/dt_prov_proc.c):
 * proc:::exit's reason codes and the reason made from the exiting task's exit code, and
 * proc:::exec's path, read from the exec'ing process's memory.
 *
 * A D library: dtrace reads every .d file in its library directory before the program.
 */

/* proc:::exit's args[0], as in DTrace (and wait(2)'s si_code) */
inline int CLD_EXITED = 1;	/* the process called exit(2) or returned from main */
inline int CLD_KILLED = 2;	/* a signal killed it */
inline int CLD_DUMPED = 3;	/* a signal killed it and it dumped core */

/* The task's exit code (the wait status: exit status << 8, or the signal | 0x80 for a core) */
inline int __proc_exit_reason[int code] =
    (code & 0x7f) == 0 ? CLD_EXITED : (code & 0x80) ? CLD_DUMPED : CLD_KILLED;

/* execve(2)'s path argument, in the process's memory */
inline string __proc_exec_path[uintptr_t path] = copyinstr(path);
