/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_recbuf.c: records kept back (src/consumer/dt_recbuf.c): a limit that refuses (fill,
 * speculations) and a ring that keeps the most recent bytes (bufpolicy=ring).
 */
#include "consumer/dt_consumer.h"
#include "unit.h"

/* The kept records' first bytes, oldest first, as a string ("abc"). */
static const char *
kept(const dt_recbuf_t *b)
{
	static char s[1024];
	size_t n = dt_recbuf_count(b), i;

	for (i = 0; i < n && i < sizeof(s) - 1; i++) {
		uint32_t len;

		s[i] = (char)dt_recbuf_get(b, i, &len)[0];
	}
	s[i] = '\0';
	return s;
}

static bool
add(dt_recbuf_t *b, char c, uint32_t len, uint64_t limit, bool ring)
{
	uint8_t rec[64];

	memset(rec, c, sizeof(rec));
	return dt_recbuf_add(b, rec, len, limit, ring);
}

UNIT_TEST(recbuf_limit)
{
	dt_recbuf_t b = { 0 };
	uint32_t len;

	UNIT_TRUE(add(&b, 'a', 16, 40, false));
	UNIT_TRUE(add(&b, 'b', 16, 40, false));
	UNIT_TRUE(!add(&b, 'c', 16, 40, false));	/* 48 > 40: refused, nothing changes */
	UNIT_TRUE(add(&b, 'd', 8, 40, false));		/* a smaller one still fits */
	UNIT_EQ_STR(kept(&b), "abd");
	UNIT_EQ_INT(b.bytes, 40);
	UNIT_EQ_INT(dt_recbuf_get(&b, 2, &len)[7], 'd');
	UNIT_EQ_INT(len, 8);
	dt_recbuf_free(&b);
	UNIT_EQ_INT(dt_recbuf_count(&b), 0);
	UNIT_TRUE(add(&b, 'e', 40, 40, false));	/* usable again after free */
	UNIT_EQ_STR(kept(&b), "e");
	dt_recbuf_free(&b);
}

UNIT_TEST(recbuf_ring)
{
	dt_recbuf_t b = { 0 };

	for (char c = 'a'; c <= 'f'; c++)
		UNIT_TRUE(add(&b, c, 16, 64, true));
	UNIT_EQ_STR(kept(&b), "cdef");			/* the last 64 bytes */
	UNIT_TRUE(add(&b, 'g', 40, 64, true));		/* room for 40: three go */
	UNIT_EQ_STR(kept(&b), "fg");
	UNIT_EQ_INT(b.bytes, 56);
	UNIT_TRUE(!add(&b, 'h', 65, 64, true));		/* longer than the ring: refused */
	UNIT_EQ_STR(kept(&b), "fg");
	/* many records through a small ring: the slots let go are reused, order is kept */
	for (int i = 0; i < 10000; i++)
		UNIT_TRUE(add(&b, (char)('A' + i % 26), 8, 24, true));
	UNIT_EQ_INT(kept(&b)[0], 'A' + 9997 % 26);
	UNIT_EQ_INT(dt_recbuf_count(&b), 3);
	UNIT_TRUE(b.recs.len < 200);
	dt_recbuf_free(&b);
}

UNIT_MAIN()
