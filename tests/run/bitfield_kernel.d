/*
 * A kernel bit-field from BTF: chrt -R sets sched_reset_on_fork (one bit of a word of
 * task_struct bit-fields) before it runs the trigger; in_execve, in the same kind of word,
 * is clear once the trigger runs.
 */
syscall::getpid:entry
/pid == $target/
{
	printf("%d %d\n", curthread->sched_reset_on_fork, curthread->in_execve);
	exit(0);
}
