/*
 * A type in a kernel module's scope is the kernel's type when the module has no BTF of its
 * own, loaded or not, as in DTrace (which takes such a module for a built-in one, whose
 * types vmlinux holds): struct nosuchmod`task_struct is the task_struct of vmlinux, read
 * here through the consumer's own task.
 */
BEGIN
{
	this->t = (struct nosuchmod`task_struct *)curthread;
	printf("%d %d\n", this->t->tgid == pid, sizeof (struct nosuchmod`task_struct) ==
	    sizeof (struct task_struct));
	exit(0);
}
