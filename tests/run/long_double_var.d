/*
 * A long double global may be declared (storage only, as in DTrace's tests that declare one
 * of every type); reading it is refused (errors/long_double_read).
 */
#pragma D option quiet

typedef long double new_long_double;
new_long_double ld;
long double ld2;

BEGIN
{
	printf("%d %d\n", sizeof(ld), sizeof(ld2));
	exit(0);
}
