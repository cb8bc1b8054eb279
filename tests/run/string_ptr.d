/*
 * A string through a string *: sizeof (string) (strsize) bytes of alloca'd scratch space,
 * stored and read as a string. And a char * where a subroutine wants a string, as DTrace
 * takes it: the text it points to (alloca'd here); a NULL one is an invalid address fault.
 */
#pragma D option quiet
#pragma D option strsize=32
#pragma D option scratchsize=128

syscall::getpid:entry
/pid == $target/
{
	x = (string *)alloca(sizeof (string) * 2);
	*x = "abc";
	x[1] = strjoin(*x, "/def");
	printf("%s %s %d %s %d %d\n", *x, x[1], strlen(x[1]), substr(x[1], 2), *x == "abc",
	    sizeof (string));
	c = (char *)alloca(8);
	c[0] = 'a';
	c[1] = '/';
	c[2] = 'b';
	c[3] = 0;
	printf("%s %s %d %s %s\n", basename(c), dirname(c), strlen(c), strjoin(c, c),
	    strchr(c, '/'));
}

syscall::getpid:entry
/pid == $target/
{
	x = (string *)alloca(sizeof (string));
	*x = "ab/cd";
	c = (char *)alloca(4);
	c[0] = '/';
	printf("%d %s %s\n", index(*x, c), strtok(*x, c), strtok(NULL, c));
}

syscall::getpid:entry
/pid == $target/
{
	this->p = (char *)0;
	trace(strlen(this->p));
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
}
