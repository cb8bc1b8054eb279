/* Nine keys fit DTrace's 8 tuple registers (its code generator takes one more than it has). */
BEGIN
{
	@nine[1, 2, 3, 4, 5, 6, 7, 8, 9] = count();
	a[1, 2, 3, 4, 5, 6, 7, 8, 9] = 3;
	printf("%d\n", a[1, 2, 3, 4, 5, 6, 7, 8, 9]);
	exit(0);
}
