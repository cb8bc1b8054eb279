/*
 * D's arithmetic as DTrace does it: no promotion to int, the wider type (the unsigned one at
 * equal width) is the result's, an unsigned result wraps at its width and a signed one keeps
 * its 64 bits until stored; % takes the sign of the quotient (19 % -5 is -4).
 */
unsigned char C;
signed char c;
unsigned short S;
int i;

BEGIN
{
	C = 254; c = 3;
	printf("%d %d\n", C + c, c + C);	/* unsigned char: 1 1 */
	C = 2; c = -3;
	printf("%d\n", C + c);			/* 255 */
	S = 65534; C = 253;
	printf("%d\n", S + C);			/* unsigned short: 251 */
	i = 25920;
	i = i - (i + (i * 3) + i) * i / i * i;	/* 64-bit until the store */
	printf("%d\n", i);
	x = 19; y = 5;
	printf("%d %d %d %d\n", x % y, x % -y, -x % y, -x % -y);
	printf("%d %d %d %d\n", x / y, x / -y, -x / y, -x / -y);
	exit(0);
}
