/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_stapsdt.c: SDT argument specs as compilers write them (the shapes python3.11's and
 * libstdc++'s notes use, and the rest of GNU as's operand syntax), and DTrace's spelling of
 * note probe names. Reading whole files is tested by the run tests (tests/run/usdt_*).
 */
#include "common/dt_stapsdt.h"
#include "unit.h"

static dt_sdtarg_t
one(const char *s, int *n)
{
	dt_sdtarg_t a[DT_SDT_MAXARGS];
	const char *bad = NULL;

	memset(a, 0x55, sizeof(a));
	*n = dt_sdtargs_parse(s, a, DT_SDT_MAXARGS, &bad);
	return a[0];
}

UNIT_TEST(sdt_register)
{
	int n;
	dt_sdtarg_t a = one("-4@%eax", &n);

	UNIT_EQ_INT(n, 1);
	UNIT_EQ_INT(a.kind, DT_SDTARG_REG);
	UNIT_EQ_INT(a.size, 4);
	UNIT_TRUE(a.is_signed);
	UNIT_EQ_INT(a.reg, DT_SDTREG_AX);
	a = one("8@%r15", &n);
	UNIT_EQ_INT(a.reg, DT_SDTREG_R15);
	UNIT_EQ_INT(a.size, 8);
	UNIT_TRUE(!a.is_signed);
	a = one("%rdi", &n);	/* no size: 8 bytes */
	UNIT_EQ_INT(n, 1);
	UNIT_EQ_INT(a.reg, DT_SDTREG_DI);
	UNIT_EQ_INT(a.size, 8);
	a = one("1@%sil", &n);
	UNIT_EQ_INT(a.reg, DT_SDTREG_SI);
	UNIT_EQ_INT(a.shift, 0);
	a = one("-1@%ah", &n);
	UNIT_EQ_INT(a.reg, DT_SDTREG_AX);
	UNIT_EQ_INT(a.shift, 8);
	a = one("2@%r9w", &n);
	UNIT_EQ_INT(a.reg, DT_SDTREG_R9);
}

UNIT_TEST(sdt_memory)
{
	int n;
	dt_sdtarg_t a = one("8@-16(%rbp)", &n);

	UNIT_EQ_INT(n, 1);
	UNIT_EQ_INT(a.kind, DT_SDTARG_MEM);
	UNIT_EQ_INT(a.reg, DT_SDTREG_BP);
	UNIT_EQ_INT(a.index, DT_SDTREG_NONE);
	UNIT_EQ_INT(a.val, -16);
	a = one("-4@112(%rsp)", &n);
	UNIT_EQ_INT(a.reg, DT_SDTREG_SP);
	UNIT_EQ_INT(a.val, 112);
	UNIT_TRUE(a.is_signed);
	a = one("8@(%rax,%rdx,8)", &n);
	UNIT_EQ_INT(a.reg, DT_SDTREG_AX);
	UNIT_EQ_INT(a.index, DT_SDTREG_DX);
	UNIT_EQ_INT(a.scale, 8);
	UNIT_EQ_INT(a.val, 0);
	a = one("4@0x10(,%rcx,4)", &n);
	UNIT_EQ_INT(a.reg, DT_SDTREG_NONE);
	UNIT_EQ_INT(a.index, DT_SDTREG_CX);
	UNIT_EQ_INT(a.val, 16);
}

UNIT_TEST(sdt_immediate)
{
	int n;
	dt_sdtarg_t a = one("-4@$-1", &n);

	UNIT_EQ_INT(a.kind, DT_SDTARG_IMM);
	UNIT_EQ_INT(a.val, -1);
	a = one("4@$5", &n);
	UNIT_EQ_INT(a.val, 5);
}

UNIT_TEST(sdt_several)
{
	dt_sdtarg_t a[DT_SDT_MAXARGS];
	const char *bad = NULL;

	UNIT_EQ_INT(dt_sdtargs_parse("8@%rbp 8@%r12 -4@%eax", a, DT_SDT_MAXARGS, &bad), 3);
	UNIT_EQ_INT(a[1].reg, DT_SDTREG_R12);
	UNIT_EQ_INT(a[2].size, 4);
	UNIT_EQ_INT(dt_sdtargs_parse("", a, DT_SDT_MAXARGS, &bad), 0);
	UNIT_EQ_INT(dt_sdtargs_parse("  ", a, DT_SDT_MAXARGS, &bad), 0);
}

UNIT_TEST(sdt_refused)
{
	dt_sdtarg_t a[2];
	const char *bad = NULL;

	/* a symbol's address, an unknown register, a bad size, too many */
	UNIT_EQ_INT(dt_sdtargs_parse("8@%rax 8@counter(%rip)", a, 2, &bad), -1);
	UNIT_EQ_STR(bad, "8@counter(%rip)");
	UNIT_EQ_INT(dt_sdtargs_parse("8@%xmm0", a, 2, &bad), -1);
	UNIT_EQ_INT(dt_sdtargs_parse("3@%rax", a, 2, &bad), -1);
	UNIT_EQ_INT(dt_sdtargs_parse("%rax %rbx %rcx", a, 2, &bad), -1);
	UNIT_EQ_STR(bad, "%rcx");
	UNIT_EQ_INT(dt_sdtargs_parse("8@(%rax", a, 2, &bad), -1);
}

UNIT_TEST(sdt_names)
{
	dt_arena_t ar;

	dt_arena_init(&ar);
	UNIT_EQ_STR(dt_sdt_probe_name(&ar, "function__entry"), "function-entry");
	UNIT_EQ_STR(dt_sdt_probe_name(&ar, "import__find__load__start"),
		    "import-find-load-start");
	UNIT_EQ_STR(dt_sdt_probe_name(&ar, "gc_start"), "gc_start");
	UNIT_EQ_STR(dt_sdt_probe_name(&ar, "audit"), "audit");
	dt_arena_fini(&ar);
}

UNIT_MAIN()
