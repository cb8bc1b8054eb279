/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_aggprint.c: aggregations on the consumer side: merge the per-CPU value words, sort the
 * entries, print them as DTrace does.
 *
 * One entry is one line: each key in its column, then the value. Integer keys are right-
 * aligned in a field sized by the key's D size, strings left-aligned in 50 columns, values in
 * 16 columns (DTrace's widths):
 *
 *   key        field        value (count, sum, min, max, avg, stddev)
 *   1 byte     " %3d"       " %16lld"
 *   2 bytes    " %5d"
 *   4 bytes    " %8d"
 *   8 bytes    " %16lld"
 *   string     "  %-50s"
 *
 *           2  y                                                                 5
 *   |--9---||-------------------------52-------------------------||-------17------|
 *
 * (DTrace prints 1- and 2-byte keys zero-extended, and compares integer keys unsigned; we do
 * the same so the order and the text match.) Histograms (quantize, lquantize, llquantize)
 * follow the keys and end with an empty line:
 *
 *     k                                                  <- keys, then the header's newline
 *              value  ------------- Distribution ------------- count
 *                < 0 |@@@@@@@@@@@@@                            1
 *                  0 |                                         0
 *   |------16------| |--------------- 40 ---------------|  |-9-|
 *
 * The bar is round(40 * |count| / total) '@'s, total being the sum of |count| over the rows
 * shown. Rows shown: from one row below the first non-zero bucket to one above the last.
 * With negative counts the bar grows left of the '|'; with both signs each side gets 20.
 *
 * Also here, as pure functions on snapshots: normalization at print time, clear(), trunc(),
 * the llquantize() bucket layout, and the join of several aggregations on their keys that
 * printa(fmt, @a, @b) prints (the format side is in dt_printf.c). Keys may be stacks or
 * symbols (dt_keyfmt_t), printed through dt_ksyms.c and dt_usyms.c.
 */
#include <stdlib.h>
#include <string.h>

#include "dt_consumer.h"

#define QUANT_NBUCKETS 127
#define QUANT_ZERO 63
#define BAR_LEN 40

/* The lower bound of quantize() bucket b: -2^62 .. -1, 0, 1 .. 2^62. */
static int64_t
quant_bucketval(int b)
{
	if (b < QUANT_ZERO)
		return -(int64_t)(1ULL << (QUANT_ZERO - 1 - b));
	if (b == QUANT_ZERO)
		return 0;
	return (int64_t)(1ULL << (b - QUANT_ZERO - 1));
}

/* ---- merge ---------------------------------------------------------------------------- */

void
dt_agg_init(const dt_aggdesc_t *desc, uint64_t *acc)
{
	memset(acc, 0, desc->nwords * sizeof(*acc));
	if (desc->func == DT_AGG_MIN)
		acc[0] = (uint64_t)INT64_MAX;
	else if (desc->func == DT_AGG_MAX)
		acc[0] = (uint64_t)INT64_MIN;
}

void
dt_agg_merge(const dt_aggdesc_t *desc, uint64_t *acc, const uint64_t *cpuval)
{
	unsigned __int128 a, b;

	switch (desc->func) {
	case DT_AGG_MIN:
	case DT_AGG_MAX:
		/* [value, touched]: a copy this CPU never updated holds nothing. */
		if (desc->nwords > 1 && cpuval[1] == 0)
			return;
		if (desc->func == DT_AGG_MIN ? (int64_t)cpuval[0] < (int64_t)acc[0]
					     : (int64_t)cpuval[0] > (int64_t)acc[0])
			acc[0] = cpuval[0];
		if (desc->nwords > 1)
			acc[1] = 1;
		return;
	case DT_AGG_STDDEV:
		acc[0] += cpuval[0];
		acc[1] += cpuval[1];
		a = ((unsigned __int128)acc[3] << 64) | acc[2];
		b = ((unsigned __int128)cpuval[3] << 64) | cpuval[2];
		a += b;
		acc[2] = (uint64_t)a;
		acc[3] = (uint64_t)(a >> 64);
		return;
	case DT_AGG_COUNT:
	case DT_AGG_SUM:
	case DT_AGG_AVG:
	case DT_AGG_QUANTIZE:
	case DT_AGG_LQUANTIZE:
	case DT_AGG_LLQUANTIZE:
		for (uint32_t i = 0; i < desc->nwords; i++)
			acc[i] += cpuval[i];
		return;
	}
}

/* ---- values --------------------------------------------------------------------------- */

static uint64_t
isqrt128(unsigned __int128 v)
{
	unsigned __int128 res = 0, bit = (unsigned __int128)1 << 126;

	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= res + bit) {
			v -= res + bit;
			res = (res >> 1) + bit;
		} else {
			res >>= 1;
		}
		bit >>= 2;
	}
	return (uint64_t)res;
}

/*
 * DTrace's integer standard deviation: sqrt(avg(x^2) - avg(x)^2), with both averages
 * truncated to integers first. val is [count, sum, sumsq low, sumsq high]. Normalized, the
 * sum is divided by normal and the sum of squares by normal twice.
 */
static uint64_t
agg_stddev(const uint64_t *val, uint64_t normal)
{
	unsigned __int128 sumsq, avgsq, sqavg;
	int64_t avg;

	if (val[0] == 0)
		return 0;
	if (normal == 0)
		normal = 1;
	sumsq = ((unsigned __int128)val[3] << 64) | val[2];
	avgsq = sumsq / normal / normal / val[0];
	avg = (int64_t)val[1] / (int64_t)normal / (int64_t)val[0];
	if (avg < 0)
		avg = -avg;
	sqavg = (unsigned __int128)(uint64_t)avg * (uint64_t)avg;
	return avgsq > sqavg ? isqrt128(avgsq - sqavg) : 0;
}

static int64_t
agg_avg(const uint64_t *val, uint64_t normal)
{
	int64_t n = normal > 1 ? (int64_t)normal : 1;

	return val[0] ? (int64_t)val[1] / n / (int64_t)val[0] : 0;
}

/* count, sum, min, max: the value word (0 for a MIN/MAX no CPU touched). */
static int64_t
agg_word(const dt_aggdesc_t *desc, const uint64_t *val)
{
	if ((desc->func == DT_AGG_MIN || desc->func == DT_AGG_MAX) && desc->nwords > 1 &&
	    val[1] == 0)
		return 0;
	return (int64_t)val[0];
}

static int64_t
agg_norm(int64_t v, uint64_t normal)
{
	return normal > 1 ? v / (int64_t)normal : v;
}

int64_t
dt_agg_value(const dt_aggdesc_t *desc, const uint64_t *val, uint64_t normal)
{
	switch (desc->func) {
	case DT_AGG_COUNT:
	case DT_AGG_SUM:
	case DT_AGG_MIN:
	case DT_AGG_MAX:
		return agg_norm(agg_word(desc, val), normal);
	case DT_AGG_AVG:
		return agg_avg(val, normal);
	case DT_AGG_STDDEV:
		return (int64_t)agg_stddev(val, normal);
	case DT_AGG_QUANTIZE:
	case DT_AGG_LQUANTIZE:
	case DT_AGG_LLQUANTIZE:
		return 0;
	}
	return 0;
}

bool
dt_agg_is_hist(const dt_aggdesc_t *desc)
{
	return desc->func == DT_AGG_QUANTIZE || desc->func == DT_AGG_LQUANTIZE ||
	       desc->func == DT_AGG_LLQUANTIZE;
}

/* lquantize: base, step and the number of levels (the buckets between the two outliers). */
static void
lquant_params(const dt_aggdesc_t *desc, int64_t *base, int64_t *step, int *levels)
{
	*base = desc->arg[0];
	*step = desc->arg[2] > 0 ? desc->arg[2] : 1;
	*levels = desc->nwords >= 2 ? (int)desc->nwords - 2 : 0;
}

/* ---- sort ----------------------------------------------------------------------------- */

typedef struct agg_sortctx {
	const dt_aggdesc_t *desc;
	const dt_aggsort_t *opt;
} agg_sortctx_t;

static int
cmp_i64(int64_t a, int64_t b)
{
	return a < b ? -1 : a > b;
}

static int
cmp_ld(long double a, long double b)
{
	return a < b ? -1 : a > b;
}

/* Histograms compare by the sum of count * bucket value, then by the count at zero. */
static long double
quant_weight(const uint64_t *v, int64_t *zero)
{
	long double total = 0;

	for (int i = 0; i < QUANT_NBUCKETS; i++)
		total += (long double)quant_bucketval(i) * (long double)(int64_t)v[i];
	*zero = (int64_t)v[QUANT_ZERO];
	return total;
}

static long double
lquant_weight(const dt_aggdesc_t *desc, const uint64_t *v, int64_t *zero)
{
	int64_t base, step;
	int levels;
	long double total;

	lquant_params(desc, &base, &step, &levels);
	*zero = 0;
	total = (long double)(int64_t)v[0] * (long double)(base - 1);
	if (base - 1 == 0)
		*zero = (int64_t)v[0];
	for (int i = 0; i < levels; i++, base += step) {
		total += (long double)(int64_t)v[i + 1] * (long double)base;
		if (base == 0)
			*zero = (int64_t)v[i + 1];
	}
	if (base + 1 == 0)
		*zero = (int64_t)v[levels + 1];
	return total + (long double)(int64_t)v[levels + 1] * (long double)(base + 1);
}

int
dt_agg_valcmp(const dt_aggdesc_t *desc, const uint64_t *l, const uint64_t *r)
{
	long double lw = 0, rw = 0;
	int64_t lz = 0, rz = 0;
	uint64_t ls, rs;
	int c;

	switch (desc->func) {
	case DT_AGG_COUNT:
	case DT_AGG_SUM:
	case DT_AGG_MIN:
	case DT_AGG_MAX:
		return cmp_i64(agg_word(desc, l), agg_word(desc, r));
	case DT_AGG_AVG:
		return cmp_i64(agg_avg(l, 1), agg_avg(r, 1));
	case DT_AGG_STDDEV:
		ls = agg_stddev(l, 1);
		rs = agg_stddev(r, 1);
		return ls < rs ? -1 : ls > rs;
	case DT_AGG_QUANTIZE:
		lw = quant_weight(l, &lz);
		rw = quant_weight(r, &rz);
		break;
	case DT_AGG_LQUANTIZE:
		lw = lquant_weight(desc, l, &lz);
		rw = lquant_weight(desc, r, &rz);
		break;
	case DT_AGG_LLQUANTIZE:
		/* as DTrace: each bucket weighs its value */
		lw = rw = 0;
		for (uint32_t i = 0; i < desc->nwords; i++) {
			int64_t bv;

			dt_llquant_value(desc->arg[0], desc->arg[1], desc->arg[2], desc->arg[3],
					 (int)i, &bv);
			if (i == desc->nwords / 2)
				bv = 0;
			lw += (long double)bv * (long double)(int64_t)l[i];
			rw += (long double)bv * (long double)(int64_t)r[i];
		}
		lz = (int64_t)l[desc->nwords / 2];
		rz = (int64_t)r[desc->nwords / 2];
		break;
	}
	if ((c = cmp_ld(lw, rw)) != 0)
		return c;
	return cmp_i64(lz, rz);
}

/* An integer key: its D size's bytes, zero-extended (DTrace compares and prints them so). */
static uint64_t
key_uint(const uint8_t *key, const dt_recitem_t *it)
{
	uint64_t v = 0;

	memcpy(&v, key + it->offset, DT_MIN(it->size, sizeof(v)));
	return v;
}

/* One key item of each side; the two may come from different aggregations' layouts. */
static int
key_itemcmp(const dt_recitem_t *li, const uint8_t *l, const dt_recitem_t *ri, const uint8_t *r)
{
	if (li->kind == DT_REC_STRING || ri->kind == DT_REC_STRING) {
		int c;

		if (li->kind != ri->kind)
			return li->kind == DT_REC_STRING ? 1 : -1;
		c = strncmp((const char *)l + li->offset, (const char *)r + ri->offset,
			    DT_MIN(li->size, ri->size));
		return c < 0 ? -1 : c > 0;
	}
	if (li->size > 8 || ri->size > 8) {
		/* A stack: frame by frame, a missing frame counting as 0. */
		uint32_t n = DT_MAX(li->size, ri->size) / 8;

		for (uint32_t w = 0; w < n; w++) {
			uint64_t a = 0, b = 0;

			if (w * 8 + 8 <= li->size)
				memcpy(&a, l + li->offset + w * 8, 8);
			if (w * 8 + 8 <= ri->size)
				memcpy(&b, r + ri->offset + w * 8, 8);
			if (a != b)
				return a < b ? -1 : 1;
		}
		return 0;
	} else {
		uint64_t a = key_uint(l, li), b = key_uint(r, ri);

		return a < b ? -1 : a > b;
	}
}

int
dt_agg_keycmp(const dt_aggdesc_t *ld, const uint8_t *lkey, const dt_aggdesc_t *rd,
	      const uint8_t *rkey, int keypos)
{
	int n = DT_MIN(ld->nkeys, rd->nkeys);

	if (keypos < 0 || keypos >= n)
		keypos = 0;
	for (int i = 0; i < n; i++) {
		int k = (i + keypos) % n;
		int c = key_itemcmp(&ld->keys[k], lkey, &rd->keys[k], rkey);

		if (c)
			return c;
	}
	return ld->nkeys < rd->nkeys ? -1 : ld->nkeys > rd->nkeys;
}

static int
agg_entcmp(const void *lp, const void *rp, void *arg)
{
	const agg_sortctx_t *ctx = arg;
	const dt_aggent_t *l = lp, *r = rp;
	int keypos = ctx->opt ? ctx->opt->keypos : 0;
	int c;

	if (ctx->opt && ctx->opt->by_key) {
		c = dt_agg_keycmp(ctx->desc, l->key, ctx->desc, r->key, keypos);
		if (!c)
			c = dt_agg_valcmp(ctx->desc, l->val, r->val);
	} else {
		c = dt_agg_valcmp(ctx->desc, l->val, r->val);
		if (!c)
			c = dt_agg_keycmp(ctx->desc, l->key, ctx->desc, r->key, keypos);
	}
	return ctx->opt && ctx->opt->reverse ? -c : c;
}

void
dt_agg_sort(const dt_aggdesc_t *desc, dt_aggent_t *ents, size_t n, const dt_aggsort_t *opt)
{
	agg_sortctx_t ctx = { desc, opt };

	if (n > 1)
		qsort_r(ents, n, sizeof(*ents), agg_entcmp, &ctx);
}

/* ---- print ---------------------------------------------------------------------------- */

/* The stackindent option as dt_ksym_fmt_stack takes it. */
static int
stack_indent(int opt)
{
	return opt == 0 ? DT_STACK_INDENT : opt < 0 ? 0 : opt;
}

static void
print_key(dt_strbuf_t *sb, const uint8_t *key, const dt_recitem_t *it, dt_keyfmt_t kf,
	  const dt_aggpopts_t *o)
{
	dt_ksyms_t *ks = o ? o->ksyms : NULL;
	dt_strbuf_t tmp = { 0 };
	uint64_t v;

	switch (kf) {
	case DT_KEYFMT_PLAIN:
		break;
	case DT_KEYFMT_STACK: case DT_KEYFMT_USTACK: {
		uint64_t pcs[128];
		size_t n = DT_MIN(it->size / 8, DT_ARRAY_SIZE(pcs));

		memcpy(pcs, key + it->offset, n * 8);
		if (kf == DT_KEYFMT_USTACK)
			dt_usym_fmt_stack(sb, o ? o->usyms : NULL, pcs, n,
					  stack_indent(o ? o->stackindent : 0));
		else
			dt_ksym_fmt_stack(sb, ks, pcs, n, stack_indent(o ? o->stackindent : 0));
		return;
	}
	case DT_KEYFMT_UADDR: case DT_KEYFMT_USYM: case DT_KEYFMT_UMOD: {
		uint64_t w[2] = { 0, 0 };

		memcpy(w, key + it->offset, DT_MIN(it->size, sizeof(w)));
		dt_usym_fmt_item(&tmp, o ? o->usyms : NULL, kf, w);
		dt_sb_printf(sb, "  %-50s", dt_sb_str(&tmp));
		dt_sb_free(&tmp);
		return;
	}
	case DT_KEYFMT_SYM:
	case DT_KEYFMT_MOD:
		v = 0;
		memcpy(&v, key + it->offset, DT_MIN(it->size, 8));
		if (kf == DT_KEYFMT_SYM)
			dt_ksym_fmt_sym(&tmp, ks, v);
		else
			dt_ksym_fmt_mod(&tmp, ks, v);
		dt_sb_printf(sb, "  %-50s", dt_sb_str(&tmp));
		dt_sb_free(&tmp);
		return;
	}
	if (it->kind == DT_REC_STRING) {
		const char *s = (const char *)key + it->offset;
		int len = (int)strnlen(s, it->size);

		dt_sb_printf(sb, "  %-50.*s", len, s);
		return;
	}
	v = key_uint(key, it);
	switch (it->size) {
	case 1:
	case 2:
		dt_sb_printf(sb, it->size == 1 ? " %3d" : " %5d", (int)v);
		return;
	case 4:
		dt_sb_printf(sb, " %8d", (int)(int32_t)(uint32_t)v);
		return;
	default:
		dt_sb_printf(sb, " %16lld", (long long)v);
		return;
	}
}

/* One histogram row after its value label: the bar and the count. */
static void
print_bar(dt_strbuf_t *sb, int64_t val, long double total, bool pos, bool neg, uint64_t normal)
{
	long long shown = (long long)agg_norm(val, normal);

	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	int len = BAR_LEN, depth = 0;

	if (neg && pos)
		len /= 2;
	if (total != 0 && (neg || pos)) {
		long double f = ((val < 0 ? -(long double)val : (long double)val) * len) / total;

		depth = (int)(f + 0.5);
	}
	if (!neg)
		dt_sb_printf(sb, "|%.*s%*s %-9lld\n", depth, ats, len - depth, "", shown);
	else if (!pos)
		dt_sb_printf(sb, "%*s%.*s| %-9lld\n", len - depth, "", depth, ats, shown);
	else if (val <= 0)
		dt_sb_printf(sb, "%*s%.*s|%*s %-9lld\n", len - depth, "", depth, ats, len, "",
			     shown);
	else
		dt_sb_printf(sb, "%*s|%.*s%*s %-9lld\n", len, "", depth, ats, len - depth, "",
			     shown);
}

/*
 * The rows to show, [*first, *last] of n buckets: one zero row around the non-zero ones, or
 * [empty_first, empty_last] when every bucket is zero.
 */
static void
hist_range(const uint64_t *v, int n, int empty_first, int empty_last, int *first, int *last)
{
	int f = 0, l = n - 1;

	while (f < n && v[f] == 0)
		f++;
	if (f == n) {
		*first = empty_first;
		*last = empty_last;
		return;
	}
	while (l > 0 && v[l] == 0)
		l--;
	*first = f > 0 ? f - 1 : f;
	*last = l < n - 1 ? l + 1 : l;
}

static void
hist_totals(const uint64_t *v, int first, int last, long double *total, bool *pos, bool *neg)
{
	*total = 0;
	*pos = *neg = false;
	for (int i = first; i <= last; i++) {
		int64_t c = (int64_t)v[i];

		*pos |= c > 0;
		*neg |= c < 0;
		*total += c < 0 ? -(long double)c : (long double)c;
	}
}

static void
print_hist_header(dt_strbuf_t *sb)
{
	dt_sb_printf(sb, "\n%16s %41s %-9s\n", "value", "------------- Distribution -------------",
		     "count");
}

static void
print_quantize(dt_strbuf_t *sb, const uint64_t *v, uint64_t normal)
{
	int first, last;
	long double total;
	bool pos, neg;

	hist_range(v, QUANT_NBUCKETS, QUANT_ZERO - 1, QUANT_ZERO + 1, &first, &last);
	hist_totals(v, first, last, &total, &pos, &neg);
	print_hist_header(sb);
	for (int i = first; i <= last; i++) {
		dt_sb_printf(sb, "%16lld ", (long long)quant_bucketval(i));
		print_bar(sb, (int64_t)v[i], total, pos, neg, normal);
	}
}

/* Buckets: [0] below base, [1..levels] base + (i - 1) * step, [levels + 1] the rest. */
static void
print_lquantize(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const uint64_t *v, uint64_t normal)
{
	int64_t base, step;
	int levels, first, last;
	long double total;
	bool pos, neg;
	char label[48];

	lquant_params(desc, &base, &step, &levels);
	hist_range(v, levels + 2, 0, DT_MIN(2, levels + 1), &first, &last);
	hist_totals(v, first, last, &total, &pos, &neg);
	print_hist_header(sb);
	for (int i = first; i <= last; i++) {
		if (i == 0)
			snprintf(label, sizeof(label), "< %lld", (long long)base);
		else if (i == levels + 1)
			snprintf(label, sizeof(label), ">= %lld",
				 (long long)(base + levels * step));
		else
			snprintf(label, sizeof(label), "%lld", (long long)(base + (i - 1) * step));
		dt_sb_printf(sb, "%16s ", label);
		print_bar(sb, (int64_t)v[i], total, pos, neg, normal);
	}
}

/*
 * llquantize(x, factor, low, high, steps): the rows dt_llquant_value names, as DTrace prints
 * them: "<= -N" and ">= N" the outliers, the middle row "0" (or "abs() < N" when low > 0).
 */
static void
print_llquantize(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const uint64_t *v,
		 uint64_t normal)
{
	int n = (int)desc->nwords, first, last;
	long double total;
	bool pos, neg;
	char label[48];

	if (dt_llquant_nwords(desc->arg[0], desc->arg[1], desc->arg[2], desc->arg[3]) !=
	    (uint32_t)n)
		return;
	/* all zero: the middle row and the two above it */
	hist_range(v, n, n / 2, DT_MIN(n / 2 + 2, n - 1), &first, &last);
	hist_totals(v, first, last, &total, &pos, &neg);
	print_hist_header(sb);
	for (int i = first; i <= last; i++) {
		int64_t val;

		switch (dt_llquant_value(desc->arg[0], desc->arg[1], desc->arg[2], desc->arg[3],
					 i, &val)) {
		case DT_LLQ_UNDER:
			snprintf(label, sizeof(label), "<= %lld", (long long)val);
			break;
		case DT_LLQ_OVER:
			snprintf(label, sizeof(label), ">= %lld", (long long)val);
			break;
		case DT_LLQ_ZERO:
			if (val == 1)
				snprintf(label, sizeof(label), "0");
			else
				snprintf(label, sizeof(label), "abs() < %lld", (long long)val);
			break;
		default:
			snprintf(label, sizeof(label), "%lld", (long long)val);
			break;
		}
		dt_sb_printf(sb, "%16s ", label);
		print_bar(sb, (int64_t)v[i], total, pos, neg, normal);
	}
}

void
dt_agg_print_value(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const uint64_t *val,
		   uint64_t normal)
{
	switch (desc->func) {
	case DT_AGG_COUNT:
	case DT_AGG_SUM:
	case DT_AGG_MIN:
	case DT_AGG_MAX:
	case DT_AGG_AVG:
		dt_sb_printf(sb, " %16lld", (long long)dt_agg_value(desc, val, normal));
		return;
	case DT_AGG_STDDEV:
		dt_sb_printf(sb, " %16llu", (unsigned long long)agg_stddev(val, normal));
		return;
	case DT_AGG_QUANTIZE:
		print_quantize(sb, val, normal);
		return;
	case DT_AGG_LQUANTIZE:
		print_lquantize(sb, desc, val, normal);
		return;
	case DT_AGG_LLQUANTIZE:
		print_llquantize(sb, desc, val, normal);
		return;
	}
}

void
dt_agg_print_entries_opts(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *ents,
			  size_t n, const dt_aggpopts_t *opt)
{
	uint64_t normal = opt ? opt->normal : 1;

	for (size_t i = 0; i < n; i++) {
		for (int k = 0; k < desc->nkeys; k++)
			print_key(sb, ents[i].key, &desc->keys[k],
				  opt && opt->keyfmt ? opt->keyfmt[k] : DT_KEYFMT_PLAIN, opt);
		dt_agg_print_value(sb, desc, ents[i].val, normal);
		dt_sb_putc(sb, '\n');
	}
}

void
dt_agg_print_entries(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *ents,
		     size_t n)
{
	dt_agg_print_entries_opts(sb, desc, ents, n, NULL);
}

void
dt_agg_print(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *ents, size_t n)
{
	dt_sb_putc(sb, '\n');
	dt_agg_print_entries(sb, desc, ents, n);
}

/* ---- bucket bounds, for output other than DTrace's tables ----------------------------- */

void
dt_agg_bucket_lows(const dt_aggdesc_t *desc, int64_t *lo)
{
	int n = (int)desc->nwords;

	if (n <= 0)
		return;
	switch (desc->func) {
	case DT_AGG_QUANTIZE:
		for (int b = 0; b < n; b++)
			lo[b] = quant_bucketval(b);
		break;
	case DT_AGG_LQUANTIZE: {
		int64_t base, step;
		int levels;

		lquant_params(desc, &base, &step, &levels);
		for (int b = 1; b < n; b++)
			lo[b] = base + (int64_t)(b - 1) * step;
		break;
	}
	case DT_AGG_LLQUANTIZE: {
		/*
		 * The positive side and the overflow start where dt_llquant_value says; a
		 * negative bucket (and the middle one) is the mirror of the positive one past
		 * its mirror: it starts one above minus that one's start.
		 */
		int p = (n - 3) / 2;

		if (n < 3 || dt_llquant_nwords(desc->arg[0], desc->arg[1], desc->arg[2],
					       desc->arg[3]) != (uint32_t)n) {
			memset(lo, 0, (size_t)n * sizeof(*lo));
			break;
		}
		for (int b = p + 2; b < n; b++)
			dt_llquant_value(desc->arg[0], desc->arg[1], desc->arg[2], desc->arg[3], b,
					 &lo[b]);
		for (int b = 1; b <= p + 1; b++)
			lo[b] = 1 - lo[2 * p + 3 - b];
		break;
	}
	case DT_AGG_COUNT: case DT_AGG_SUM: case DT_AGG_MIN: case DT_AGG_MAX: case DT_AGG_AVG:
	case DT_AGG_STDDEV:
		for (int b = 0; b < n; b++)
			lo[b] = 0;
		break;
	}
	lo[0] = INT64_MIN;	/* the underflow bucket holds everything below */
}

/* ---- operations on snapshots: clear(), trunc() ---------------------------------------- */

void
dt_agg_clear(const dt_aggdesc_t *desc, dt_aggent_t *ents, size_t n)
{
	/* The entries point at const words for readers; the snapshot owns them writable. */
	for (size_t i = 0; i < n; i++)
		memset((void *)(uintptr_t)ents[i].val, 0, desc->nwords * sizeof(uint64_t));
}

void
dt_agg_trunc(const dt_aggdesc_t *desc, dt_aggent_t *ents, size_t *n, int64_t keep,
	     const dt_aggsort_t *opt)
{
	dt_aggsort_t o = { .keypos = opt ? opt->keypos : 0, .reverse = opt && opt->reverse };
	uint64_t k = keep < 0 ? -(uint64_t)keep : (uint64_t)keep;

	if (k >= *n)
		return;
	/* Largest first for keep > 0: the value order turned around. */
	if (keep > 0)
		o.reverse = !o.reverse;
	dt_agg_sort(desc, ents, *n, &o);
	*n = (size_t)k;
}

/* ---- printa() joins ------------------------------------------------------------------- */

typedef struct join_item {
	int agg;
	const dt_aggent_t *ent;
} join_item_t;

typedef struct join_ctx {
	const dt_aggdesc_t *const *aggs;
	int naggs;
	const dt_aggsort_t *opt;
	int sortpos;
} join_ctx_t;

/* Group by key; within a key, argument order (so the first holder is the representative). */
static int
join_itemcmp(const void *lp, const void *rp, void *arg)
{
	const join_ctx_t *ctx = arg;
	const join_item_t *l = lp, *r = rp;
	int c = dt_agg_keycmp(ctx->aggs[l->agg], l->ent->key, ctx->aggs[r->agg], r->ent->key, 0);

	return c ? c : l->agg - r->agg;
}

static int
join_rowcmp(const void *lp, const void *rp, void *arg)
{
	const join_ctx_t *ctx = arg;
	const dt_aggrow_t *l = lp, *r = rp;
	int keypos = ctx->opt ? ctx->opt->keypos : 0;
	int c = 0;

	if (ctx->opt && ctx->opt->by_key)
		c = dt_agg_keycmp(l->keydesc, l->key, r->keydesc, r->key, keypos);
	for (int i = 0; !c && i < ctx->naggs; i++) {
		int a = (ctx->sortpos + i) % ctx->naggs;

		c = dt_agg_valcmp(ctx->aggs[a], l->vals[a], r->vals[a]);
	}
	if (!c && !(ctx->opt && ctx->opt->by_key))
		c = dt_agg_keycmp(l->keydesc, l->key, r->keydesc, r->key, keypos);
	return ctx->opt && ctx->opt->reverse ? -c : c;
}

void
dt_agg_join(dt_aggjoin_t *j, const dt_aggdesc_t *const *aggs, int naggs,
	    const dt_aggent_t *const *ents, const size_t *nents, const dt_aggsort_t *opt)
{
	join_ctx_t ctx = { aggs, naggs, opt, opt ? opt->sortpos : 0 };
	join_item_t *items;
	size_t total = 0, k = 0;
	uint32_t maxw = 1;

	memset(j, 0, sizeof(*j));
	j->naggs = naggs;
	if (ctx.sortpos < 0 || ctx.sortpos >= naggs)
		ctx.sortpos = 0;
	for (int a = 0; a < naggs; a++) {
		total += nents[a];
		maxw = DT_MAX(maxw, aggs[a]->nwords);
	}
	if (!total || naggs <= 0)
		return;
	j->zero = dt_xcalloc(maxw, sizeof(uint64_t));
	items = dt_xcalloc(total, sizeof(*items));
	for (int a = 0; a < naggs; a++) {
		for (size_t i = 0; i < nents[a]; i++)
			items[k++] = (join_item_t){ a, &ents[a][i] };
	}
	qsort_r(items, total, sizeof(*items), join_itemcmp, &ctx);
	j->rows = dt_xcalloc(total, sizeof(*j->rows));
	j->valbuf = dt_xcalloc(total * (size_t)naggs, sizeof(*j->valbuf));
	for (size_t i = 0; i < total;) {
		dt_aggrow_t *row = &j->rows[j->nrows];
		size_t e = i;

		row->vals = &j->valbuf[j->nrows * (size_t)naggs];
		row->keydesc = aggs[items[i].agg];
		row->key = items[i].ent->key;
		for (int a = 0; a < naggs; a++)
			row->vals[a] = j->zero;
		/* One entry per aggregation and key; a duplicate would be a broken snapshot. */
		for (; e < total && dt_agg_keycmp(row->keydesc, row->key, aggs[items[e].agg],
						   items[e].ent->key, 0) == 0; e++) {
			if (row->vals[items[e].agg] == j->zero)
				row->vals[items[e].agg] = items[e].ent->val;
		}
		j->nrows++;
		i = e;
	}
	free(items);
	if (j->nrows > 1)
		qsort_r(j->rows, j->nrows, sizeof(*j->rows), join_rowcmp, &ctx);
}

void
dt_agg_join_free(dt_aggjoin_t *j)
{
	free(j->rows);
	free(j->valbuf);
	free(j->zero);
	memset(j, 0, sizeof(*j));
}
