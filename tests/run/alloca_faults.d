/*
 * Run-time faults as DTrace reports them: a copy longer than its alloca'd destination or
 * source, or of a negative size, is an invalid size (the size); an index past a D array's
 * declared size is an index out of bounds (the index); a load through an alloca'd pointer
 * must stay inside what this clause allocated: before it, past it, or an earlier clause's
 * allocation (gone at the end of its clause) is an invalid address.
 */
#pragma D option quiet

int a[5];

BEGIN
{
	d = alloca(20);
	s = alloca(10);
	bcopy(s, d, 20);
	printf("not reached\n");
}

BEGIN
{
	bcopy("abc", alloca(1), -1);
	printf("not reached\n");
}

BEGIN
{
	i = 8;
	a[i] = 1;
	printf("not reached\n");
}

BEGIN
{
	p = (char *)alloca(15);
	p[0] = 'a';
	p[14] = 'z';
	printf("inside: %c %c %d\n", p[0], p[14], p[7]);
}

BEGIN
{
	p = (char *)alloca(15);
	trace(p[-1]);
	printf("not reached\n");
}

BEGIN
{
	p = (char *)alloca(15);
	trace(p[16]);
	printf("not reached\n");
}

BEGIN
{
	q = (int *)alloca(10);
	trace(q[-1]);
	printf("not reached\n");
}

BEGIN
{
	trace(*p);
	printf("not reached\n");
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("fault %d", arg4);
	printf("%s\n", arg4 == 1 ? "" : lltostr(arg5, 10) == "-1" ? " -1" :
	    strjoin(" ", lltostr(arg5, 10)));
}
