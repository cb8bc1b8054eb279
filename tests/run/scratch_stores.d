/*
 * Stores through pointers that D variables hold go into the clause's scratch space: =, op=,
 * ++ and -- of integers, members through ->, elements through p[i] (an index known only at
 * run time too), a string into a char array member, a struct copied whole, the pointer cast
 * first, the pointer in a thread-local variable. Anywhere else (an earlier clause's scratch
 * space, kernel memory, past what the clause allocated) is an invalid address fault that
 * stops only its clause.
 */
#pragma D option quiet

struct pt { int x; int y; char tag[8]; };

BEGIN
{
	this->p = (int *)alloca(4 * sizeof (int));
	*this->p = 7;
	this->p[1] = 40;
	this->p[1] += 2;
	this->i = 3;
	this->p[this->i] = -1;
	this->p[this->i]++;
	this->p[2]--;
	printf("%d %d %d %d\n", this->p[0], this->p[1], this->p[2], this->p[3]);
	this->s = (struct pt *)alloca(sizeof (struct pt));
	this->s->x = 1;
	this->s->y = this->s->x + 1;
	this->s->tag = "a-long-tag";
	this->t = (struct pt *)alloca(sizeof (struct pt));
	*this->t = *this->s;
	this->t->x = 5;
	self->q = alloca(8);
	*(long *)self->q = 0x1122334455667788;
	printf("%d %d %s %d %x\n", this->t->x, this->t->y, this->t->tag, this->s->x,
	    *(long *)self->q);
	self->q = 0;
	g = (char *)alloca(1);
}

BEGIN
{
	*g = 'x';
	printf("not reached\n");
}

BEGIN
{
	this->k = (int *)curthread;
	*this->k = 1;
	printf("not reached\n");
}

BEGIN
{
	this->c = (char *)alloca(4);
	this->c[3] = 'z';
	this->c[4] = 'z';
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("ERROR: fault %d in action %d\n", arg4, arg3);
}
