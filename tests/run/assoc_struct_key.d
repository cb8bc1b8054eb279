/*
 * Structs and unions as associative array keys, as in DTrace: a key is the struct's bytes,
 * so two structs with the same members name the same element. Keys are built from a real
 * syscall's process, and a thread-local array takes one too.
 */
#pragma D option quiet

struct who {
	int pid;
	char tag;
};
union u {
	int i;
	char c;
};

struct who w1, w2;
union u u1;

syscall::getpid:entry
/pid == $target/
{
	w1.pid = pid;
	w1.tag = 'a';
	w2.pid = pid;
	w2.tag = 'a';
	n[w1] = 1000;
	n[w2] += 1;
	w2.tag = 'b';
	n[w2] = 7;
	u1.i = 0x61;
	m[u1] = n[w1];
	self->seen[w1] = 1;
	printf("same %d other %d union %d self %d\n", n[w1], n[w2], m[u1], self->seen[w1]);
	exit(0);
}
