/*
 * A declared string variable compared with a literal before it is set (the comparison may
 * read strsize bytes past any constant string): a global is the empty string, a thread-local
 * DTrace's NULL string, which is neither "" nor printable (reading it faults).
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
	printf("%s %s [%s]\n", self->p == NULL ? "unset" : self->p == "" ? "empty" : "set",
	    g == "" ? "empty" : "set", self->p != NULL ? self->p : g);
	self->p = "y";
}
