/*
 * caller: the kernel PC that called the function where the probe fired. The syscall probes
 * fire in syscall_trace_enter and syscall_exit_work, both called by do_syscall_64 on this
 * kernel. func() and aggregation keys symbolize it (a func() record prints "  %-50s", quiet or
 * not, as DTrace prints it); ucaller is the user stack's second frame.
 */
syscall::getppid:entry,
syscall::getppid:return
/pid == $target/
{
	trace(func(caller));
	printf("\n");
	@[probename, func(caller)] = count();
	printf("ucaller %d\n", ucaller != 0 && ucaller != uregs[R_PC]);
}
