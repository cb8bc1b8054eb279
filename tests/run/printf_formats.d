/* printf conversions with flags and widths, and integer arithmetic and comparisons. */
BEGIN
{
	printf("[%d] [%5d] [%-5d] [%05d] [%+d]\n", 42, 42, 42, 42, 42);
	printf("[%i] [%u] [%x] [%X] [%#x] [%o]\n", -7, 7, 255, 255, 255, 8);
	printf("[%s] [%10s] [%-10s] [%.2s]\n", "abc", "abc", "abc", "abc");
	printf("[%c%c%c] [%%]\n", 'D', 0x54, 'r');
	printf("%d %d %d %d %d\n", 7 / 2, -7 / 2, 7 % 3, -7 % 3, 1 << 10);
	printf("%d %d %d %d\n", 3 > 2, 2 > 3, -1 < 1, (1 ? 10 : 20));
	printf("%d %d %d\n", 0xffffffffU + 1 == 0, 1 && 0, 1 ^^ 0);
	printf("%d %d %d\n", ~0, !5, -(3 - 5));
	exit(0);
}
