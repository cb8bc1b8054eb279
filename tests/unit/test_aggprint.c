/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_aggprint.c: aggregation merge, sort and print (src/consumer/dt_aggprint.c), against
 * the bytes in FORMATS.md.
 */
#include "consumer/dt_consumer.h"
#include "unit.h"

#define MAXW 130

/* A test aggregation: up to 8 entries with keys of up to 64 bytes. */
typedef struct tagg {
	dt_aggdesc_t desc;
	dt_recitem_t keys[4];
	uint8_t key[8][64];
	uint64_t val[8][MAXW];
	dt_aggent_t ents[8];
	size_t n;
} tagg_t;

static void
tagg_init(tagg_t *t, dt_agg_func_t func, uint32_t nwords)
{
	memset(t, 0, sizeof(*t));
	t->desc.func = func;
	t->desc.nwords = nwords;
	t->desc.keys = t->keys;
}

static void
tagg_key(tagg_t *t, dt_rec_kind_t kind, uint32_t size, bool is_signed)
{
	dt_recitem_t *it = &t->keys[t->desc.nkeys++];

	it->kind = kind;
	it->offset = t->desc.keysize;
	it->size = size;
	it->is_signed = is_signed;
	t->desc.keysize += (uint32_t)DT_ALIGN(size, 8);
}

/* Add an entry; returns its value words. Keys come as int64_t or const char * per item. */
static uint64_t *
tagg_add(tagg_t *t, ...)
{
	size_t i = t->n++;
	va_list ap;

	va_start(ap, t);
	for (int k = 0; k < t->desc.nkeys; k++) {
		const dt_recitem_t *it = &t->keys[k];

		if (it->kind == DT_REC_STRING) {
			const char *s = va_arg(ap, const char *);

			memcpy(t->key[i] + it->offset, s, strlen(s) + 1);
		} else {
			int64_t v = va_arg(ap, int64_t);

			memcpy(t->key[i] + it->offset, &v, it->size);
		}
	}
	va_end(ap);
	dt_agg_init(&t->desc, t->val[i]);
	t->ents[i].key = t->key[i];
	t->ents[i].val = t->val[i];
	return t->val[i];
}

static const char *
tagg_print(tagg_t *t, bool sort)
{
	static dt_strbuf_t sb;

	dt_sb_reset(&sb);
	if (sort)
		dt_agg_sort(&t->desc, t->ents, t->n, NULL);
	dt_agg_print_entries(&sb, &t->desc, t->ents, t->n);
	return dt_sb_str(&sb);
}

/* Merge one CPU's words for a one-word function. */
static void
merge1(tagg_t *t, uint64_t *acc, uint64_t v)
{
	uint64_t w[MAXW] = { v, 1 };

	dt_agg_merge(&t->desc, acc, w);
}

/* FORMATS.md: @["b"] = count(); @["a"] = count(); @["a"] = count(); @["ccc"] = count(); */
UNIT_TEST(count_by_string_key)
{
	tagg_t t;
	dt_strbuf_t sb = { 0 };

	tagg_init(&t, DT_AGG_COUNT, 1);
	tagg_key(&t, DT_REC_STRING, 32, false);
	merge1(&t, tagg_add(&t, "b"), 1);
	merge1(&t, tagg_add(&t, "a"), 2);
	merge1(&t, tagg_add(&t, "ccc"), 1);
	dt_agg_sort(&t.desc, t.ents, t.n, NULL);
	dt_agg_print(&sb, &t.desc, t.ents, t.n);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "\n"
		    "  b                                                                 1\n"
		    "  ccc                                                               1\n"
		    "  a                                                                 2\n");
	dt_sb_free(&sb);
}

/* FORMATS.md: @[1, "x"] = sum(10); @[2, "y"] = sum(5); @[-3, "z"] = sum(7); */
UNIT_TEST(sum_by_int_and_string_key)
{
	tagg_t t;

	tagg_init(&t, DT_AGG_SUM, 1);
	tagg_key(&t, DT_REC_INT, 4, true);
	tagg_key(&t, DT_REC_STRING, 24, false);
	merge1(&t, tagg_add(&t, (int64_t)1, "x"), 10);
	merge1(&t, tagg_add(&t, (int64_t)2, "y"), 5);
	merge1(&t, tagg_add(&t, (int64_t)-3, "z"), 7);
	UNIT_EQ_STR(tagg_print(&t, true),
		    "        2  y                                                                 5\n"
		    "       -3  z                                                                 7\n"
		    "        1  x                                                                10\n");
}

/*
 * FORMATS.md: @a = avg(3); @a = avg(4); @m = min(-5); @x = max(9); @s = stddev(2);
 * @s = stddev(4); -- at exit: one empty line, then the aggregations with none between.
 */
UNIT_TEST(keyless_avg_min_max_stddev)
{
	tagg_t a, m, x, s;
	dt_strbuf_t sb = { 0 };
	uint64_t *v;
	uint64_t cpu0[4] = { 2, 7, 0, 0 }, idle[4] = { 0 }, sd0[4] = { 1, 2, 4, 0 },
		 sd1[4] = { 1, 4, 16, 0 };

	tagg_init(&a, DT_AGG_AVG, 2);
	v = tagg_add(&a);
	dt_agg_merge(&a.desc, v, cpu0);
	dt_agg_merge(&a.desc, v, idle);
	tagg_init(&m, DT_AGG_MIN, 2);
	v = tagg_add(&m);
	dt_agg_merge(&m.desc, v, idle);	/* an untouched CPU copy: 0 must not win */
	merge1(&m, v, (uint64_t)-5);
	tagg_init(&x, DT_AGG_MAX, 2);
	v = tagg_add(&x);
	merge1(&x, v, 9);
	dt_agg_merge(&x.desc, v, (uint64_t[]){ 100, 0 });	/* untouched: ignored */
	tagg_init(&s, DT_AGG_STDDEV, 4);
	v = tagg_add(&s);
	dt_agg_merge(&s.desc, v, sd0);
	dt_agg_merge(&s.desc, v, sd1);

	dt_sb_putc(&sb, '\n');
	dt_agg_print_entries(&sb, &a.desc, a.ents, a.n);
	dt_agg_print_entries(&sb, &m.desc, m.ents, m.n);
	dt_agg_print_entries(&sb, &x.desc, x.ents, x.n);
	dt_agg_print_entries(&sb, &s.desc, s.ents, s.n);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "\n"
		    "                3\n"
		    "               -5\n"
		    "                9\n"
		    "                1\n");
	dt_sb_free(&sb);
}

UNIT_TEST(merge_rules)
{
	tagg_t t;
	uint64_t *v;

	tagg_init(&t, DT_AGG_MIN, 2);
	v = tagg_add(&t);
	UNIT_EQ_INT((int64_t)v[0], INT64_MAX);
	merge1(&t, v, 3);
	merge1(&t, v, (uint64_t)-7);
	merge1(&t, v, 1);
	UNIT_EQ_INT((int64_t)v[0], -7);
	tagg_init(&t, DT_AGG_MAX, 2);
	v = tagg_add(&t);
	UNIT_EQ_INT((int64_t)v[0], INT64_MIN);
	merge1(&t, v, (uint64_t)-7);
	merge1(&t, v, (uint64_t)-2);
	UNIT_EQ_INT((int64_t)v[0], -2);
	/* A one-word MIN/MAX (no touched word) merges every copy. */
	tagg_init(&t, DT_AGG_MAX, 1);
	v = tagg_add(&t);
	dt_agg_merge(&t.desc, v, (uint64_t[]){ 4 });
	UNIT_EQ_INT((int64_t)v[0], 4);
	tagg_init(&t, DT_AGG_COUNT, 1);
	v = tagg_add(&t);
	merge1(&t, v, 3);
	merge1(&t, v, 4);
	UNIT_EQ_INT(v[0], 7);
	/* stddev's sum of squares carries into its high word. */
	tagg_init(&t, DT_AGG_STDDEV, 4);
	v = tagg_add(&t);
	dt_agg_merge(&t.desc, v, (uint64_t[]){ 1, 1, UINT64_MAX, 0 });
	dt_agg_merge(&t.desc, v, (uint64_t[]){ 1, 1, 2, 5 });
	UNIT_EQ_INT(v[0], 2);
	UNIT_EQ_INT(v[1], 2);
	UNIT_EQ_INT(v[2], 1);
	UNIT_EQ_INT(v[3], 6);
	tagg_init(&t, DT_AGG_LQUANTIZE, 7);
	v = tagg_add(&t);
	dt_agg_merge(&t.desc, v, (uint64_t[]){ 1, 0, 2, 0, 0, 0, 3 });
	dt_agg_merge(&t.desc, v, (uint64_t[]){ 1, 1, 0, 0, 0, 0, 1 });
	UNIT_EQ_INT(v[0], 2);
	UNIT_EQ_INT(v[1], 1);
	UNIT_EQ_INT(v[2], 2);
	UNIT_EQ_INT(v[6], 4);
}

UNIT_TEST(avg_and_stddev_values)
{
	tagg_t t;
	uint64_t *v;

	/* 2, 4, 4, 4, 5, 5, 7, 9: mean 5, standard deviation 2. */
	tagg_init(&t, DT_AGG_STDDEV, 4);
	v = tagg_add(&t);
	v[0] = 8;
	v[1] = 40;
	v[2] = 232;
	UNIT_EQ_STR(tagg_print(&t, false), "                2\n");
	/* Negative values: the average's sign does not matter. */
	v[1] = (uint64_t)-40;
	UNIT_EQ_STR(tagg_print(&t, false), "                2\n");
	/* Sum of squares past 64 bits: x = 2^33 twice, deviation 0. */
	v[0] = 2;
	v[1] = 1ULL << 34;
	v[2] = 0;
	v[3] = 8;
	UNIT_EQ_STR(tagg_print(&t, false), "                0\n");
	tagg_init(&t, DT_AGG_AVG, 2);
	v = tagg_add(&t);
	v[0] = 3;
	v[1] = (uint64_t)-10;
	UNIT_EQ_STR(tagg_print(&t, false), "               -3\n");
	v[0] = 0;
	UNIT_EQ_STR(tagg_print(&t, false), "                0\n");
}

UNIT_TEST(key_widths_by_size)
{
	tagg_t t;

	tagg_init(&t, DT_AGG_COUNT, 1);
	tagg_key(&t, DT_REC_INT, 1, true);
	tagg_key(&t, DT_REC_INT, 2, true);
	tagg_key(&t, DT_REC_INT, 4, true);
	tagg_key(&t, DT_REC_INT, 8, true);
	tagg_add(&t, (int64_t)7, (int64_t)300, (int64_t)70000, (int64_t)-1)[0] = 1;
	/* 1- and 2-byte keys print zero-extended, as DTrace does. */
	tagg_add(&t, (int64_t)-1, (int64_t)-1, (int64_t)-1, (int64_t)1)[0] = 2;
	UNIT_EQ_STR(tagg_print(&t, true),
		    "   7   300    70000               -1                1\n"
		    " 255 65535       -1                1                2\n");
}

UNIT_TEST(long_string_key_is_not_cut)
{
	tagg_t t;

	tagg_init(&t, DT_AGG_COUNT, 1);
	tagg_key(&t, DT_REC_STRING, 64, false);
	tagg_add(&t, "this key is longer than the fifty columns a key gets")[0] = 3;
	UNIT_EQ_STR(tagg_print(&t, false),
		    "  this key is longer than the fifty columns a key gets                3\n");
}

UNIT_TEST(sort_ties_by_key)
{
	tagg_t t;

	/* Equal values order by key; integer keys compare unsigned (DTrace's rule). */
	tagg_init(&t, DT_AGG_SUM, 1);
	tagg_key(&t, DT_REC_INT, 4, true);
	tagg_add(&t, (int64_t)-1)[0] = 5;
	tagg_add(&t, (int64_t)10)[0] = 5;
	tagg_add(&t, (int64_t)2)[0] = 5;
	tagg_add(&t, (int64_t)3)[0] = (uint64_t)-1;
	UNIT_EQ_STR(tagg_print(&t, true),
		    "        3               -1\n"
		    "        2                5\n"
		    "       10                5\n"
		    "       -1                5\n");
}

UNIT_TEST(sort_options)
{
	tagg_t t;
	dt_strbuf_t sb = { 0 };
	dt_aggsort_t bykey = { .by_key = true }, rev = { .reverse = true },
		     pos1 = { .by_key = true, .keypos = 1 };

	tagg_init(&t, DT_AGG_COUNT, 1);
	tagg_key(&t, DT_REC_STRING, 16, false);
	tagg_key(&t, DT_REC_INT, 8, true);
	tagg_add(&t, "b", (int64_t)1)[0] = 1;
	tagg_add(&t, "a", (int64_t)2)[0] = 3;
	tagg_add(&t, "c", (int64_t)0)[0] = 2;

	dt_agg_sort(&t.desc, t.ents, t.n, &bykey);
	dt_agg_print_entries(&sb, &t.desc, t.ents, t.n);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "  a                                                                 2"
		    "                3\n"
		    "  b                                                                 1"
		    "                1\n"
		    "  c                                                                 0"
		    "                2\n");
	dt_sb_reset(&sb);
	dt_agg_sort(&t.desc, t.ents, t.n, &rev);
	dt_agg_print_entries(&sb, &t.desc, t.ents, t.n);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "  a                                                                 2"
		    "                3\n"
		    "  c                                                                 0"
		    "                2\n"
		    "  b                                                                 1"
		    "                1\n");
	dt_sb_reset(&sb);
	dt_agg_sort(&t.desc, t.ents, t.n, &pos1);
	dt_agg_print_entries(&sb, &t.desc, t.ents, t.n);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "  c                                                                 0"
		    "                2\n"
		    "  b                                                                 1"
		    "                1\n"
		    "  a                                                                 2"
		    "                3\n");
	dt_sb_free(&sb);
}

static int
qbucket(int64_t v)
{
	int b = 0;

	if (v == 0)
		return 63;
	if (v > 0) {
		while (v > 1) {
			v >>= 1;
			b++;
		}
		return 64 + b;
	}
	v = -v;
	while (v > 1) {
		v >>= 1;
		b++;
	}
	return 62 - b;
}

/* FORMATS.md: @ = quantize(0); quantize(1); quantize(5); quantize(5); quantize(1000); (-2) */
UNIT_TEST(quantize_matches_formats_md)
{
	tagg_t t;
	dt_strbuf_t sb = { 0 };
	uint64_t *v;
	int64_t vals[] = { 0, 1, 5, 5, 1000, -2 };

	tagg_init(&t, DT_AGG_QUANTIZE, 127);
	v = tagg_add(&t);
	for (size_t i = 0; i < DT_ARRAY_SIZE(vals); i++)
		v[qbucket(vals[i])]++;
	dt_sb_putc(&sb, '\n');	/* the cosmetic newline */
	dt_agg_print_entries(&sb, &t.desc, t.ents, t.n);
	UNIT_EQ_STR(dt_sb_str(&sb),
		"\n"
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"              -4 |                                         0        \n"
		"              -2 |@@@@@@@                                  1        \n"
		"              -1 |                                         0        \n"
		"               0 |@@@@@@@                                  1        \n"
		"               1 |@@@@@@@                                  1        \n"
		"               2 |                                         0        \n"
		"               4 |@@@@@@@@@@@@@                            2        \n"
		"               8 |                                         0        \n"
		"              16 |                                         0        \n"
		"              32 |                                         0        \n"
		"              64 |                                         0        \n"
		"             128 |                                         0        \n"
		"             256 |                                         0        \n"
		"             512 |@@@@@@@                                  1        \n"
		"            1024 |                                         0        \n"
		"\n");
	dt_sb_free(&sb);
}

UNIT_TEST(quantize_negative_counts)
{
	tagg_t t;
	uint64_t *v;

	tagg_init(&t, DT_AGG_QUANTIZE, 127);
	v = tagg_add(&t);
	v[qbucket(1)] = (uint64_t)-1;
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               0                                         | 0        \n"
		"               1 @@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@| -1       \n"
		"               2                                         | 0        \n"
		"\n");
	v[qbucket(1)] = 2;
	v[qbucket(2)] = (uint64_t)-2;
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               0                     |                     0        \n"
		"               1                     |@@@@@@@@@@           2        \n"
		"               2           @@@@@@@@@@|                     -2       \n"
		"               4                     |                     0        \n"
		"\n");
}

UNIT_TEST(quantize_empty_and_edges)
{
	tagg_t t;
	uint64_t *v;

	tagg_init(&t, DT_AGG_QUANTIZE, 127);
	v = tagg_add(&t);
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"              -1 |                                         0        \n"
		"               0 |                                         0        \n"
		"               1 |                                         0        \n"
		"\n");
	/* The lowest and highest buckets have no row beyond them. */
	v[0] = 1;
	v[126] = 1;
	v[125] = 2;
	UNIT_TRUE(strncmp(tagg_print(&t, false) + 70,
			  "-4611686018427387904 |@@@@@@@@@@                               1", 63) == 0);
	UNIT_TRUE(strstr(tagg_print(&t, false),
			 "-2305843009213693952 |                                         0        \n"
			 "-1152921504606846976 |") != NULL);
	UNIT_TRUE(strstr(tagg_print(&t, false),
			 "\n4611686018427387904 |@@@@@@@@@@                               1        \n"
			 "\n") != NULL);
}

/* FORMATS.md: @["k"] = lquantize(3, 0, 10, 2); lquantize(11, ...); lquantize(-1, ...) */
UNIT_TEST(lquantize_matches_formats_md)
{
	tagg_t t;
	uint64_t *v;

	tagg_init(&t, DT_AGG_LQUANTIZE, 7);
	t.desc.arg[0] = 0;
	t.desc.arg[1] = 10;
	t.desc.arg[2] = 2;
	tagg_key(&t, DT_REC_STRING, 16, false);
	v = tagg_add(&t, "k");
	v[2]++;	/* 3 */
	v[6]++;	/* 11: >= 10 */
	v[0]++;	/* -1: < 0 */
	UNIT_EQ_STR(tagg_print(&t, false),
		"  k                                                 \n"
		"           value  ------------- Distribution ------------- count    \n"
		"             < 0 |@@@@@@@@@@@@@                            1        \n"
		"               0 |                                         0        \n"
		"               2 |@@@@@@@@@@@@@                            1        \n"
		"               4 |                                         0        \n"
		"               6 |                                         0        \n"
		"               8 |                                         0        \n"
		"           >= 10 |@@@@@@@@@@@@@                            1        \n"
		"\n");
}

UNIT_TEST(lquantize_outlier_rows)
{
	tagg_t t;
	uint64_t *v;

	tagg_init(&t, DT_AGG_LQUANTIZE, 7);
	t.desc.arg[0] = 0;
	t.desc.arg[1] = 10;
	t.desc.arg[2] = 2;
	v = tagg_add(&t);
	v[6] = 3;
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               8 |                                         0        \n"
		"           >= 10 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 3        \n"
		"\n");
	v[6] = 0;
	v[0] = 5;
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"             < 0 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 5        \n"
		"               0 |                                         0        \n"
		"\n");
	v[0] = 0;
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"             < 0 |                                         0        \n"
		"               0 |                                         0        \n"
		"               2 |                                         0        \n"
		"\n");
	/* Negative bases. */
	t.desc.arg[0] = -10;
	t.desc.arg[1] = 10;
	t.desc.arg[2] = 5;
	t.desc.nwords = 6;
	v[0] = 1;
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"           < -10 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
		"             -10 |                                         0        \n"
		"\n");
}

UNIT_TEST(lquantize_sorts_by_weighted_sum)
{
	tagg_t t;

	tagg_init(&t, DT_AGG_LQUANTIZE, 7);
	t.desc.arg[0] = 0;
	t.desc.arg[1] = 10;
	t.desc.arg[2] = 2;
	tagg_key(&t, DT_REC_STRING, 8, false);
	tagg_add(&t, "hi")[5] = 1;	/* 8 */
	tagg_add(&t, "lo")[2] = 1;	/* 2 */
	dt_agg_sort(&t.desc, t.ents, t.n, NULL);
	UNIT_EQ_STR((const char *)t.ents[0].key, "lo");
	UNIT_EQ_STR((const char *)t.ents[1].key, "hi");
}

UNIT_TEST(llquantize_rows)
{
	tagg_t t;
	uint64_t *v;

	/* llquantize(x, 10, 0, 2, 10): <= -1000, -900..-100, -90..-10, -9..-1, 0, 1..9,
	 * 10..90, 100..900, >= 1000 (57 buckets). */
	tagg_init(&t, DT_AGG_LLQUANTIZE, 57);
	t.desc.arg[0] = 10;
	t.desc.arg[1] = 0;
	t.desc.arg[2] = 2;
	t.desc.arg[3] = 10;
	v = tagg_add(&t);
	v[33] = 1;	/* 5 */
	v[42] = 1;	/* 50 */
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               4 |                                         0        \n"
		"               5 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
		"               6 |                                         0        \n"
		"               7 |                                         0        \n"
		"               8 |                                         0        \n"
		"               9 |                                         0        \n"
		"              10 |                                         0        \n"
		"              20 |                                         0        \n"
		"              30 |                                         0        \n"
		"              40 |                                         0        \n"
		"              50 |@@@@@@@@@@@@@@@@@@@@                     1        \n"
		"              60 |                                         0        \n"
		"\n");
	v[33] = v[42] = 0;
	v[56] = 2;
	v[0] = 2;
	UNIT_TRUE(strstr(tagg_print(&t, false),
			 "        <= -1000 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
			 "            -900 |                                         0        \n") != NULL);
	UNIT_TRUE(strstr(tagg_print(&t, false),
			 "             900 |                                         0        \n"
			 "         >= 1000 |@@@@@@@@@@@@@@@@@@@@                     2        \n"
			 "\n") != NULL);
}

/* normalize(@, n): scalar values divided; histogram counts divided, bars from the raw counts. */
UNIT_TEST(normalized_printing)
{
	tagg_t t;
	dt_strbuf_t sb = { 0 };
	dt_aggpopts_t o = { .normal = 4 };
	uint64_t *v;

	tagg_init(&t, DT_AGG_SUM, 1);
	tagg_key(&t, DT_REC_STRING, 16, false);
	tagg_add(&t, "a")[0] = 10;
	tagg_add(&t, "b")[0] = (uint64_t)-9;
	dt_agg_print_entries_opts(&sb, &t.desc, t.ents, t.n, &o);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "  a                                                                 2\n"
		    "  b                                                                -2\n");
	/* avg: sum / normal / count. */
	tagg_init(&t, DT_AGG_AVG, 2);
	v = tagg_add(&t);
	v[0] = 2;
	v[1] = 100;
	UNIT_EQ_INT(dt_agg_value(&t.desc, v, 10), 5);
	UNIT_EQ_INT(dt_agg_value(&t.desc, v, 1), 50);
	UNIT_EQ_INT(dt_agg_value(&t.desc, v, 0), 50);
	/* stddev of 20, 40, 40, 40, 50, 50, 70, 90 normalized by 10: that of 2, 4, ... = 2. */
	tagg_init(&t, DT_AGG_STDDEV, 4);
	v = tagg_add(&t);
	v[0] = 8;
	v[1] = 400;
	v[2] = 23200;
	UNIT_EQ_INT(dt_agg_value(&t.desc, v, 1), 20);
	UNIT_EQ_INT(dt_agg_value(&t.desc, v, 10), 2);
	/* quantize: 8 in bucket 1, 2 in bucket 2, normalized by 2. */
	tagg_init(&t, DT_AGG_QUANTIZE, 127);
	v = tagg_add(&t);
	v[64] = 8;
	v[65] = 2;
	dt_sb_reset(&sb);
	o.normal = 2;
	dt_agg_print_entries_opts(&sb, &t.desc, t.ents, t.n, &o);
	UNIT_EQ_STR(dt_sb_str(&sb),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"               0 |                                         0        \n"
		"               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@         4        \n"
		"               2 |@@@@@@@@                                 1        \n"
		"               4 |                                         0        \n"
		"\n");
	dt_sb_free(&sb);
}

/* clear(@): keys stay, values print as 0 (a cleared max too, not INT64_MIN). */
UNIT_TEST(clear_keeps_keys)
{
	tagg_t t;

	tagg_init(&t, DT_AGG_MAX, 2);
	tagg_key(&t, DT_REC_STRING, 16, false);
	merge1(&t, tagg_add(&t, "a"), 7);
	merge1(&t, tagg_add(&t, "b"), (uint64_t)-3);
	dt_agg_clear(&t.desc, t.ents, t.n);
	UNIT_EQ_INT(t.n, 2);
	UNIT_EQ_STR(tagg_print(&t, true),
		    "  a                                                                 0\n"
		    "  b                                                                 0\n");
	/* A MIN no CPU touched (merged from untouched copies only) is 0 too. */
	tagg_init(&t, DT_AGG_MIN, 2);
	tagg_add(&t);
	dt_agg_merge(&t.desc, t.val[0], (uint64_t[]){ 0, 0 });
	UNIT_EQ_STR(tagg_print(&t, false), "                0\n");
	tagg_init(&t, DT_AGG_LQUANTIZE, 7);
	t.desc.arg[0] = 0;
	t.desc.arg[1] = 10;
	t.desc.arg[2] = 2;
	tagg_add(&t)[3] = 5;
	dt_agg_clear(&t.desc, t.ents, t.n);
	UNIT_EQ_STR(tagg_print(&t, false),
		"\n"
		"           value  ------------- Distribution ------------- count    \n"
		"             < 0 |                                         0        \n"
		"               0 |                                         0        \n"
		"               2 |                                         0        \n"
		"\n");
}

static const char *
trunc_print(tagg_t *t, int64_t keep, const dt_aggsort_t *opt)
{
	size_t n = t->n;

	dt_agg_trunc(&t->desc, t->ents, &n, keep, opt);
	t->n = n;
	return tagg_print(t, true);
}

static void
five(tagg_t *t)
{
	tagg_init(t, DT_AGG_COUNT, 1);
	tagg_key(t, DT_REC_STRING, 16, false);
	tagg_add(t, "c")[0] = 30;
	tagg_add(t, "a")[0] = 10;
	tagg_add(t, "e")[0] = 50;
	tagg_add(t, "b")[0] = 20;
	tagg_add(t, "d")[0] = 40;
}

UNIT_TEST(trunc_top_bottom_all)
{
	tagg_t t;
	dt_aggsort_t rev = { .reverse = true };
	dt_aggent_t removed[2];

	five(&t);
	UNIT_EQ_STR(trunc_print(&t, 2, NULL),
		    "  d                                                                40\n"
		    "  e                                                                50\n");
	five(&t);
	UNIT_EQ_STR(trunc_print(&t, -2, NULL),
		    "  a                                                                10\n"
		    "  b                                                                20\n");
	/* The removed entries follow the kept ones, for deleting their keys. */
	five(&t);
	{
		size_t n = 5;

		dt_agg_trunc(&t.desc, t.ents, &n, 3, NULL);
		UNIT_EQ_INT(n, 3);
		memcpy(removed, &t.ents[3], sizeof(removed));
		UNIT_EQ_STR((const char *)removed[0].key, "b");
		UNIT_EQ_STR((const char *)removed[1].key, "a");
	}
	five(&t);
	UNIT_EQ_STR(trunc_print(&t, 0, NULL), "");
	five(&t);
	UNIT_EQ_INT(strlen(trunc_print(&t, 9, NULL)), 5 * 70);
	five(&t);
	UNIT_EQ_INT(strlen(trunc_print(&t, -5, NULL)), 5 * 70);
	/* Under aggsortrev DTrace's sort flags turn trunc() around too. */
	five(&t);
	UNIT_EQ_STR(trunc_print(&t, 1, &rev),
		    "  a                                                                10\n");
}

UNIT_TEST(llquantize_layout)
{
	/* 10, 0, 2, 10: < 1 | 1..9 | 10..90 | 100..900 | >= 1000 */
	UNIT_EQ_INT(dt_llquant_nwords(10, 0, 2, 10), 57);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, INT64_MIN), 0);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, -1000), 0);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, -999), 1);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, -5), 23);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, -1), 27);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 0), 28);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 1), 29);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 9), 37);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 10), 38);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 99), 46);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 100), 47);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 999), 55);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, 1000), 56);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 2, 10, INT64_MAX), 56);
	/* 10^2 / 20 = 5: 10, 15, ... 95 */
	UNIT_EQ_INT(dt_llquant_nwords(10, 0, 1, 20), 3 + 2 * (9 + 18));
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 1, 20, 14), 38);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 1, 20, 15), 39);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 1, 20, 99), 55);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 1, 20, 100), 56);
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 1, 20, -15), 17);
	/* low 2: |v| < 4 is the middle bucket */
	UNIT_EQ_INT(dt_llquant_nwords(2, 2, 5, 4), 3 + 2 * 8);
	UNIT_EQ_INT(dt_llquant_bucket(2, 2, 5, 4, 3), 9);
	UNIT_EQ_INT(dt_llquant_bucket(2, 2, 5, 4, -3), 9);
	UNIT_EQ_INT(dt_llquant_bucket(2, 2, 5, 4, 4), 10);
	UNIT_EQ_INT(dt_llquant_bucket(2, 2, 5, 4, 6), 11);
	UNIT_EQ_INT(dt_llquant_bucket(2, 2, 5, 4, 63), 17);
	UNIT_EQ_INT(dt_llquant_bucket(2, 2, 5, 4, 64), 18);
	/* steps below the factor: 4 / 2 = 2 wide, the first bucket from 1 */
	UNIT_EQ_INT(dt_llquant_nwords(4, 0, 1, 2), 3 + 2 * 4);
	UNIT_EQ_INT(dt_llquant_bucket(4, 0, 1, 2, 1), 6);
	UNIT_EQ_INT(dt_llquant_bucket(4, 0, 1, 2, 2), 7);
	UNIT_EQ_INT(dt_llquant_bucket(4, 0, 1, 2, 3), 7);
	UNIT_EQ_INT(dt_llquant_bucket(4, 0, 1, 2, -3), 3);
	UNIT_EQ_INT(dt_llquant_nwords(4, 0, 1, 3), 0);	/* 3 does not divide 4 */
	UNIT_EQ_INT(dt_llquant_nwords(1, 0, 2, 10), 0);
	UNIT_EQ_INT(dt_llquant_nwords(10, 3, 2, 10), 0);
	UNIT_EQ_INT(dt_llquant_nwords(10, 0, 2, 15), 0);
	UNIT_EQ_INT(dt_llquant_nwords(10, 0, 19, 10), 0);	/* 10^20 overflows */
	UNIT_EQ_INT(dt_llquant_bucket(10, 0, 19, 10, 5), -1);
}

/* The printer and the bucket function agree on every row's value. */
UNIT_TEST(llquantize_print_matches_buckets)
{
	tagg_t t;
	uint64_t *v;
	int64_t vals[] = { 3, 12, 17, 250, 5000, -250, -250, -250 };
	uint32_t nw = dt_llquant_nwords(10, 0, 2, 20);

	tagg_init(&t, DT_AGG_LLQUANTIZE, nw);
	t.desc.arg[0] = 10;
	t.desc.arg[1] = 0;
	t.desc.arg[2] = 2;
	t.desc.arg[3] = 20;
	v = tagg_add(&t);
	for (size_t i = 0; i < DT_ARRAY_SIZE(vals); i++)
		v[dt_llquant_bucket(10, 0, 2, 20, vals[i])]++;
	UNIT_TRUE(strstr(tagg_print(&t, false),
		"               3 |@@@@@                                    1        \n") != NULL);
	UNIT_TRUE(strstr(tagg_print(&t, false),
		"              10 |@@@@@                                    1        \n"
		"              15 |@@@@@                                    1        \n"
		"              20 |                                         0        \n") != NULL);
	UNIT_TRUE(strstr(tagg_print(&t, false),
		"             250 |@@@@@                                    1        \n") != NULL);
	UNIT_TRUE(strstr(tagg_print(&t, false),
		"             950 |                                         0        \n"
		"         >= 1000 |@@@@@                                    1        \n"
		"\n") != NULL);
	UNIT_TRUE(strstr(tagg_print(&t, false),
		"            -300 |                                         0        \n"
		"            -250 |@@@@@@@@@@@@@@@                          3        \n"
		"            -200 |                                         0        \n") != NULL);
}

UNIT_MAIN()
