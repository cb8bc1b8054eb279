/* An array assigned to a pointer is its first element's address, as in C and DTrace */
int a[3];
int *p;

BEGIN
{
	a[0] = 10; a[1] = 20; a[2] = 30;
	p = a;
	printf("%d %d %d\n", p[0], p[2], *(p + 1));
	exit(0);
}
