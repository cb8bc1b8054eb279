/* printf() conversions: integers, strings, widths, flags and a literal percent. */
BEGIN
{
	printf("%d %s %x\n", 42, "hello", 255);
	printf("[%5d] [%-5d] [%05d]\n", 7, 7, 7);
	printf("%u %i %o %X %%\n", 10, -3, 8, 255);
	printf("[%10s] [%-10s]\n", "right", "left");
	printf("%c%c\n", 'o', 'k');
	exit(0);
}
