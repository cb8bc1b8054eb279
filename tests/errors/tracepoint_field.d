/*
 * A field the tracepoint's record does not have: the error names the tracepoint and lists
 * the fields it has.
 */
tracepoint:sched:sched_switch
{
	printf("%s\n", args->prev_comx);
}
