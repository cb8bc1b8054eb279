/* A float is no integer and an integer no float, in DTrace's words. */
float f;

BEGIN
{
	printf("%d", f);
	printf("%f", 1);
}
