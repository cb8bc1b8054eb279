/* (string)p is the string at p, as stringof(p); a string cast to string is itself. */
#pragma D option quiet

syscall::openat:entry
/pid == $target && (string)copyinstr(arg1) == "/etc/hostname"/
{
	this->s = (char *)alloca(4);
	this->s[0] = 'h';
	this->s[1] = 'i';
	printf("[%s] [%s] [%s] %d\n", (string)this->s, (string)"lit",
	    (string)curthread->comm, xlate<psinfo_t>((struct task_struct *)NULL).pr_addr);
	exit(0);
}
