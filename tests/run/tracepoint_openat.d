/*
 * A syscalls tracepoint (a perf event only: no raw tracepoint): sys_enter_openat's filename
 * is the user's pointer, read with copyinstr; sys_exit_openat's ret the descriptor. The
 * trigger's own calls are those without O_CLOEXEC (the dynamic loader's have it).
 */

int same, opened;

tracepoint:syscalls:sys_enter_openat
/pid == $target && args->flags == 0/
{
	n++;
	same += copyinstr(args->filename) == "/etc/hostname";
	self->in = 1;
}

tracepoint:syscalls:sys_exit_openat
/self->in/
{
	opened += args->ret >= 0;
	self->in = 0;
}

END
{
	printf("%d %d %d\n", n, same, opened);
}
