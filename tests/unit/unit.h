/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * unit.h: a tiny unit-test harness. Each tests/unit/test_*.c is one binary:
 *
 *   UNIT_TEST(name) { UNIT_EQ_STR(got, want); UNIT_EQ_INT(a, b); UNIT_TRUE(x); }
 *   int main(void) { return unit_main(); }   -- or UNIT_MAIN()
 *
 * Every test runs; a failed check prints file:line and what differed. The binary prints one
 * line per test ("ok name" / "FAIL name") and ends with "N passed, N failed"; exit 1 on failure.
 */
#ifndef UNIT_H
#define UNIT_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void (*unit_fn_t)(void);
struct unit_case {
	const char *name;
	unit_fn_t fn;
};
static struct unit_case unit_cases[512];
static int unit_ncases, unit_cur_failed;

#define UNIT_TEST(n)                                                                         \
	static void unit_##n(void);                                                          \
	__attribute__((constructor)) static void unit_reg_##n(void)                          \
	{                                                                                    \
		unit_cases[unit_ncases].name = #n;                                           \
		unit_cases[unit_ncases++].fn = unit_##n;                                     \
	}                                                                                    \
	static void unit_##n(void)

#define UNIT_FAIL(...)                                                                       \
	do {                                                                                 \
		fprintf(stderr, "%s:%d: ", __FILE__, __LINE__);                              \
		fprintf(stderr, __VA_ARGS__);                                                \
		fputc('\n', stderr);                                                         \
		unit_cur_failed = 1;                                                         \
	} while (0)

#define UNIT_TRUE(x)                                                                         \
	do {                                                                                 \
		if (!(x))                                                                    \
			UNIT_FAIL("expected true: %s", #x);                                  \
	} while (0)

#define UNIT_EQ_INT(a, b)                                                                    \
	do {                                                                                 \
		long long unit_a = (long long)(a), unit_b = (long long)(b);                  \
		if (unit_a != unit_b)                                                        \
			UNIT_FAIL("%s == %lld, want %lld", #a, unit_a, unit_b);              \
	} while (0)

#define UNIT_EQ_STR(a, b)                                                                    \
	do {                                                                                 \
		const char *unit_a = (a), *unit_b = (b);                                     \
		if (!unit_a || !unit_b || strcmp(unit_a, unit_b) != 0)                       \
			UNIT_FAIL("%s:\n--- got ---\n%s\n--- want ---\n%s\n---", #a,         \
				  unit_a ? unit_a : "(null)", unit_b ? unit_b : "(null)");   \
	} while (0)

static inline int
unit_main(void)
{
	int passed = 0, failed = 0;

	for (int i = 0; i < unit_ncases; i++) {
		unit_cur_failed = 0;
		unit_cases[i].fn();
		printf("%s %s\n", unit_cur_failed ? "FAIL" : "ok", unit_cases[i].name);
		if (unit_cur_failed)
			failed++;
		else
			passed++;
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}

#define UNIT_MAIN()                                                                          \
	int main(void) { return unit_main(); }

#endif
