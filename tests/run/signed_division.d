/*
 * Signed / and % without BPF's sdiv/smod (kernels before 6.6 refuse them): C's truncation toward
 * zero, the remainder with the quotient's sign as DTrace gives it (7 % -2 is -1, -7 % -2 is 1;
 * C's would be 1 and -1), INT64_MIN / -1, int operands.
 */
#pragma D option quiet
BEGIN {
	a = -7; b = 2; c = 7; d = -2; m = -9223372036854775807 - 1; e = -1;
	printf("%d %d %d %d\n", a / b, a % b, c / d, c % d);
	printf("%d %d %d %d\n", a / d, a % d, c / b, c % b);
	printf("%d %d\n", m / e, m % e);
	x = (int)-100; y = (int)7;
	printf("%d %d\n", x / y, x % y);
	exit(0);
}
