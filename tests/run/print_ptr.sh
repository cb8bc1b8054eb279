# SPDX-License-Identifier: GPL-2.0-only
# print(p) of a pointer to a struct or union prints p, then the object member by member as
# Oracle's DTrace does: "(type)value", members that are all zero left out, a char array up to
# its NUL, an anonymous union's members as its parent's. A D struct in scratch space and the
# kernel's (the current task's credentials: root's uid is 0, so only its address shows).
# With printsize (set as the trace runs), the members from that offset on are "...".
# Addresses differ from run to run: they are replaced by ADDR.
out=$("$DTRACE" -q -n '
enum eh { FIRSTVAL = 0, SECONDVAL = 1 };
struct test_struct {
	int a;
	char b[5];
	union {
		__u8 c;
		__u64 d;
	} u;
	struct {
		void *e;
		uint64_t f;
	} s;
	bool g;
	enum eh h;
};

BEGIN
{
	t = (struct test_struct *)alloca(sizeof (struct test_struct));
	t->a = 1;
	t->b[0] = (char)0x68;
	t->b[1] = (char)0x69;
	t->u.d = 0x101;
	t->g = 1;
	t->h = SECONDVAL;
	print(t);
	setopt("printsize", "8");
	print(t);
	setopt("printsize", "0");
	print(&curthread->cred->uid);
	print(curthread->cred);
	exit(0);
}' 2>&1 | sed 's/0x[0-9a-f]*/ADDR/' | head -25)
want="ADDR = *
                                            (struct test_struct) {
                                             .a = (int)1,
                                             .b = (char [5]) [
                                              (char)'h',
                                              (char)'i',
                                             ],
                                             .u = (union) {
                                              .c = (__u8)1,
                                              .d = (__u64)257,
                                             },
                                             .g = (bool)1,
                                             .h = (enum eh)SECONDVAL,
                                            }
ADDR = *
                                            (struct test_struct) {
                                             .a = (int)1,
                                             .b = (char [5]) [
                                              (char)'h',
                                              (char)'i',
                                             ],
                                             ...
                                            }
ADDR = *
                                            (kuid_t) {"
if [ "$out" != "$want" ]; then
	printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"
	exit 1
fi
