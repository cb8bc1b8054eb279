/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_verifier.c: reading the kernel verifier's log (dt_rt_verifier_insn, dt_load.c): the
 * instruction it rejected and its reason, from logs shaped as the kernel writes them.
 */
#include "runtime/dt_runtime.h"
#include "unit.h"

/* The reason dt_rt_verifier_insn found, as a string ("" for none), and the instruction. */
static long
insn(const char *log, char *reason, size_t n)
{
	const char *r;
	int len;
	long at = dt_rt_verifier_insn(log, &r, &len);

	snprintf(reason, n, "%.*s", r ? len : 0, r ? r : "");
	return at;
}

UNIT_TEST(verifier_last_insn)
{
	char r[128];

	UNIT_EQ_INT(insn("func#0 @0\n0: R1=ctx() R10=fp0\n0: (bf) r6 = r1\n"
			 "1: (b7) r0 = 0                       ; R0_w=0\n"
			 "2: (bf) r0 = r9\nR9 !read_ok\n"
			 "processed 3 insns (limit 1000000) max_states_per_insn 0\n", r, sizeof(r)),
		    2);
	UNIT_EQ_STR(r, "R9 !read_ok");
}

UNIT_TEST(verifier_subprogram_frames)
{
	char r[128];

	/* state lines ("N: R1=...") and branch lines are not instructions */
	UNIT_EQ_INT(insn("76: (79) r1 = *(u64 *)(r1 +8)\n"
			 "from 76 to 80: frame1: R1=2\n"
			 "77: (15) if r1 == 0x0 goto pc+53      ; frame1: R1=2\n"
			 "78: (bf) r0 = r9\n78: frame1: R0=1\nR9 !read_ok\n", r, sizeof(r)), 78);
	UNIT_EQ_STR(r, "R9 !read_ok");
}

UNIT_TEST(verifier_reason_after_blank)
{
	char r[128];

	UNIT_EQ_INT(insn("309: (15) if r0 == 0x2 goto pc+8      ; frame1: R0=scalar()\n"
			 "310: (15) if r1 == 0x2f goto pc+10\n\n"
			 "The sequence of 8193 jumps is too complex.\n"
			 "processed 30965 insns (limit 1000000)\n", r, sizeof(r)), 310);
	UNIT_EQ_STR(r, "The sequence of 8193 jumps is too complex.");
}

UNIT_TEST(verifier_no_insn)
{
	char r[128];

	/* checks before the walk name no instruction line */
	UNIT_EQ_INT(insn("unreachable insn 5\nprocessed 0 insns\n", r, sizeof(r)), -1);
	UNIT_EQ_STR(r, "");
	UNIT_EQ_INT(insn("", r, sizeof(r)), -1);
	/* a log cut after the instruction: no reason */
	UNIT_EQ_INT(insn("4: (85) call bpf_probe_write_user#36", r, sizeof(r)), 4);
	UNIT_EQ_STR(r, "");
}

UNIT_MAIN()
