/* SPDX-License-Identifier: GPL-2.0-only */
/* test_json.c: JSON strings of any bytes (dt_json_str) and UTF-8 sequences (dt_utf8_seq). */
#include <string.h>

#include "consumer/dt_consumer.h"
#include "unit.h"

static const char *
js(const char *s, size_t n, bool *valid)
{
	static dt_strbuf_t sb;

	dt_sb_reset(&sb);
	*valid = dt_json_str(&sb, s, n);
	return dt_sb_str(&sb);
}

UNIT_TEST(json_escapes)
{
	bool v;

	UNIT_EQ_STR(js("", 0, &v), "\"\"");
	UNIT_TRUE(v);
	UNIT_EQ_STR(js("a\"b\\c/", 6, &v), "\"a\\\"b\\\\c/\"");
	UNIT_EQ_STR(js("\n\t\r\b\f\x01\x1f\x7f", 8, &v),
		    "\"\\n\\t\\r\\u0008\\u000c\\u0001\\u001f\\u007f\"");
	UNIT_TRUE(v);
	UNIT_EQ_STR(js("a\0b", 3, &v), "\"a\\u0000b\"");	/* n bytes, NULs too */
	UNIT_EQ_STR(js("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9, &v), "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"");
	UNIT_TRUE(v);
	UNIT_EQ_STR(js("x\xffy", 3, &v), "\"x\\ufffdy\"");
	UNIT_TRUE(!v);
}

UNIT_TEST(utf8_seq)
{
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"a", 1), 1);
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"\xc3\xa9", 2), 2);
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"\xc3", 1), 0);		/* cut short */
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"\xc0\x80", 2), 0);		/* overlong */
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"\xed\xa0\x80", 3), 0);	/* surrogate */
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"\xf4\x90\x80\x80", 4), 0);	/* > U+10FFFF */
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"\xf0\x9f\x98\x80", 4), 4);
	UNIT_EQ_INT(dt_utf8_seq((const uint8_t *)"\x80", 1), 0);
}

UNIT_MAIN()
