/*
 * copyinto() and bcopy() write only what this clause allocated of its scratch space, or a D
 * variable up to its end. As DTrace checks alloca'd memory: running past the end of the
 * allocations is an invalid size fault (naming the size); before their start, through an
 * earlier clause's scratch pointer (its scratch space is gone, for reads too), past the end
 * of a variable, into kernel memory: each an invalid address fault at the destination.
 */
#pragma D option quiet

struct rec { int id; char name[12]; };
struct rec r;

BEGIN
{
	this->q = (char *)alloca(8);
	bcopy("abcdefghi", this->q, 9);
	printf("not reached\n");
}

BEGIN
{
	this->q = (char *)alloca(8);
	bcopy("abc", this->q - 1, 2);
	printf("not reached\n");
}

BEGIN
{
	p = (char *)alloca(8);
	bcopy("abcdefg", p, 8);
	printf("in scratch: %s\n", stringof(p));
}

BEGIN
{
	printf("read from an earlier clause: %s\n", stringof(p));
	printf("not reached\n");
}

BEGIN
{
	bcopy("xyz", p, 4);
	printf("not reached\n");
}

BEGIN
{
	copyinto(0, 13, r.name);
	printf("not reached\n");
}

BEGIN
{
	bcopy("abc", (char *)curthread, 3);
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("ERROR: fault %d in action %d at a %s address\n", arg4, arg3,
	    (uint64_t)arg5 >= 0x1000 ? "kernel" : "low");
}
