/* stddev() keeps its sum of squares in 128 bits: values past 2^32 (and negative ones) too. */
#pragma D option quiet

syscall::getpid:entry
/pid == $target/
{
	@a = stddev(0x80000000);
	@a = stddev(0x100000000);
	@b = stddev(-3);
	@b = stddev(5);
	@c = stddev(3000000000);
	@c = stddev(-3000000000);
	@d = stddev(0x7fffffffffff);
	@d = stddev(-0x7fffffffffff);
	exit(0);
}
