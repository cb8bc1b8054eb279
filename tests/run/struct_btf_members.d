/*
 * A struct's members may have the kernel's type names (bool, __u8, __u64: BTF's typedefs),
 * as in DTrace; and "e1, e2;" (the comma operator, its value dropped) runs both.
 */
#pragma D option quiet

struct test_struct {
	int a;
	union {
		__u8 c;
		__u64 d;
	} u;
	bool g;
};
struct test_struct t;

BEGIN
{
	t.a = 1, t.u.d = 0x1234;
	t.g = 1;
	printf("%d %d %d %x %d\n", sizeof(t), offsetof(struct test_struct, g), t.a, t.u.c, t.g);
	exit(0);
}
