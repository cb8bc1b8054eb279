/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_format.c: the default record line and trace() (src/consumer/dt_format.c), against the
 * bytes in FORMATS.md.
 */
#include "consumer/dt_consumer.h"
#include "providers/dt_provider.h"
#include "unit.h"

static dt_pfarg_t
I(uint32_t size, int64_t v)
{
	return (dt_pfarg_t){ .kind = DT_REC_INT, .ival = (uint64_t)v, .size = size,
			     .is_signed = true };
}

static dt_pfarg_t
U(uint32_t size, uint64_t v)
{
	return (dt_pfarg_t){ .kind = DT_REC_INT, .ival = v, .size = size, .is_signed = false };
}

static dt_pfarg_t
S(const char *s)
{
	return (dt_pfarg_t){ .kind = DT_REC_STRING, .str = s };
}

static const char *
trace1(dt_pfarg_t a, bool quiet)
{
	static dt_strbuf_t sb;

	dt_sb_reset(&sb);
	dt_fmt_trace(&sb, &a, quiet);
	return dt_sb_str(&sb);
}

UNIT_TEST(header)
{
	dt_strbuf_t sb = { 0 };

	dt_fmt_header(&sb);
	UNIT_EQ_STR(dt_sb_str(&sb), "CPU     ID                    FUNCTION:NAME\n");
	dt_sb_free(&sb);
}

UNIT_TEST(probe_prefix)
{
	dt_strbuf_t sb = { 0 };

	dt_fmt_probe_prefix(&sb, 0, 1, "", "BEGIN");
	UNIT_EQ_STR(dt_sb_str(&sb), "  0      1                           :BEGIN ");
	dt_sb_reset(&sb);
	dt_fmt_probe_prefix(&sb, 12, 3362, "getpid", "entry");
	UNIT_EQ_STR(dt_sb_str(&sb), " 12   3362 " "                    " "getpid:entry ");
	dt_sb_reset(&sb);
	/* Longer than the column: printed whole, as %32s does. */
	dt_fmt_probe_prefix(&sb, 1, 123456, "a_very_long_kernel_function_name", "return");
	UNIT_EQ_STR(dt_sb_str(&sb), "  1 123456 a_very_long_kernel_function_name:return ");
	dt_sb_free(&sb);
}

/* FORMATS.md: dtrace -n 'BEGIN { trace(42); trace(-1); trace("str"); exit(0); }' */
UNIT_TEST(trace_line_matches_formats_md)
{
	dt_strbuf_t sb = { 0 };
	dt_pfarg_t a = I(4, 42), b = I(4, -1), c = S("str");

	dt_fmt_header(&sb);
	dt_fmt_probe_prefix(&sb, 0, 1, "", "BEGIN");
	dt_fmt_trace(&sb, &a, false);
	dt_fmt_trace(&sb, &b, false);
	dt_fmt_trace(&sb, &c, false);
	dt_sb_putc(&sb, '\n');
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "CPU     ID                    FUNCTION:NAME\n"
		    "  0      1                           :BEGIN          42         -1  str"
		    "                              \n");
	dt_sb_free(&sb);
}

UNIT_TEST(trace_signed_widths)
{
	UNIT_EQ_STR(trace1(I(1, -1), false), "  -1");
	UNIT_EQ_STR(trace1(I(1, 127), false), " 127");
	UNIT_EQ_STR(trace1(I(2, -1), false), "    -1");
	UNIT_EQ_STR(trace1(I(2, -32768), false), " -32768");
	UNIT_EQ_STR(trace1(I(4, 42), false), "         42");
	UNIT_EQ_STR(trace1(I(4, INT32_MIN), false), " -2147483648");
	UNIT_EQ_STR(trace1(I(8, 42), false), "                  42");
	UNIT_EQ_STR(trace1(I(8, INT64_MIN), false), " -9223372036854775808");
}

UNIT_TEST(trace_unsigned_widths)
{
	UNIT_EQ_STR(trace1(U(1, 255), false), " 255");
	UNIT_EQ_STR(trace1(U(2, 65535), false), " 65535");
	UNIT_EQ_STR(trace1(U(4, 0xffffffff), false), " 4294967295");
	UNIT_EQ_STR(trace1(U(8, 1), false), "                    1");
	UNIT_EQ_STR(trace1(U(8, UINT64_MAX), false), " 18446744073709551615");
	/* The value is narrowed to its D size even if the slot holds more. */
	UNIT_EQ_STR(trace1(U(1, 0x1ff), false), " 255");
	UNIT_EQ_STR(trace1(I(1, 0xff), false), "  -1");
}

UNIT_TEST(trace_strings)
{
	UNIT_EQ_STR(trace1(S("str"), false), "  str                              ");
	UNIT_EQ_STR(trace1(S(""), false), "                                   ");
	UNIT_EQ_STR(trace1(S("a string longer than thirty-three chars"), false),
		    "  a string longer than thirty-three chars");
}

UNIT_TEST(trace_quiet)
{
	UNIT_EQ_STR(trace1(I(4, 42), true), "42");
	UNIT_EQ_STR(trace1(I(4, -1), true), "-1");
	UNIT_EQ_STR(trace1(I(1, -1), true), "-1");
	UNIT_EQ_STR(trace1(U(1, 255), true), "255");
	UNIT_EQ_STR(trace1(I(8, INT64_MIN), true), "-9223372036854775808");
	UNIT_EQ_STR(trace1(U(8, UINT64_MAX), true), "18446744073709551615");
	UNIT_EQ_STR(trace1(S("str"), true), "str");
}

/* flowindent: which probes indent, by name and by their neighbours (DTrace's heuristic). */
UNIT_TEST(flow_kind)
{
	UNIT_EQ_INT(dt_prov_flow("entry"), DT_PRF_ENTRY);
	UNIT_EQ_INT(dt_prov_flow("return"), DT_PRF_RETURN);
	UNIT_EQ_INT(dt_prov_flow("method-entry"), DT_PRF_ENTRY);
	UNIT_EQ_INT(dt_prov_flow("function-return"), DT_PRF_RETURN);
	UNIT_EQ_INT(dt_prov_flow("gentry"), 0);
	UNIT_EQ_INT(dt_prov_flow("carpentry"), 0);
	UNIT_EQ_INT(dt_prov_flow("entry-x"), 0);
	UNIT_EQ_INT(dt_prov_flow("BEGIN"), 0);
	UNIT_EQ_INT(dt_prov_flow("tick-1s"), 0);
	UNIT_EQ_INT(dt_prov_flow(""), 0);
	UNIT_EQ_INT(dt_flow_of(DT_PRF_ENTRY | DT_PRF_BOUNDARY), DT_FLOW_ENTRY);
	UNIT_EQ_INT(dt_flow_of(DT_PRF_RETURN), DT_FLOW_RETURN);
	UNIT_EQ_INT(dt_flow_of(DT_PRF_BEGIN), DT_FLOW_NONE);
	/* the first of several clauses' records indents, the last unindents */
	UNIT_EQ_INT(dt_flow_decide(DT_FLOW_ENTRY, false, true), DT_FLOW_ENTRY);
	UNIT_EQ_INT(dt_flow_decide(DT_FLOW_ENTRY, true, false), DT_FLOW_NONE);
	UNIT_EQ_INT(dt_flow_decide(DT_FLOW_RETURN, true, false), DT_FLOW_RETURN);
	UNIT_EQ_INT(dt_flow_decide(DT_FLOW_RETURN, false, true), DT_FLOW_NONE);
	UNIT_EQ_INT(dt_flow_decide(DT_FLOW_NONE, false, false), DT_FLOW_NONE);
}

/* The bytes of DTrace's -F output: "%3d %-41s ", two spaces a level, syscalls with => <=. */
UNIT_TEST(flow_prefix)
{
	static const struct {
		int cpu, indent_before;
		dt_flow_t flow;
		bool sys;
		const char *func, *name, *want;
		int indent_after;
	} t[] = {
		{0, 0, DT_FLOW_NONE, false, "", "BEGIN",
		 "  0 | :BEGIN                                  ", 0},
		{1, 0, DT_FLOW_ENTRY, true, "read", "entry",
		 "  1  => read                                  ", 2},
		{1, 2, DT_FLOW_ENTRY, false, "__x64_sys_read", "entry",
		 "  1    -> __x64_sys_read                      ", 4},
		{1, 4, DT_FLOW_NONE, false, "", "tick-1s",
		 "  1     | :tick-1s                            ", 4},
		{1, 4, DT_FLOW_RETURN, false, "__x64_sys_read", "return",
		 "  1    <- __x64_sys_read                      ", 2},
		{12, 2, DT_FLOW_RETURN, true, "read", "return",
		 " 12  <= read                                  ", 0},
		/* a return at depth 0 stays at 0 */
		{0, 0, DT_FLOW_RETURN, true, "openat", "return",
		 "  0  <= openat                                ", 0},
		/* wider than the column: printed whole */
		{0, 40, DT_FLOW_ENTRY, false, "f", "entry",
		 "  0                                          -> f ", 42},
	};
	dt_strbuf_t sb = { 0 };

	dt_fmt_flow_header(&sb);
	UNIT_EQ_STR(dt_sb_str(&sb), "CPU FUNCTION                                 \n");
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		int indent = t[i].indent_before;

		dt_sb_reset(&sb);
		dt_fmt_flow_prefix(&sb, t[i].cpu, &indent, t[i].flow, t[i].sys, t[i].func,
				   t[i].name);
		UNIT_EQ_STR(dt_sb_str(&sb), t[i].want);
		UNIT_EQ_INT(indent, t[i].indent_after);
	}
	dt_sb_free(&sb);
}

UNIT_MAIN()
