/*
 * At most 9 keys in an aggregation or associative array, declared or used, as in DTrace: its
 * 8 tuple registers (-x tregs) hold one key fewer than its code generator takes; its message
 * names no line, the caret shows the first key too many. At most 64 arguments to printf():
 * the consumer decodes them into an array of that size.
 */
int d[int, int, int, int, int, int, int, int, int, int];

BEGIN
{
	@a[0, 1, 2, 3, 4, 5, 6, 7, 8, 9] = count();
	a[0, 1, 2, 3, 4, 5, 6, 7, 8, 9] = 1;
	printf("%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d%d", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64);
	exit(0);
}
