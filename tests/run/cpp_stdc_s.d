/* -x stdc=s runs cpp as K&R C: __STDC__ is not defined (it is by default, ISO C). */
BEGIN
{
#ifdef __STDC__
	printf("stdc\n");
#else
	printf("k&r\n");
#endif
	exit(0);
}
