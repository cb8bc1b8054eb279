/*
 * tracepoint:GROUP:EVENT (bpftrace's spelling) and tracepoint:GROUP::EVENT: args->FIELD, the
 * fields of the tracepoint's record as its tracefs format names them. sched_switch's
 * prev_* is the thread leaving (the sched trigger's own threads), next_* the one coming in;
 * prev_comm and next_comm are char[16] arrays, read as strings.
 */

int bad;

tracepoint:sched:sched_switch
/pid == $target/
{
	ok = args->prev_pid == tid && args->prev_comm == execname && args->next_pid != tid ?
	    1 : ok;
	bad += args->prev_pid != tid;
}

tracepoint:sched::sched_switch
/args->next_pid == $target/
{
	next = args->next_comm == "sched" && args->prev_pid != $target ? 1 : next;
}

END
{
	printf("prev %d %d\nnext %d\n", ok, bad, next);
}
