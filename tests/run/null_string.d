/*
 * DTrace's NULL string (the address 0) in every kind of variable: a global, a clause-local,
 * a thread-local and an associative array's element hold it when assigned NULL (or what a
 * string subroutine that finds nothing returns), and a dynamic one never assigned reads as
 * it. It is not "", it is below every other string, and a "" stored after it is "" again.
 * Reading it (an index, a copy, a subroutine's argument, a key) is an invalid address fault
 * at 0: ERROR reports it and the rest of that clause does not run.
 */
#pragma D option quiet

string g;
self string unset;

syscall::getpid:entry
/pid == $target/
{
	g = NULL;
	this->l = "z";
	this->l = NULL;
	self->t = "x";
	self->t = NULL;
	a[1] = "y";
	a[1] = NULL;
	printf("null: %d %d %d %d %d\n", g == NULL, this->l == NULL, self->t == NULL,
	    a[1] == NULL, a[2] == NULL);
	printf("below: %d %d %d %d %d\n", g != "", this->l < "", "" > self->t, a[1] < "a",
	    g == this->l);
	g = "";
	this->l = g;
	printf("empty: %d %d %d %d\n", g == "", g != NULL, this->l == "", this->l != NULL);
	g = strstr("abc", "x");
	self->t = strchr("abc", 'x');
	printf("none: %d %d %d %d\n", g == NULL, self->t == NULL, strrchr("abc", 'x') == NULL,
	    strtok("//", "/") == NULL);
	g = strstr("abc", "b");
	printf("found: %s %s\n", g, (this->l = strtok("a/b", "/")) != NULL ? this->l : "none");
}

syscall::getpid:entry
/pid == $target/
{
	g = NULL;
	printf("%c\n", g[1]);
	printf("not reached\n");
}

syscall::getpid:entry
/pid == $target/
{
	this->l = NULL;
	trace(this->l);
}

syscall::getpid:entry
/pid == $target/
{
	trace(strlen(self->unset));
}

syscall::getpid:entry
/pid == $target/
{
	@[a[3]] = count();
}

syscall::getpid:entry
/pid == $target/
{
	trace(strtok(strstr("abc", "d"), ""));
}

ERROR
{
	printf("fault %d at %d\n", arg4, arg5);
}
