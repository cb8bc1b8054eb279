/* syscall entry probe with a $target predicate: the trigger calls getpid exactly 1000 times. */
syscall::getpid:entry
/pid == $target/
{
	@ = count();
}
