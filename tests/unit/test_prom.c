/* SPDX-License-Identifier: GPL-2.0-only */
/* test_prom.c: one aggregation in Prometheus' text format (dt_prom_format): label escapes,
 * counter and gauge families, the series bound. */
#include <string.h>

#include "consumer/dt_consumer.h"
#include "unit.h"

UNIT_TEST(prom_counter_labels_bound)
{
	dt_recitem_t keys[2] = {
		{ .kind = DT_REC_STRING, .offset = 0, .size = 16 },
		{ .kind = DT_REC_INT, .offset = 16, .size = 4, .is_signed = true },
	};
	dt_aggdesc_t ad = { .name = "c", .func = DT_AGG_COUNT, .keys = keys, .nkeys = 2,
			    .keysize = 24, .nwords = 1 };
	uint8_t k0[24] = "a\"b\\c\nd\xff", k1[24] = "x";
	int32_t neg = -3;
	uint64_t v0 = 7, v1 = 1, series = 0, omitted = 0;
	dt_aggent_t ents[2] = { { k0, &v0 }, { k1, &v1 } };
	dt_strbuf_t sb = {0};

	memcpy(k0 + 16, &neg, 4);
	dt_prom_format(&sb, &ad, ents, 2, NULL, &series, 10, &omitted);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "# HELP dtrace_c_total DTrace aggregation @c, count()\n"
		    "# TYPE dtrace_c_total counter\n"
		    "dtrace_c_total{key0=\"a\\\"b\\\\c\\nd\xef\xbf\xbd\",key1=\"-3\"} 7\n"
		    "dtrace_c_total{key0=\"x\",key1=\"0\"} 1\n");
	UNIT_EQ_INT(series, 2);
	UNIT_EQ_INT(omitted, 0);
	dt_sb_reset(&sb);
	series = 9;
	dt_prom_format(&sb, &ad, ents, 2, NULL, &series, 10, &omitted);
	UNIT_EQ_INT(series, 10);
	UNIT_EQ_INT(omitted, 1);
	dt_sb_free(&sb);
}

UNIT_TEST(prom_gauge_anon)
{
	dt_aggdesc_t ad = { .name = "", .func = DT_AGG_MAX, .nwords = 2 };
	uint64_t v[2] = { (uint64_t)-5, 1 }, series = 0, omitted = 0;
	dt_aggent_t e = { (const uint8_t *)"", v };
	dt_strbuf_t sb = {0};

	dt_prom_format(&sb, &ad, &e, 1, NULL, &series, 10, &omitted);
	UNIT_EQ_STR(dt_sb_str(&sb), "# HELP dtrace_anon DTrace aggregation @, max()\n"
		    "# TYPE dtrace_anon gauge\ndtrace_anon -5\n");
	dt_sb_free(&sb);
}

UNIT_MAIN()
