/*
 * alloca(): zeroed scratch memory for the rest of the clause, 8-byte aligned (alloca(0)
 * too); bcopy() into it from kernel memory and from other scratch memory; copyinto() into it
 * from user memory, and into D variables: an array variable, a member of a struct variable
 * and the address of one, up to the end of the variable. The trigger writes
 * "copyin-test-buffer", a NUL and bytes 1 to 5.
 */
#pragma D option quiet

struct rec { int id; char name[12]; };
struct rec r;
this char small[4];

syscall::write:entry
/pid == $target/
{
	this->a = (char *)alloca(3);
	this->b = (char *)alloca(5);
	this->z = (char *)alloca(0);
	this->n = 24;
	this->c = (char *)alloca(this->n);
	printf("offsets %d %d %d\n", this->b - this->a, this->z - this->b, this->c - this->z);
	printf("zeroed %d %d %d %d\n", this->a[0], this->a[2], this->b[4], this->c[23]);
	bcopy(curthread->comm, this->b, 4);
	copyinto(arg1, 24, this->c);
	bcopy(this->c + 7, this->a, 3);
	printf("[%s] [%s] [%s] %d\n", stringof(this->a), stringof(this->b), stringof(this->c),
	    this->c[23]);
	copyinto(arg1 + 7, 4, r.name);
	bcopy(this->c, &r.name[4], 6);
	copyinto(arg1 + 19, 4, &r.id);
	copyinto(arg1, 4, this->small);
	printf("[%s] %x %c%c\n", r.name, r.id, this->small[0], this->small[3]);
	exit(0);
}
