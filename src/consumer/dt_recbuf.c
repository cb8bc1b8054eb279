/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_recbuf.c: records kept back instead of printed at once: what a speculation holds until
 * commit() or discard(), and with -x bufpolicy=fill or ring what each CPU's principal buffer
 * would hold until tracing stops. Pure code (no kernel), so it is unit-tested.
 *
 * Copies of the records, oldest first, and the bytes they take, counted against a limit:
 *
 *   recs:  [ let go (ring) ... | first ............................ len )
 *                                ^ oldest kept              newest kept ^
 *
 * A ring lets its oldest records go until a new one fits; the slots they leave are reused
 * once they are half the vector, so keeping a record costs one copy, amortized.
 */
#include <stdlib.h>
#include <string.h>

#include "dt_consumer.h"

static void
dt_recbuf_drop_oldest(dt_recbuf_t *b)
{
	b->bytes -= b->lens.data[b->first];
	free(b->recs.data[b->first]);
	b->recs.data[b->first] = NULL;
	if (++b->first == b->recs.len) {
		b->recs.len = b->lens.len = b->first = 0;
	} else if (b->first >= 64 && b->first * 2 >= b->recs.len) {
		size_t n = b->recs.len - b->first;

		memmove(b->recs.data, b->recs.data + b->first, n * sizeof(*b->recs.data));
		memmove(b->lens.data, b->lens.data + b->first, n * sizeof(*b->lens.data));
		b->recs.len = b->lens.len = n;
		b->first = 0;
	}
}

bool
dt_recbuf_add(dt_recbuf_t *b, const void *rec, uint32_t len, uint64_t limit, bool ring)
{
	uint8_t *copy;

	if (len > limit || (!ring && b->bytes + len > limit))
		return false;
	while (b->bytes + len > limit)
		dt_recbuf_drop_oldest(b);
	copy = dt_xmalloc(len ? len : 1);
	memcpy(copy, rec, len);
	dt_vec_push(&b->recs, copy);
	dt_vec_push(&b->lens, len);
	b->bytes += len;
	return true;
}

size_t
dt_recbuf_count(const dt_recbuf_t *b)
{
	return b->recs.len - b->first;
}

const uint8_t *
dt_recbuf_get(const dt_recbuf_t *b, size_t i, uint32_t *len)
{
	*len = b->lens.data[b->first + i];
	return b->recs.data[b->first + i];
}

void
dt_recbuf_free(dt_recbuf_t *b)
{
	for (size_t i = b->first; i < b->recs.len; i++)
		free(b->recs.data[i]);
	dt_vec_free(&b->recs);
	dt_vec_free(&b->lens);
	memset(b, 0, sizeof(*b));
}
