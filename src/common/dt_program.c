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

static bool
llquant_ok(int64_t factor, int64_t low, int64_t high, int64_t steps)
{
	return factor >= 2 && low >= 0 && high >= low && high < 64 && steps >= 1 &&
	       steps % factor == 0 && ipow(factor, high + 1) != 0;
}

uint32_t
dt_llquant_nwords(int64_t factor, int64_t low, int64_t high, int64_t steps)
{
	uint64_t n = 2;

	if (!llquant_ok(factor, low, high, steps))
		return 0;
	for (int64_t m = low; m <= high; m++) {
		int64_t nb = DT_MIN(ipow(factor, m + 1), steps);

		n += (uint64_t)(nb - nb / factor);
		if (n > UINT32_MAX)
			return 0;
	}
	return (uint32_t)n;
}

int
dt_llquant_bucket(int64_t factor, int64_t low, int64_t high, int64_t steps, int64_t value)
{
	int64_t this, base = 1;

	if (!llquant_ok(factor, low, high, steps))
		return -1;
	this = ipow(factor, low);
	if (value < this)
		return 0;
	for (int64_t m = low; m <= high; m++) {
		int64_t next = this * factor, nb = DT_MIN(next, steps);

		if (value < next)
			return (int)(base + (value - this) / (next / nb));
		base += nb - nb / factor;
		this = next;
	}
	return (int)base;
}
