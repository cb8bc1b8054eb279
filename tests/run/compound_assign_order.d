/*
 * x op= e reads x before e runs, as DTrace does: i += i++ adds to the value i had. The same
 * for every kind of variable and for D memory, and a key is computed once.
 */
int x[4];

BEGIN
{
	i = 4;
	i += i++ + --i + ++i - ++i * i;
	printf("%d\n", i);			/* 4 + (4 + 4 + 5 - 6 * 6) = -19 */
	i -= i++ * 3;
	printf("%d\n", i);			/* -19 - -57 = 38 */
	a[1] = 5;
	k = 0;
	a[++k] += a[1]++;
	printf("%d %d\n", a[1], k);		/* 5 + 5, the key once */
	self->s = 3;
	self->s *= self->s++;
	this->t = 7;
	this->t -= this->t--;
	x[1] = 2;
	x[1] <<= x[1]++;
	printf("%d %d %d\n", self->s, this->t, x[1]);	/* 9 0 8 */
	exit(0);
}
