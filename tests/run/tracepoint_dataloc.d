/*
 * A __data_loc char[] field (a u32 in the record saying where the string is) reads as the
 * string: sched_process_exec's filename, the proc trigger's child exec'ing the trigger
 * again. sched_process_fork's comms (char[16] arrays on older kernels, __data_loc on newer)
 * read the same either way.
 */

int comms;

tracepoint:sched:sched_process_exec
/progenyof($target)/
{
	printf("exec %s %d\n", basename(args->filename), args->pid == pid && args->old_pid == pid);
}

tracepoint:sched:sched_process_fork
/args->parent_pid == $target/
{
	forks++;
	comms += args->parent_comm == "proc" && args->child_comm == "proc";
}

END
{
	printf("forks %d %d\n", forks, comms);
}
