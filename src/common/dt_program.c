/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_program.c: the layouts dt_program.h describes that more than one stage computes: the
 * compiler sizes an llquantize() value, codegen picks its bucket in BPF, the consumer prints it.
 */
#include <stdint.h>

#include "dt_program.h"

/* factor^e, or 0 when it overflows 63 bits. */
static int64_t
ipow(int64_t factor, int64_t e)
{
	int64_t v = 1;

	for (int64_t i = 0; i < e; i++) {
		if (v > INT64_MAX / factor)
			return 0;
		v *= factor;
	}
	return v;
}

/*
 * The rules the layout needs (the compiler says DTrace's words for each): steps divides the
 * factor when it is smaller, is a multiple of it when larger, and factor^(high+1) fits.
 */
static bool
llquant_ok(int64_t factor, int64_t low, int64_t high, int64_t steps)
{
	return factor >= 2 && low >= 0 && high >= low && high < 64 && steps >= 1 &&
	       (steps <= factor ? factor % steps == 0 : steps % factor == 0) &&
	       ipow(factor, high + 1) != 0;
}

/* Order m's buckets: width w, and the first multiple k0 = factor^m / w of it that counts. */
static int64_t
llquant_order(int64_t factor, int64_t m, int64_t steps, int64_t *w, int64_t *k0)
{
	int64_t next = ipow(factor, m + 1);

	*w = next / steps > 1 ? next / steps : 1;
	*k0 = ipow(factor, m) / *w;
	return next / *w - *k0;
}

/* P: the buckets of the positive side, all orders together (-1 for bad parameters). */
static int64_t
llquant_side(int64_t factor, int64_t low, int64_t high, int64_t steps)
{
	int64_t n = 0, w, k0;

	if (!llquant_ok(factor, low, high, steps))
		return -1;
	for (int64_t m = low; m <= high; m++) {
		n += llquant_order(factor, m, steps, &w, &k0);
		if (n > INT32_MAX / 4)
			return -1;
	}
	return n;
}

uint32_t
dt_llquant_nwords(int64_t factor, int64_t low, int64_t high, int64_t steps)
{
	int64_t p = llquant_side(factor, low, high, steps);

	return p < 0 ? 0 : (uint32_t)(2 * p + 3);
}

int
dt_llquant_bucket(int64_t factor, int64_t low, int64_t high, int64_t steps, int64_t value)
{
	int64_t p = llquant_side(factor, low, high, steps), a, pos = 0, base = 1, w, k0;

	if (p < 0)
		return -1;
	if (value == INT64_MIN)
		return 0;
	a = value < 0 ? -value : value;
	if (a >= ipow(factor, low)) {
		pos = p + 1;	/* above every order unless one holds it */
		for (int64_t m = low; m <= high; m++) {
			int64_t n = llquant_order(factor, m, steps, &w, &k0);

			if (a < ipow(factor, m + 1)) {
				pos = base + a / w - k0;
				break;
			}
			base += n;
		}
	}
	return (int)(value < 0 ? p + 1 - pos : p + 1 + pos);
}

int
dt_llquant_value(int64_t factor, int64_t low, int64_t high, int64_t steps, int idx,
		 int64_t *value)
{
	int64_t p = llquant_side(factor, low, high, steps), pos, w, k0;

	*value = 0;
	if (p < 0 || idx < 0 || idx > 2 * p + 2)
		return DT_LLQ_BAD;
	if (idx == 0 || idx == 2 * p + 2) {
		*value = idx ? ipow(factor, high + 1) : -ipow(factor, high + 1);
		return idx ? DT_LLQ_OVER : DT_LLQ_UNDER;
	}
	if (idx == p + 1) {
		*value = ipow(factor, low);
		return DT_LLQ_ZERO;
	}
	pos = idx > p + 1 ? idx - p - 1 : p + 1 - idx;
	for (int64_t m = low; m <= high; m++) {
		int64_t n = llquant_order(factor, m, steps, &w, &k0);

		if (pos <= n) {
			*value = pos == 1 ? ipow(factor, m) : (k0 + pos - 1) * w;
			break;
		}
		pos -= n;
	}
	if (idx < p + 1)
		*value = -*value;
	return DT_LLQ_BUCKET;
}
