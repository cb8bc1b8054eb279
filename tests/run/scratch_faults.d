/*
 * Faults of the memory subroutines stop only their clause: a bad user address (copyin,
 * copyinto), a bad kernel source (bcopy), a destination outside scratch space, more than is
 * left of scratchsize (at run time: sizes known while compiling are errors then). The
 * ERROR probe sees DTrace's fault codes: 1 invalid address, 5 out of scratch space.
 */
#pragma D option quiet
#pragma D option scratchsize=64

BEGIN
{
	this->p = copyin(16, 4);
	printf("not reached\n");
}

BEGIN
{
	this->n = 65;
	alloca(this->n);
	printf("not reached\n");
}

BEGIN
{
	this->n = 32;
	alloca(40);
	copyin(16, this->n);
	printf("not reached\n");
}

BEGIN
{
	this->p = alloca(60);
	this->q = alloca(0);
	printf("exactly full: %d\n", this->q - this->p);
}

BEGIN
{
	alloca(60);
	alloca(1);
	printf("not reached\n");
}

BEGIN
{
	copyinto(16, 4, alloca(4));
	printf("not reached\n");
}

BEGIN
{
	bcopy((void *)16, alloca(4), 4);
	printf("not reached\n");
}

BEGIN
{
	bcopy("abc", (char *)16, 3);
	printf("not reached\n");
}

BEGIN
{
	printf("copies of size 0: ");
	copyinto(16, 0, alloca(0));
	bcopy((void *)16, alloca(0), 0);
	printf("no fault\n");
	exit(0);
}

ERROR
{
	printf("ERROR: fault %d in action %d\n", arg4, arg3);
}
