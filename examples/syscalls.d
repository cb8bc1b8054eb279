#!/usr/sbin/dtrace -s
/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * syscalls.d: which processes make which system calls. Counts every system call by process
 * name and call for 5 seconds, then prints the table, busiest last.
 *
 *   dtrace -s examples/syscalls.d
 */

syscall:::entry
{
	@[execname, probefunc] = count();
}

tick-5s
{
	exit(0);
}
