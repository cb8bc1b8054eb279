/*
 * Kernel symbols in D: &`sym and mod`sym are the addresses /proc/kallsyms gives, typed
 * from BTF (functions), comparable with caller and printed by %a.
 */
#pragma D option quiet

syscall::getpid:entry
/pid == $target/
{
	printf("%a %a %d %d\n", (uintptr_t)&`schedule, (uintptr_t)&vmlinux`do_syscall_64,
	    &`schedule == &vmlinux`schedule, caller != 0);
	exit(0);
}
