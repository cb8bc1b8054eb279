/*
 * Bit-fields of D variables (global, clause-local, thread-local, associative), written and
 * read back: a store keeps the bits around the field, truncates the value to the field and
 * is worth the field's new value; op= and ++ work on the field. The values are what C
 * (gcc) gives for the same statements.
 */
struct s {
	char c;
	unsigned long f : 40;
	int g : 7;
	short h : 11;
} x;

struct t {
	int a : 3;
	unsigned b : 5;
};

this struct s y;
self struct t z;
struct t arr[int];

BEGIN
{
	x.f = 0x123456789a;
	x.g = -3;
	x.h = 1000;
	x.c = 'A';
	x.g += 5;
	x.h++;
	++x.f;
	r = (x.g = 200);
	this->y.h = -1;
	this->y.g = 63;
	t = x.h--;
	printf("%c %x %d %d %d %d %d %d\n", x.c, x.f, x.g, x.h, r, t, this->y.h, this->y.g);

	self->z.b = 33;
	self->z.a = 3;
	arr[1].a = -4;
	arr[1].b += 7;
	arr[1].b++;
	printf("%d %d %d %d\n", self->z.a, self->z.b, arr[1].a, arr[1].b);
	exit(0);
}
