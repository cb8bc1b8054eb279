# SPDX-License-Identifier: GPL-2.0-only
# print(p) with printsize: the "..." of the first member past it goes at that member's indent,
# before the closing braces of the structs and unions that ended just before it, as Oracle's
# DTrace prints it (it closes a struct only on reaching a member outside it). A union ends
# before the "...", two nested structs do, and none does (the "..." inside a struct).
# Addresses differ from run to run: they are replaced by ADDR.
out=$("$DTRACE" -q -n '
struct in2 { int y; };
struct in1 { struct in2 c; int w; };
struct outer {
	int a;
	union {
		char c;
		long d;
	} u;
	struct in1 b;
	int z;
};

BEGIN
{
	t = (struct outer *)alloca(sizeof (struct outer));
	t->a = 1;
	t->u.d = 0x4142;
	t->b.c.y = 3;
	t->b.w = 4;
	t->z = 5;
	setopt("printsize", "16");
	print(t);
	setopt("printsize", "20");
	print(t);
	setopt("printsize", "24");
	print(t);
	exit(0);
}' 2>&1 | sed 's/0x[0-9a-f]*/ADDR/')
want="ADDR = *
                                            (struct outer) {
                                             .a = (int)1,
                                             .u = (union) {
                                              .c = (char)'B',
                                              .d = (long)16706,
                                             ...
                                             },
                                            }
ADDR = *
                                            (struct outer) {
                                             .a = (int)1,
                                             .u = (union) {
                                              .c = (char)'B',
                                              .d = (long)16706,
                                             },
                                             .b = (struct in1) {
                                              .c = (struct in2) {
                                               .y = (int)3,
                                              ...
                                              },
                                             },
                                            }
ADDR = *
                                            (struct outer) {
                                             .a = (int)1,
                                             .u = (union) {
                                              .c = (char)'B',
                                              .d = (long)16706,
                                             },
                                             .b = (struct in1) {
                                              .c = (struct in2) {
                                               .y = (int)3,
                                              },
                                              .w = (int)4,
                                             ...
                                             },
                                            }"
if [ "$out" != "$want" ]; then
	printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"
	exit 1
fi
