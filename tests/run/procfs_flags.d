/*
 * lwpsinfo_t's and psinfo_t's pr_flag (procfs.d) and sched.d's SOBJ_* constants, which the
 * Solaris guide's sched scripts test pr_stype and pr_flag against. A user thread in a
 * system call has none of PR_ISSYS, PR_IDLE, PR_STOPPED; the idle task every chain of
 * real_parent ends at (swapper, pid 0, whose parent is itself) is a kernel thread and a
 * CPU's idle thread. pr_stype is SOBJ_NONE: Linux does not record what a thread sleeps on.
 */
syscall::getpid:entry
/pid == $target/
{
	printf("user: lwp %x proc %x stype %d\n",
	    curlwpsinfo->pr_flag & (PR_ISSYS | PR_IDLE | PR_STOPPED | PR_ISTOP),
	    curpsinfo->pr_flag, curlwpsinfo->pr_stype);
	this->t = curthread;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	this->t = this->t->pid > 0 ? this->t->real_parent : this->t;
	printf("pid %d: lwp %x proc %x\n", this->t->pid,
	    xlate <lwpsinfo_t *>(this->t)->pr_flag & (PR_ISSYS | PR_IDLE | PR_STOPPED),
	    xlate <psinfo_t *>(this->t)->pr_flag);
	printf("%d %d %d %d %d %d %d %d\n", SOBJ_NONE, SOBJ_MUTEX, SOBJ_RWLOCK, SOBJ_CV,
	    SOBJ_SEMA, SOBJ_USER, SOBJ_USER_PI, SOBJ_SHUTTLE);
	printf("%x %x %x %x\n", PR_STOPPED, PR_ASLEEP, PR_IDLE, PR_ISSYS);
	exit(0);
}
