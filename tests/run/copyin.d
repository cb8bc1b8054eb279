/*
 * copyin(): user memory into scratch space, read through the pointer it returns: cast and
 * dereferenced, as a struct (a kernel type and one the script declares), as a string, with
 * tracemem(); in a predicate; several in one clause, with sizes known only at run time; size
 * 0. The trigger writes "copyin-test-buffer", a NUL and bytes 1 to 5, and sleeps for
 * {0, 12345}.
 */
#pragma D option quiet

struct ts { long sec; long nsec; };

syscall::write:entry
/pid == $target && *(char *)copyin(arg1, 1) == 'c'/
{
	this->buf = (char *)copyin(arg1, arg2);
	this->tail = (char *)copyin(arg1 + 19, 5);
	this->none = copyin(arg1, 0);
	printf("write %d [%s] %d %d %d\n", arg2, stringof(this->buf), this->buf[20],
	    this->tail[4], this->none != 0);
	tracemem(copyin(arg1, 24), 24);
	printf("\n");
}

syscall::nanosleep:entry
/pid == $target/
{
	this->kts = (struct __kernel_timespec *)copyin(arg0,
	    sizeof (struct __kernel_timespec));
	printf("nanosleep %d %d %d %d\n", this->kts->tv_sec, this->kts->tv_nsec,
	    ((struct ts *)copyin(arg0, sizeof (struct ts)))->nsec,
	    *(long *)copyin(arg0 + 8, 8));
}
