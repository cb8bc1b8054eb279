/*
 * Kernel types from BTF: member access through curthread, nested members, char arrays read
 * as strings, casts to kernel pointer types; and a fault on a bad kernel address.
 */
syscall::getpid:entry
/pid == $target/
{
	printf("%d %d %s %d %d\n", curthread->pid == tid, curthread->real_parent->tgid == ppid,
	    curthread->comm, curthread->se.vruntime > 0,
	    ((struct task_struct *)curthread)->tgid == pid);
	printf("%s\n", stringof(curthread->comm) == execname ? "same" : "differ");
}

syscall::getpid:entry
/pid == $target/
{
	trace(((struct task_struct *)8)->pid);
}

syscall::getpid:entry
/pid == $target/
{
	printf("after the fault\n");
}
