/*
 * An inline of a struct or union type stands for the object it names: its members are read
 * where that object is (a D variable, or kernel memory through a pointer).
 */
#pragma D option quiet

struct record {
	char c;
	int i;
};
struct record rec1;
inline struct record rec2 = rec1;
union var {
	char c;
	int i;
};
union var un1;
inline union var un2 = un1;
inline struct task_struct me = *curthread;

BEGIN
{
	rec1.c = 'c';
	rec1.i = 10;
	un1.c = 'd';
	printf("%c %d %c %d\n", rec2.c, rec2.i, un2.c, me.pid == pid);
	exit(0);
}
