/*
 * sdt: a kernel tracepoint's own arguments, typed by BTF, for the sched trigger's threads:
 * sched_switch's prev is the thread leaving (the current one); the tracepoint provider's
 * sched_process_fork (its record's fields): parent the forking thread and child a new one.
 */

int sw_bad;

sdt:sched::sched_switch
/pid == $target/
{
	sw_ok = args[1]->pid == tid && stringof(args[1]->comm) == execname &&
	    args[2]->pid != tid ? 1 : sw_ok;
	sw_bad += args[1]->pid != tid;
}

tracepoint:sched::sched_process_fork
/pid == $target/
{
	fork_ok = args->parent_pid == tid && args->child_pid != tid ? 1 : fork_ok;
}

END
{
	printf("sched_switch %d %d\nsched_process_fork %d\n", sw_ok, sw_bad, fork_ok);
}
