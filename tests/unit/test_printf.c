/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_printf.c: DTrace's printf language (src/common/dt_pfmt.c parses and checks,
 * src/consumer/dt_printf.c formats): every conversion, flag, width and precision form, and
 * every compile-time message with its tag.
 */
#include <stdlib.h>
#include <time.h>

#include "consumer/dt_consumer.h"
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

/* Format with up to three arguments; the result is static until the next call. */
static const char *
fmt3(const char *f, int n, dt_pfarg_t a, dt_pfarg_t b, dt_pfarg_t c)
{
	static dt_strbuf_t sb;
	dt_pfarg_t args[3] = { a, b, c };
	char *msg = NULL;
	dt_errtag_t tag;
	dt_pfmt_t *pf = dt_pfmt_parse(f, &msg, &tag);

	dt_sb_reset(&sb);
	if (!pf) {
		fprintf(stderr, "parse of \"%s\" failed: %s\n", f, msg);
		free(msg);
		return "(parse error)";
	}
	dt_pfmt_format(&sb, pf, args, n);
	dt_pfmt_free(pf);
	return dt_sb_str(&sb);
}

static const char *
fmt1(const char *f, dt_pfarg_t a)
{
	return fmt3(f, 1, a, a, a);
}

static const char *
fmt0(const char *f)
{
	dt_pfarg_t z = { 0 };

	return fmt3(f, 0, z, z, z);
}

UNIT_TEST(literal_text)
{
	UNIT_EQ_STR(fmt0("hello\n"), "hello\n");
	UNIT_EQ_STR(fmt0(""), "");
	UNIT_EQ_STR(fmt0("%%"), "%");
	UNIT_EQ_STR(fmt0("100%% sure\n"), "100% sure\n");
	UNIT_EQ_STR(fmt1("a%db", I(4, 7)), "a7b");
}

UNIT_TEST(signed_conversions_follow_c)
{
	UNIT_EQ_STR(fmt1("%d", I(4, -1)), "-1");
	UNIT_EQ_STR(fmt1("%d", I(4, 42)), "42");
	/* %d prints an unsigned argument as %u would; %i always casts to signed. */
	UNIT_EQ_STR(fmt1("%d", U(4, 0xffffffff)), "4294967295");
	UNIT_EQ_STR(fmt1("%i", U(4, 0xffffffff)), "-1");
	UNIT_EQ_STR(fmt1("%i", I(4, -5)), "-5");
	UNIT_EQ_STR(fmt1("%i", U(1, 255)), "-1");
	UNIT_EQ_STR(fmt1("%d", I(1, -1)), "-1");
	UNIT_EQ_STR(fmt1("%d", U(1, 255)), "255");
	UNIT_EQ_STR(fmt1("%d", I(2, -1)), "-1");
	UNIT_EQ_STR(fmt1("%d", I(8, INT64_MIN)), "-9223372036854775808");
	UNIT_EQ_STR(fmt1("%d", U(8, UINT64_MAX)), "18446744073709551615");
	UNIT_EQ_STR(fmt1("%i", U(8, UINT64_MAX)), "-1");
}

UNIT_TEST(unsigned_conversions_zero_extend_from_d_size)
{
	UNIT_EQ_STR(fmt1("%u", I(4, -1)), "4294967295");
	UNIT_EQ_STR(fmt1("%u", I(2, -1)), "65535");
	UNIT_EQ_STR(fmt1("%u", I(1, -1)), "255");
	UNIT_EQ_STR(fmt1("%u", I(8, -1)), "18446744073709551615");
	UNIT_EQ_STR(fmt1("%x", I(4, -1)), "ffffffff");
	UNIT_EQ_STR(fmt1("%x", I(8, -1)), "ffffffffffffffff");
	UNIT_EQ_STR(fmt1("%X", U(4, 0xbeef)), "BEEF");
	UNIT_EQ_STR(fmt1("%o", U(4, 8)), "10");
	UNIT_EQ_STR(fmt1("%#o", U(4, 8)), "010");
	UNIT_EQ_STR(fmt1("%#x", U(4, 255)), "0xff");
	UNIT_EQ_STR(fmt1("%#X", U(4, 255)), "0XFF");
	/* %p is DTrace's "x" on the value: no 0x unless asked for with #. */
	UNIT_EQ_STR(fmt1("%p", U(8, 0xffff8880deadbeefULL)), "ffff8880deadbeef");
	UNIT_EQ_STR(fmt1("%#p", U(8, 0x1234)), "0x1234");
}

UNIT_TEST(length_modifiers_are_ignored)
{
	UNIT_EQ_STR(fmt1("%ld", I(8, -3)), "-3");
	UNIT_EQ_STR(fmt1("%lld", I(8, -3)), "-3");
	UNIT_EQ_STR(fmt1("%hd", I(2, -3)), "-3");
	UNIT_EQ_STR(fmt1("%hhd", I(1, -3)), "-3");
	UNIT_EQ_STR(fmt1("%lx", U(8, 0xabc)), "abc");
	UNIT_EQ_STR(fmt1("%zu", U(8, 12)), "12");
	UNIT_EQ_STR(fmt1("%ju", U(8, 12)), "12");
	UNIT_EQ_STR(fmt1("%td", I(8, -12)), "-12");
	UNIT_EQ_STR(fmt1("%Lu", U(4, 1)), "1");
}

UNIT_TEST(flags_and_widths)
{
	UNIT_EQ_STR(fmt1("%5d|", I(4, 42)), "   42|");
	UNIT_EQ_STR(fmt1("%-5d|", I(4, 42)), "42   |");
	UNIT_EQ_STR(fmt1("%05d|", I(4, 42)), "00042|");
	UNIT_EQ_STR(fmt1("%05d|", I(4, -42)), "-0042|");
	UNIT_EQ_STR(fmt1("%+d", I(4, 42)), "+42");
	UNIT_EQ_STR(fmt1("% d", I(4, 42)), " 42");
	UNIT_EQ_STR(fmt1("%'d", I(4, 1234567)), "1234567");	/* C locale: no grouping */
	UNIT_EQ_STR(fmt1("%.3d", I(4, 7)), "007");
	UNIT_EQ_STR(fmt1("%8.3d|", I(4, 7)), "     007|");
	/* '-' after '0' wins; '0' after '-' wins (DTrace keeps the last of the two). */
	UNIT_EQ_STR(fmt1("%0-5d|", I(4, 42)), "42   |");
	UNIT_EQ_STR(fmt1("%-05d|", I(4, 42)), "00042|");
	UNIT_EQ_STR(fmt1("%?x|", U(8, 0xff)), "              ff|");
	UNIT_EQ_STR(fmt1("%20d|", I(8, INT64_MIN)), "-9223372036854775808|");
	UNIT_EQ_STR(fmt1("%x|%5X|%-6o|", U(4, 10)), "a|");	/* only one argument given */
}

UNIT_TEST(dynamic_width_and_precision)
{
	dt_pfarg_t z = { 0 };

	UNIT_EQ_STR(fmt3("%*d|", 2, I(4, 5), I(4, 42), z), "   42|");
	UNIT_EQ_STR(fmt3("%-*d|", 2, I(4, 5), I(4, 42), z), "42   |");
	/* A negative width from '*' left-aligns, as in C. */
	UNIT_EQ_STR(fmt3("%*d|", 2, I(4, -5), I(4, 42), z), "42   |");
	UNIT_EQ_STR(fmt3("%.*s|", 2, I(4, 2), S("hello"), z), "he|");
	UNIT_EQ_STR(fmt3("%*.*s|", 3, I(4, 6), I(4, 3), S("hello")), "   hel|");
	UNIT_EQ_STR(fmt3("%.*d|", 2, I(4, 4), I(4, 7), z), "0007|");
	/* A precision of zero or less is dropped. */
	UNIT_EQ_STR(fmt3("%.*s|", 2, I(4, 0), S("hello"), z), "hello|");
	UNIT_EQ_STR(fmt3("%.*s|", 2, I(8, -1), S("hello"), z), "hello|");
}

UNIT_TEST(strings_and_chars)
{
	UNIT_EQ_STR(fmt1("%s", S("hello")), "hello");
	UNIT_EQ_STR(fmt1("%10s|", S("hello")), "     hello|");
	UNIT_EQ_STR(fmt1("%-10s|", S("hello")), "hello     |");
	UNIT_EQ_STR(fmt1("%.3s|", S("hello")), "hel|");
	UNIT_EQ_STR(fmt1("%.0s|", S("hello")), "hello|");
	UNIT_EQ_STR(fmt1("[%s]", S("")), "[]");
	UNIT_EQ_STR(fmt1("%c", I(1, 'A')), "A");
	UNIT_EQ_STR(fmt1("%3c|", I(4, 'z')), "  z|");
	UNIT_EQ_STR(fmt1("%-3c|", I(4, 'z')), "z  |");
	UNIT_EQ_STR(fmt1("%S", S("a\nb\"c\\d\001e f\t")), "a\\nb\\\"c\\\\d\\001e f\\t");
	UNIT_EQ_STR(fmt1("%C", I(1, '\n')), "\\n");
	UNIT_EQ_STR(fmt1("%C", I(1, 'x')), "x");
}

UNIT_TEST(char_zero_is_a_byte)
{
	dt_strbuf_t sb = { 0 };
	dt_pfarg_t a = I(1, 0);
	char *msg;
	dt_errtag_t tag;
	dt_pfmt_t *pf = dt_pfmt_parse("<%c>", &msg, &tag);

	dt_pfmt_format(&sb, pf, &a, 1);
	UNIT_EQ_INT(sb.len, 3);
	UNIT_TRUE(sb.s && sb.s[0] == '<' && sb.s[1] == '\0' && sb.s[2] == '>');
	dt_pfmt_free(pf);
	dt_sb_free(&sb);
}

UNIT_TEST(time_conversions)
{
	setenv("TZ", "UTC", 1);
	tzset();
	UNIT_EQ_STR(fmt1("%Y", I(8, 1795411800LL * 1000000000LL + 123)), "2026 Nov 23 05:30:00");
	UNIT_EQ_STR(fmt1("%Y", I(8, 1793683800LL * 1000000000LL)), "2026 Nov  3 05:30:00");
	UNIT_EQ_STR(fmt1("[%-22Y]", I(8, 1795411800LL * 1000000000LL)),
		    "[2026 Nov 23 05:30:00  ]");
	UNIT_EQ_STR(fmt1("%T", I(8, 1795411800LL * 1000000000LL)),
		    "Mon, 23 Nov 2026 05:30:00 UTC");
}

UNIT_TEST(addresses_print_raw_hex)
{
	UNIT_EQ_STR(fmt1("%a", U(8, 0xffffffff81000000ULL)), "0xffffffff81000000");
	UNIT_EQ_STR(fmt1("%A", U(8, 0x401000)), "0x401000");
	UNIT_EQ_STR(fmt1("%k", U(8, 0x10)), "0x10");
	UNIT_EQ_STR(fmt1("%12a|", U(8, 0x10)), "        0x10|");
}

UNIT_TEST(several_conversions)
{
	UNIT_EQ_STR(fmt3("%s=%d (%x)\n", 3, S("pid"), I(4, 255), U(4, 255)), "pid=255 (ff)\n");
	UNIT_EQ_STR(fmt3("%d%%%s", 2, I(4, 50), S("!"), S("")), "50%!");
}

UNIT_TEST(nargs_counts_stars)
{
	char *msg;
	dt_errtag_t tag;
	dt_pfmt_t *pf = dt_pfmt_parse("%d %*.*s %% %-*x", &msg, &tag);

	UNIT_TRUE(pf != NULL);
	UNIT_EQ_INT(dt_pfmt_nargs(pf), 6);
	dt_pfmt_free(pf);
	pf = dt_pfmt_parse("no conversions\n", &msg, &tag);
	UNIT_EQ_INT(dt_pfmt_nargs(pf), 0);
	dt_pfmt_free(pf);
}

/* ---- errors --------------------------------------------------------------------------- */

static void
expect_parse_error(const char *f, const char *want)
{
	char *msg = NULL;
	dt_errtag_t tag = D_UNKNOWN;
	dt_pfmt_t *pf = dt_pfmt_parse(f, &msg, &tag);

	UNIT_TRUE(pf == NULL);
	UNIT_EQ_STR(msg, want);
	UNIT_EQ_STR(dt_errtag_name(tag), "D_SYNTAX");
	free(msg);
	dt_pfmt_free(pf);
}

UNIT_TEST(parse_errors)
{
	expect_parse_error("%q", "format conversion #1 is undefined: %q");
	expect_parse_error("%d %lq", "format conversion #2 is undefined: %lq");
	expect_parse_error("%d %", "format conversion #2 name expected before end of format string");
	expect_parse_error("%1$d", "format conversion #1 uses unsupported positional format (%n$)");
	expect_parse_error("%-%", "format conversion #1 cannot be combined with other format "
				  "flags: %%");
	expect_parse_error("%**d", "format conversion #1 has more than one '*' specified for the "
				   "output width");
	expect_parse_error("%.**d", "format conversion #1 has more than one '*' specified for the "
				   "output precision");
	expect_parse_error("%z", "format conversion #1 is undefined: %z");
	expect_parse_error("%%%.*.*d", "format conversion #2 has more than one '.' specified");
}

/* Run dt_pfmt_check; returns the message (static) and sets *tag and *argno. */
static const char *
check(const char *f, const dt_pftype_t *types, int n, dt_errtag_t *tag, int *argno)
{
	static char buf[1024];
	char *msg = NULL, *pmsg;
	dt_errtag_t ptag;
	dt_pfmt_t *pf = dt_pfmt_parse(f, &pmsg, &ptag);
	int rc;

	*tag = D_UNKNOWN;
	*argno = -2;
	if (!pf)
		return "(parse error)";
	rc = dt_pfmt_check(pf, "printf", types, n, &msg, tag, argno);
	dt_pfmt_free(pf);
	if (rc == 0)
		return "ok";
	snprintf(buf, sizeof(buf), "%s", msg ? msg : "(null)");
	free(msg);
	return buf;
}

static const dt_pftype_t T_INT = { DT_REC_INT, 4, true, false, "int" };
static const dt_pftype_t T_UINT = { DT_REC_INT, 4, false, false, "uint32_t" };
static const dt_pftype_t T_LONG = { DT_REC_INT, 8, true, false, "long" };
static const dt_pftype_t T_I64 = { DT_REC_INT, 8, true, false, "int64_t" };
static const dt_pftype_t T_CHAR = { DT_REC_INT, 1, true, false, "char" };
static const dt_pftype_t T_STR = { DT_REC_STRING, 256, false, false, "string" };
static const dt_pftype_t T_PTR = { DT_REC_INT, 8, false, true, "char *" };

UNIT_TEST(check_accepts_good_calls)
{
	dt_pftype_t a[4];
	dt_errtag_t tag;
	int argno;

	a[0] = T_INT;
	UNIT_EQ_STR(check("%d\n", a, 1, &tag, &argno), "ok");
	UNIT_EQ_STR(check("%u %x %X %o %i %c", (dt_pftype_t[]){ T_INT, T_UINT, T_LONG, T_CHAR,
								    T_INT, T_CHAR }, 6,
			  &tag, &argno), "ok");
	UNIT_EQ_STR(check("%s %S", (dt_pftype_t[]){ T_STR, T_STR }, 2, &tag, &argno), "ok");
	UNIT_EQ_STR(check("%p %p %a", (dt_pftype_t[]){ T_PTR, T_LONG, T_PTR }, 3, &tag, &argno),
		    "ok");
	UNIT_EQ_STR(check("%Y %T", (dt_pftype_t[]){ T_I64, T_LONG }, 2, &tag, &argno), "ok");
	UNIT_EQ_STR(check("%*.*s", (dt_pftype_t[]){ T_INT, T_CHAR, T_STR }, 3, &tag, &argno),
		    "ok");
	UNIT_EQ_STR(check("100%%\n", a, 0, &tag, &argno), "ok");
	UNIT_EQ_STR(check("%ld %hhx", (dt_pftype_t[]){ T_INT, T_LONG }, 2, &tag, &argno), "ok");
}

UNIT_TEST(check_wrong_type_matches_formats_md)
{
	dt_pftype_t a[1] = { T_INT };
	dt_errtag_t tag;
	int argno;

	/* FORMATS.md: dtrace -qn 'BEGIN { printf("%e", 1); }' */
	UNIT_EQ_STR(check("%e", a, 1, &tag, &argno),
		    "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %e\n"
		    "\t prototype: float, double, or long double\n"
		    "\t  argument: int");
	UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_ARG_TYPE");
	UNIT_EQ_INT(argno, 0);
	for (const char *f = "EfgG"; *f; f++) {
		char fmt[3] = { '%', *f, 0 };

		UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_ARG_TYPE");
		UNIT_TRUE(strstr(check(fmt, a, 1, &tag, &argno),
				 "prototype: float, double, or long double") != NULL);
	}
}

UNIT_TEST(check_wrong_type_prototypes)
{
	dt_errtag_t tag;
	int argno;

	UNIT_EQ_STR(check("%d %s", (dt_pftype_t[]){ T_INT, T_INT }, 2, &tag, &argno),
		    "printf( ) argument #3 is incompatible with conversion #2 prototype:\n"
		    "\tconversion: %s\n"
		    "\t prototype: char [] or string (or use stringof)\n"
		    "\t  argument: int");
	UNIT_EQ_INT(argno, 1);
	UNIT_EQ_STR(check("%d", (dt_pftype_t[]){ T_STR }, 1, &tag, &argno),
		    "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %d\n"
		    "\t prototype: char, short, int, long, or long long\n"
		    "\t  argument: string");
	UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_ARG_TYPE");
	UNIT_EQ_STR(check("%lx", (dt_pftype_t[]){ T_PTR }, 1, &tag, &argno),
		    "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %lx\n"
		    "\t prototype: char, short, int, long, or long long\n"
		    "\t  argument: char *");
	UNIT_EQ_STR(check("%c", (dt_pftype_t[]){ T_LONG }, 1, &tag, &argno),
		    "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %c\n"
		    "\t prototype: char, short, or int\n"
		    "\t  argument: long");
	UNIT_EQ_STR(check("%%%Y", (dt_pftype_t[]){ T_INT }, 1, &tag, &argno),
		    "printf( ) argument #2 is incompatible with conversion #2 prototype:\n"
		    "\tconversion: %Y\n"
		    "\t prototype: int64_t\n"
		    "\t  argument: int");
	UNIT_EQ_STR(check("%p", (dt_pftype_t[]){ T_STR }, 1, &tag, &argno),
		    "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %p\n"
		    "\t prototype: pointer or integer\n"
		    "\t  argument: string");
}

UNIT_TEST(check_missing_and_extra_arguments)
{
	dt_errtag_t tag;
	int argno;

	UNIT_EQ_STR(check("%d %d", (dt_pftype_t[]){ T_INT }, 1, &tag, &argno),
		    "printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding "
		    "value argument");
	UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_ARG_PROTO");
	UNIT_EQ_INT(argno, -1);
	UNIT_EQ_STR(check("%d\n", (dt_pftype_t[]){ T_INT, T_INT, T_STR }, 3, &tag, &argno),
		    "printf( ) prototype mismatch: only 1 arguments required by this format "
		    "string");
	UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_ARG_EXTRA");
	UNIT_EQ_INT(argno, 1);
	UNIT_EQ_STR(check("hello\n", (dt_pftype_t[]){ T_INT }, 1, &tag, &argno),
		    "printf( ) prototype mismatch: only 0 arguments required by this format "
		    "string");
	UNIT_EQ_STR(check("%*d", (dt_pftype_t[]){ T_INT }, 1, &tag, &argno),
		    "printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding "
		    "value argument");
	UNIT_EQ_STR(check("%*d", (dt_pftype_t[]){ T_INT }, 0, &tag, &argno),
		    "printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding "
		    "\"*\" argument");
	UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_DYN_PROTO");
	UNIT_EQ_STR(check("%*.*s", (dt_pftype_t[]){ T_INT }, 1, &tag, &argno),
		    "printf( ) prototype mismatch: conversion #1 (%s) is missing a corresponding "
		    "\".*\" argument");
}

UNIT_TEST(check_star_argument_type)
{
	dt_errtag_t tag;
	int argno;

	UNIT_EQ_STR(check("%*d", (dt_pftype_t[]){ T_STR, T_INT }, 2, &tag, &argno),
		    "printf( ) argument #2 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: % * d\n"
		    "\t prototype: int\n"
		    "\t  argument: string");
	UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_DYN_TYPE");
	UNIT_EQ_INT(argno, 0);
	UNIT_EQ_STR(check("%d%.*s", (dt_pftype_t[]){ T_INT, T_STR, T_STR }, 3, &tag, &argno),
		    "printf( ) argument #3 is incompatible with conversion #2 prototype:\n"
		    "\tconversion: % .* s\n"
		    "\t prototype: int\n"
		    "\t  argument: string");
	UNIT_EQ_INT(argno, 1);
}

UNIT_TEST(check_empty_format)
{
	dt_errtag_t tag;
	int argno;

	UNIT_EQ_STR(check("", NULL, 0, &tag, &argno), "printf( ) format string is empty");
	UNIT_EQ_STR(dt_errtag_name(tag), "D_PRINTF_FMT_EMPTY");
}

UNIT_MAIN()
