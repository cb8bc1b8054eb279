/*
 * Actions are checked against DTrace's prototypes, in its words, before anything else is
 * said about them (even those Linux cannot run); void and aggregation arguments too.
 */
BEGIN
{
	@a = count();
	chill("x");
	panic(1);
	breakpoint(1, 2);
	copyout(0, 20);
	copyout("a", "b", 1);
	copyoutstr("a");
	stop(1);
	setopt(1);
	exit(exit(0));
	trace(trace(1));
	trace(@a);
	printf("%d", @a);
	printf("%d", printf(""));
	tracemem(1);
	tracemem(1, 2, 3, 4);
	tracemem(1, "s");
	tracemem(*curthread, 1);
	trace(substr("a", "b"));
	trace(progenyof("a"));
}
