/* Global, clause-local, thread-local and associative variables; assignment operators, ++/--, if/else. */
int total;
BEGIN
{
	x = 5;
	x += 10;
	x++;
	++x;
	s = "hello";
	this->t = 7;
	self->y = 3;
	self->y *= 2;
	a[1, "k"] = 42;
	a[2, "k"]++;
	total = x + this->t;
	printf("%d %s %d %d %d %d %d %d\n", x, s, this->t, self->y, a[1, "k"], a[2, "k"], a[3, "z"], total);
	if (x > 10) {
		printf("big\n");
	} else {
		printf("small\n");
	}
	if (x < 10)
		printf("never\n");
	y = x++ + 100;
	printf("%d %d\n", y, x);
	self->y = 0;
	printf("%d\n", self->y);
	exit(0);
}
