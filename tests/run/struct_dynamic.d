/*
 * Thread-local and associative variables of struct type: members created on first write
 * (zero-filled), read as zeros when absent, copied from other structs, and freed by
 * assigning 0; the guide's struct callinfo pattern on real syscall probes.
 */
#pragma D option quiet

struct callinfo {
	uint64_t ts;
	uint64_t elapsed;
	uint64_t calls;
	size_t maxlen;
};
struct callinfo info[string];
this struct { int a; } val;

syscall::getpid:entry, syscall::getppid:entry
/pid == $target/
{
	info[probefunc].ts = timestamp;
	info[probefunc].calls++;
	info[probefunc].maxlen = info[probefunc].calls * 10 > info[probefunc].maxlen ?
	    info[probefunc].calls * 10 : info[probefunc].maxlen;
	this->val.a = info[probefunc].calls;
	self->last = this->val;
}

syscall::getpid:return, syscall::getppid:return
/info[probefunc].ts != 0 && pid == $target/
{
	info[probefunc].elapsed += timestamp - info[probefunc].ts;
}

syscall::getpid:return
/pid == $target && self->last.a == 3/
{
	self->gone = self->last;
	self->last = 0;
	printf("last %d gone %d\n", self->last.a, self->gone.a);
}

END
{
	printf("getpid %d %d %d\n", info["getpid"].calls, info["getpid"].maxlen,
	    info["getpid"].elapsed > 0);
	printf("getppid %d, nosuch %d\n", info["getppid"].calls, info["nosuch"].calls);
}
