/*
 * A member read through a NULL pointer faults at address 0, as DTrace checks the pointer
 * first (ERROR's arg5 is 0), for p->m and for members of it (p->m.n); through any other bad
 * pointer the fault names the address read.
 */
#pragma D option quiet

BEGIN
{
	this->p = (struct task_struct *)NULL;
	trace(this->p->pid);
}

BEGIN
{
	trace(((struct task_struct *)NULL)->thread.sp);
}

BEGIN
{
	trace(((struct task_struct *)16)->pid == 0 ? 1 : 2);
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d at %s\n", arg4, arg5 == 0 ? "0" : arg5 > 16 ? "the member" : "?");
}
