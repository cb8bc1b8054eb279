/* Constant folding keeps C's integer rules. */
BEGIN
{
	printf("%d %d %d %d %d %d\n", -7 / 2, ~0, -(-3), 1 + 2 * 3, 7 % -3, 0xffffffffU + 1);
	exit(0);
}
