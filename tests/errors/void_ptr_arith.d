/* DTrace refuses arithmetic on void * (a byte count needs a char *) */
void *p;

BEGIN
{
	trace(p + 1);
}
