/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_opts.c: the -x options table (src/runtime/dt_options.c): defaults, how each kind reads
 * its value, the limits, and the sizes DTrace lowers with a warning.
 */
#include "runtime/dt_runtime.h"
#include "unit.h"

/* dt_opt_set's result: "ok" or its reason. */
static const char *
set(dt_handle_t *dtp, const char *name, const char *value)
{
	const char *why = NULL;

	return dt_opt_set(dtp, name, value, &why) == 0 ? "ok" : why;
}

#define BADVAL "Invalid value for specified option"

UNIT_TEST(opt_defaults)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_options_t *o = &dtp->opts;

	UNIT_EQ_INT(o->bufsize, 4 << 20);
	UNIT_EQ_INT(o->aggsize, 4 << 20);
	UNIT_EQ_INT(o->dynvarsize, 1 << 20);
	UNIT_EQ_INT(o->specsize, 64 << 10);
	UNIT_EQ_INT(o->strsize, 256);
	UNIT_EQ_INT(o->scratchsize, 256);
	UNIT_EQ_INT(o->switchrate_ns, 1000000000);
	UNIT_EQ_INT(o->aggrate_ns, 1000000000);
	UNIT_EQ_INT(o->statusrate_ns, 0);	/* at once (DTrace: 1s) */
	UNIT_EQ_INT(o->nspec, 1);
	UNIT_EQ_INT(o->stackframes, 20);
	UNIT_EQ_INT(o->ustackframes, 20);
	UNIT_EQ_INT(o->jstackframes, 50);
	UNIT_EQ_INT(o->bufpolicy, DT_BUFPOLICY_SWITCH);
	UNIT_TRUE(!o->quiet && !o->flowindent && o->tree == 0);
	dt_handle_free(dtp);
}

UNIT_TEST(opt_sizes)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_options_t *o = &dtp->opts;

	UNIT_EQ_STR(set(dtp, "bufsize", "64"), "ok");
	UNIT_EQ_INT(o->bufsize, 64);
	UNIT_EQ_STR(set(dtp, "bufsize", "8k"), "ok");
	UNIT_EQ_INT(o->bufsize, 8192);
	UNIT_EQ_STR(set(dtp, "bufsize", "2M"), "ok");
	UNIT_EQ_INT(o->bufsize, 2 << 20);
	UNIT_EQ_STR(set(dtp, "bufsize", "0x1000"), "ok");
	UNIT_EQ_INT(o->bufsize, 4096);
	UNIT_EQ_STR(set(dtp, "aggsize", "1g"), "ok");
	UNIT_EQ_INT(o->aggsize, 1 << 30);
	/* negative, empty, signs, blanks, bad or doubled suffixes, overflow: refused */
	UNIT_EQ_STR(set(dtp, "bufsize", "-1"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "-5"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "+5"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", " 5"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", ""), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", NULL), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "4x"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "4kk"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "lots"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "0"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "99999999999999999999"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufsize", "16777216t"), BADVAL);	/* 2^64: overflows */
	UNIT_EQ_INT(o->bufsize, 4096);				/* unchanged by any of them */
	/* above the maximum: lowered to it (with DTrace's warning), as DTrace does */
	UNIT_EQ_STR(set(dtp, "bufsize", "16g"), "ok");
	UNIT_EQ_INT(o->bufsize, 1 << 30);
	UNIT_EQ_STR(set(dtp, "dynvarsize", "8t"), "ok");
	UNIT_EQ_INT(o->dynvarsize, 1 << 30);
	/* sizes whose limits are hard */
	UNIT_EQ_STR(set(dtp, "strsize", "1"), BADVAL);
	UNIT_EQ_STR(set(dtp, "strsize", "2"), "ok");
	UNIT_EQ_STR(set(dtp, "strsize", "1k"), "ok");
	UNIT_EQ_STR(set(dtp, "strsize", "1025"), BADVAL);
	UNIT_EQ_INT(o->strsize, 1024);
	UNIT_EQ_STR(set(dtp, "scratchsize", "8k"), "ok");
	UNIT_EQ_STR(set(dtp, "scratchsize", "8193"), BADVAL);
	UNIT_EQ_INT(o->scratchsize, 8192);
	dt_handle_free(dtp);
}

UNIT_TEST(opt_times)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_options_t *o = &dtp->opts;

	UNIT_EQ_STR(set(dtp, "switchrate", "10hz"), "ok");
	UNIT_EQ_INT(o->switchrate_ns, 100000000);
	UNIT_EQ_STR(set(dtp, "switchrate", "10HZ"), "ok");
	UNIT_EQ_INT(o->switchrate_ns, 100000000);
	UNIT_EQ_STR(set(dtp, "aggrate", "500"), "ok");	/* a bare number: nanoseconds */
	UNIT_EQ_INT(o->aggrate_ns, 500);
	UNIT_EQ_STR(set(dtp, "statusrate", "15ms"), "ok");
	UNIT_EQ_INT(o->statusrate_ns, 15000000);
	UNIT_EQ_STR(set(dtp, "statusrate", "2sec"), "ok");
	UNIT_EQ_INT(o->statusrate_ns, 2000000000);
	UNIT_EQ_STR(set(dtp, "switchrate", NULL), "ok");	/* the bare name: 0 */
	UNIT_EQ_INT(o->switchrate_ns, 0);
	UNIT_EQ_STR(set(dtp, "cleanrate", "101hz"), "ok");
	UNIT_EQ_STR(set(dtp, "switchrate", "-1s"), BADVAL);
	UNIT_EQ_STR(set(dtp, "aggrate", "fast"), BADVAL);
	UNIT_EQ_STR(set(dtp, "aggrate", "0hz"), BADVAL);
	UNIT_EQ_STR(set(dtp, "aggrate", "5 s"), BADVAL);
	UNIT_EQ_STR(set(dtp, "aggrate", "99999999999d"), BADVAL);	/* overflows */
	dt_handle_free(dtp);
}

UNIT_TEST(opt_counts_bools_enums)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_options_t *o = &dtp->opts;

	UNIT_EQ_STR(set(dtp, "nspec", "24"), "ok");
	UNIT_EQ_INT(o->nspec, 24);
	UNIT_EQ_STR(set(dtp, "nspec", "0"), BADVAL);
	UNIT_EQ_STR(set(dtp, "nspec", "65"), BADVAL);
	UNIT_EQ_STR(set(dtp, "nspec", "1k"), BADVAL);	/* a count takes no suffix */
	UNIT_EQ_STR(set(dtp, "stackframes", "127"), "ok");
	UNIT_EQ_STR(set(dtp, "stackframes", "128"), BADVAL);
	UNIT_EQ_STR(set(dtp, "ustackframes", "-1"), BADVAL);
	UNIT_EQ_STR(set(dtp, "aggsortkeypos", "1"), "ok");
	UNIT_EQ_INT(o->aggsortkeypos, 1);
	UNIT_EQ_STR(set(dtp, "aggsortpos", NULL), BADVAL);
	UNIT_EQ_STR(set(dtp, "aggsortpos", "1025"), BADVAL);
	UNIT_EQ_STR(set(dtp, "tree", NULL), "ok");
	UNIT_EQ_INT(o->tree, 3);
	UNIT_EQ_STR(set(dtp, "tree", "2"), "ok");
	UNIT_EQ_INT(o->tree, 2);
	UNIT_EQ_STR(set(dtp, "quiet", NULL), "ok");
	UNIT_TRUE(o->quiet);
	UNIT_EQ_STR(set(dtp, "quiet", "0"), "ok");
	UNIT_TRUE(!o->quiet);
	UNIT_EQ_STR(set(dtp, "bufpolicy", "ring"), "ok");
	UNIT_EQ_INT(o->bufpolicy, DT_BUFPOLICY_RING);
	UNIT_EQ_STR(set(dtp, "bufpolicy", "lifo"), BADVAL);
	UNIT_EQ_STR(set(dtp, "bufpolicy", NULL), BADVAL);
	UNIT_EQ_INT(o->bufpolicy, DT_BUFPOLICY_RING);
	UNIT_EQ_STR(set(dtp, "oformat", "json"), "ok");
	UNIT_EQ_INT(o->oformat, DT_OFORMAT_JSON);
	UNIT_EQ_STR(set(dtp, "oformat", "xml"), BADVAL);
	UNIT_EQ_STR(set(dtp, "aggformat", "folded"), "ok");
	UNIT_EQ_INT(o->aggformat, DT_AGGFORMAT_FOLDED);
	UNIT_EQ_STR(o->flamegraph, "");
	UNIT_EQ_STR(set(dtp, "flamegraph", "/tmp/x.svg"), "ok");
	UNIT_EQ_STR(o->flamegraph, "/tmp/x.svg");
	UNIT_EQ_STR(set(dtp, "flamegraph", NULL), BADVAL);
	UNIT_EQ_STR(set(dtp, "prometheus", ""), BADVAL);
	{
		char longv[sizeof(o->prometheus) + 1];

		memset(longv, 'a', sizeof(longv) - 1);
		longv[sizeof(longv) - 1] = '\0';
		UNIT_EQ_STR(set(dtp, "prometheus", longv), BADVAL);	/* does not fit */
	}
	UNIT_EQ_INT(o->promseries, 10000);
	UNIT_EQ_STR(set(dtp, "cpu", "3"), "ok");	/* accepted, ignored */
	UNIT_EQ_STR(set(dtp, "nosuchopt", "1"), "Invalid option name");
	dt_handle_free(dtp);
}

/* setopt() while tracing: DTrace's dynamic options change, those fixed for the trace do not. */
UNIT_TEST(opt_live)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_options_t *o = &dtp->opts;
	const char *why = NULL;

	UNIT_EQ_INT(dt_opt_set_live(dtp, "quiet", NULL, &why), 0);
	UNIT_TRUE(o->quiet);
	UNIT_EQ_INT(dt_opt_set_live(dtp, "aggsortkeypos", "2", &why), 0);
	UNIT_EQ_INT(o->aggsortkeypos, 2);
	UNIT_EQ_INT(dt_opt_set_live(dtp, "switchrate", "10hz", &why), 0);
	UNIT_EQ_INT(o->switchrate_ns, 100000000);
	static const char *const fixed[] = {
		"nspec", "bufsize", "aggsize", "dynvarsize", "specsize", "strsize", "scratchsize",
		"bufpolicy", "stackframes", "destructive", "statusrate",
	};
	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		why = NULL;
		UNIT_EQ_INT(dt_opt_set_live(dtp, fixed[i], "4", &why), -1);
		UNIT_EQ_STR(why, "Operation illegal when tracing is active");
	}
	UNIT_EQ_INT(o->nspec, 1);
	UNIT_EQ_INT(dt_opt_set_live(dtp, "nosuchopt", "1", &why), -1);
	UNIT_EQ_STR(why, "Invalid option name");
	UNIT_EQ_INT(dt_opt_set_live(dtp, "aggsortpos", "x", &why), -1);
	UNIT_EQ_STR(why, BADVAL);
	dt_handle_free(dtp);
}

/* -x amin: DTrace's attribute triples, read as dtrace_str2attr does (any case; parts left
 * out the most stable); and the comparison with the minimum (any part below it). */
UNIT_TEST(opt_amin)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_attr_t a;
	char buf[64];

	UNIT_EQ_INT(dtp->opts.amin, 0);
	UNIT_EQ_STR(set(dtp, "amin", "Evolving/Evolving/Common"), "ok");
	a = dt_opt_attr_unpack(dtp->opts.amin);
	UNIT_EQ_STR(dt_attr_str(a, buf, sizeof(buf)), "Evolving/Evolving/Common");
	UNIT_EQ_STR(set(dtp, "amin", "private/unstable"), "ok");
	a = dt_opt_attr_unpack(dtp->opts.amin);
	UNIT_EQ_STR(dt_attr_str(a, buf, sizeof(buf)), "Private/Unstable/Common");
	UNIT_EQ_STR(set(dtp, "amin", "Stable/Stabel"), BADVAL);
	UNIT_EQ_STR(set(dtp, "amin", "Stable/Stable/ISA/Common"), BADVAL);
	UNIT_EQ_STR(set(dtp, "amin", "Common"), BADVAL);
	UNIT_EQ_STR(set(dtp, "amin", NULL), BADVAL);
	UNIT_TRUE(dt_attr_parse("Stable/Private/Common", &a) == 0);
	UNIT_TRUE(dt_attr_below(a, DT_ATTR_EVOLVING));
	UNIT_TRUE(!dt_attr_below(DT_ATTR_STABLE, DT_ATTR_EVOLVING));
	UNIT_TRUE(dt_attr_below(DT_ATTR(STABLE, STABLE, ISA), DT_ATTR_EVOLVING));
	a = dt_attr_min(DT_ATTR(EVOLVING, PRIVATE, COMMON), DT_ATTR(STABLE, STABLE, ISA));
	UNIT_EQ_STR(dt_attr_str(a, buf, sizeof(buf)), "Evolving/Private/ISA");
	dt_handle_free(dtp);
}

UNIT_MAIN()
