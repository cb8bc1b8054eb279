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
 * truncated to integers first. val is [count, sum, sumsq low, sumsq high].
 */
static uint64_t
agg_stddev(const uint64_t *val)
{
	unsigned __int128 sumsq, avgsq, sqavg;
	int64_t avg;

	if (val[0] == 0)
		return 0;
	sumsq = ((unsigned __int128)val[3] << 64) | val[2];
	avgsq = sumsq / val[0];
	avg = (int64_t)val[1] / (int64_t)val[0];
	if (avg < 0)
		avg = -avg;
	sqavg = (unsigned __int128)(uint64_t)avg * (uint64_t)avg;
	return isqrt128(avgsq - sqavg);
}

static int64_t
agg_avg(const uint64_t *val)
{
	return val[0] ? (int64_t)val[1] / (int64_t)val[0] : 0;
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

static int
agg_valcmp(const dt_aggdesc_t *desc, const uint64_t *l, const uint64_t *r)
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
		return cmp_i64((int64_t)l[0], (int64_t)r[0]);
	case DT_AGG_AVG:
		return cmp_i64(agg_avg(l), agg_avg(r));
	case DT_AGG_STDDEV:
		ls = agg_stddev(l);
		rs = agg_stddev(r);
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
		lw = rw = 0;
		for (uint32_t i = 0; i < desc->nwords; i++) {
			lw += (long double)i * (long double)(int64_t)l[i];
			rw += (long double)i * (long double)(int64_t)r[i];
		}
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

static int
agg_keycmp(const dt_aggdesc_t *desc, int keypos, const uint8_t *l, const uint8_t *r)
{
	int n = desc->nkeys;

	if (keypos >= n)
		keypos = 0;
	for (int i = 0; i < n; i++) {
		const dt_recitem_t *it = &desc->keys[(i + keypos) % n];
		int c;

		if (it->kind == DT_REC_STRING) {
			c = strncmp((const char *)l + it->offset, (const char *)r + it->offset,
				    it->size);
			if (c)
				return c < 0 ? -1 : 1;
		} else {
			uint64_t a = key_uint(l, it), b = key_uint(r, it);

			if (a != b)
				return a < b ? -1 : 1;
		}
	}
	return 0;
}

static int
agg_entcmp(const void *lp, const void *rp, void *arg)
{
	const agg_sortctx_t *ctx = arg;
	const dt_aggent_t *l = lp, *r = rp;
	int keypos = ctx->opt ? ctx->opt->keypos : 0;
	int c;

	if (ctx->opt && ctx->opt->by_key) {
		c = agg_keycmp(ctx->desc, keypos, l->key, r->key);
		if (!c)
			c = agg_valcmp(ctx->desc, l->val, r->val);
	} else {
		c = agg_valcmp(ctx->desc, l->val, r->val);
		if (!c)
			c = agg_keycmp(ctx->desc, keypos, l->key, r->key);
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

static void
print_key(dt_strbuf_t *sb, const uint8_t *key, const dt_recitem_t *it)
{
	uint64_t v;

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
print_bar(dt_strbuf_t *sb, int64_t val, long double total, bool pos, bool neg)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	int len = BAR_LEN, depth = 0;

	if (neg && pos)
		len /= 2;
	if (total != 0 && (neg || pos)) {
		long double f = ((val < 0 ? -(long double)val : (long double)val) * len) / total;

		depth = (int)(f + 0.5);
	}
	if (!neg)
		dt_sb_printf(sb, "|%.*s%*s %-9lld\n", depth, ats, len - depth, "",
			     (long long)val);
	else if (!pos)
		dt_sb_printf(sb, "%*s%.*s| %-9lld\n", len - depth, "", depth, ats,
			     (long long)val);
	else if (val <= 0)
		dt_sb_printf(sb, "%*s%.*s|%*s %-9lld\n", len - depth, "", depth, ats, len, "",
			     (long long)val);
	else
		dt_sb_printf(sb, "%*s|%.*s%*s %-9lld\n", len, "", depth, ats, len - depth, "",
			     (long long)val);
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
print_quantize(dt_strbuf_t *sb, const uint64_t *v)
{
	int first, last;
	long double total;
	bool pos, neg;

	hist_range(v, QUANT_NBUCKETS, QUANT_ZERO - 1, QUANT_ZERO + 1, &first, &last);
	hist_totals(v, first, last, &total, &pos, &neg);
	print_hist_header(sb);
	for (int i = first; i <= last; i++) {
		dt_sb_printf(sb, "%16lld ", (long long)quant_bucketval(i));
		print_bar(sb, (int64_t)v[i], total, pos, neg);
	}
}

/* Buckets: [0] below base, [1..levels] base + (i - 1) * step, [levels + 1] the rest. */
static void
print_lquantize(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const uint64_t *v)
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
		print_bar(sb, (int64_t)v[i], total, pos, neg);
	}
}

/*
 * llquantize(x, factor, low, high, steps): [0] below factor^low, then for each order of
 * magnitude m in low..high the values factor^m + k * step (step = factor^(m+1) / steps, at
 * least 1) below factor^(m+1), then [last] from factor^(high+1) up.
 */
static void
print_llquantize(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const uint64_t *v)
{
	int64_t factor = desc->arg[0], low = desc->arg[1], high = desc->arg[2];
	int64_t nsteps = desc->arg[3], value = 1, next, step, order;
	int n = (int)desc->nwords, first, last, bin = 1;
	long double total;
	bool pos, neg;
	char label[48];

	if (factor < 2 || low > high || nsteps <= 0 || n < 2)
		return;
	hist_range(v, n, 0, 1, &first, &last);
	hist_totals(v, first, last, &total, &pos, &neg);
	print_hist_header(sb);
	for (order = 0; order < low; order++)
		value *= factor;
	next = value * factor;
	step = next > nsteps ? next / nsteps : 1;
	if (first == 0) {
		snprintf(label, sizeof(label), "< %lld", (long long)value);
		dt_sb_printf(sb, "%16s ", label);
		print_bar(sb, (int64_t)v[0], total, pos, neg);
	}
	while (order <= high && bin < n) {
		if (bin >= first && bin <= last) {
			dt_sb_printf(sb, "%16lld ", (long long)value);
			print_bar(sb, (int64_t)v[bin], total, pos, neg);
		}
		bin++;
		if ((value += step) != next)
			continue;
		next = value * factor;
		step = next > nsteps ? next / nsteps : 1;
		order++;
	}
	if (last < bin || bin >= n)
		return;
	snprintf(label, sizeof(label), ">= %lld", (long long)value);
	dt_sb_printf(sb, "%16s ", label);
	print_bar(sb, (int64_t)v[bin], total, pos, neg);
}

static void
print_entry(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *e)
{
	for (int k = 0; k < desc->nkeys; k++)
		print_key(sb, e->key, &desc->keys[k]);
	switch (desc->func) {
	case DT_AGG_COUNT:
	case DT_AGG_SUM:
	case DT_AGG_MIN:
	case DT_AGG_MAX:
		dt_sb_printf(sb, " %16lld", (long long)e->val[0]);
		break;
	case DT_AGG_AVG:
		dt_sb_printf(sb, " %16lld", (long long)agg_avg(e->val));
		break;
	case DT_AGG_STDDEV:
		dt_sb_printf(sb, " %16llu", (unsigned long long)agg_stddev(e->val));
		break;
	case DT_AGG_QUANTIZE:
		print_quantize(sb, e->val);
		break;
	case DT_AGG_LQUANTIZE:
		print_lquantize(sb, desc, e->val);
		break;
	case DT_AGG_LLQUANTIZE:
		print_llquantize(sb, desc, e->val);
		break;
	}
	dt_sb_putc(sb, '\n');
}

void
dt_agg_print_entries(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *ents,
		     size_t n)
{
	for (size_t i = 0; i < n; i++)
		print_entry(sb, desc, &ents[i]);
}

void
dt_agg_print(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *ents, size_t n)
{
	dt_sb_putc(sb, '\n');
	dt_agg_print_entries(sb, desc, ents, n);
}
