/*
 * strsize counts characters, as in DTrace: strsize=5 keeps "12345" and its NUL. With
 * -x rawbytes, trace() of a string dumps its whole buffer, strsize + 1 bytes, zeros after it
 * (printf() is not affected).
 */
#pragma D option quiet
#pragma D option strsize=5
#pragma D option rawbytes

BEGIN
{
	x = strjoin("123", "abcdefgh");
	printf("%s %s %s\n", x, lltostr(1234567), substr("abcdefgh", 1));
	trace(x);
	trace(strjoin("", "12"));
	exit(0);
}
