/*
 * A declared string variable compared with a literal before it is set: the empty string
 * (the comparison may read strsize bytes past any constant string).
 */
#pragma D option quiet
self string p;
string g;

syscall::getpid:entry
/pid == $target && self->p == "y" && g != "z"/
{
	printf("second\n");
}

syscall::getpid:entry
/pid == $target/
{
	printf("%s[%s]\n", self->p == "" ? "unset" : "set", self->p);
	self->p = "y";
}
