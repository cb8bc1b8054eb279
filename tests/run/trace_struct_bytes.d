/*
 * trace() of a struct or union prints its bytes as a hex dump whatever they hold, as Oracle's
 * DTrace does: a one-byte struct holding '4' is not taken for a string.
 */
#pragma D option quiet

struct { int8_t x; } one;
union { char c[4]; int i; } u;

BEGIN
{
	one.x = 0x34;
	u.c[0] = 'a';
	u.c[1] = 'b';
	trace(one);
	trace(u);
	exit(0);
}
