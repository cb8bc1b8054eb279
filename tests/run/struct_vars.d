/*
 * Global and clause-local variables of struct, union and array types: members and
 * elements read and written (=, op=, ++), strings into char arrays (cut at their length),
 * struct copies (declared and implicit variables), &member, print() of them, and a
 * run-time index out of bounds as a fault that stops only its clause.
 */
#pragma D option quiet

struct coords { int x, y; };
struct particle {
	struct coords position;
	struct coords velocity;
	char name[8];
	long hist[4];
};
struct particle p;
int arr[5];
this struct coords c;

syscall::getpid:entry
/pid == $target/
{
	p.position.x = 3;
	p.position.y = p.position.x * 2;
	p.position.y += 10;
	p.position.x++;
	p.name = "origin-long-name";
	p.hist[2] = 7;
	p.hist[2]++;
	arr[0] = 1;
	arr[4] = arr[0] + 41;
	this->i = 3;
	arr[this->i] = 9;
	this->c.x = 100;
	this->c.y = -5;
	p.velocity = this->c;
	q = p;		/* an implicit struct particle */
	printf("%d %d %s %d %d %d %d\n", p.position.x, p.position.y, p.name, p.hist[2],
	    arr[0], arr[4], arr[3]);
	printf("%d %d %d %d %d\n", q.velocity.x, q.velocity.y, sizeof (p), *&p.hist[2],
	    ((struct coords *)&q.velocity)->y);
	print(this->c);
	printf("\n");
}

syscall::getpid:entry
/pid == $target/
{
	this->i = 5;
	arr[this->i] = 1;
	printf("not reached\n");
}

syscall::getpid:entry
/pid == $target/
{
	printf("last clause %d\n", arr[4]);
	exit(0);
}
