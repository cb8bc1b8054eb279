/*
 * No profile or tick probe fires more often than every 200us, as in DTrace: a faster one is
 * never created, so its description matches nothing (D_PDESC_ZERO). 200us itself is fine.
 */
profile-200us,
tick-5000hz
{
	exit(0);
}

profile-1000000
{
	exit(0);
}
