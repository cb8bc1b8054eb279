/* SPDX-License-Identifier: GPL-2.0-only */
/* test_flame.c: the flame graph's SVG from folded lines (dt_flame_svg): the tree, the widths,
 * names of any bytes as XML text. */
#include <string.h>

#include "consumer/dt_consumer.h"
#include "unit.h"

UNIT_TEST(flame_svg_tree)
{
	dt_strbuf_t sb = {0};
	const char *s;

	dt_flame_svg(&sb, "a;b 3\na;c 1\nx<&\"\x01y\xff 2\nskipped 0\nno_count\n", "T<>");
	s = dt_sb_str(&sb);
	UNIT_TRUE(strstr(s, "data-samples=\"6\"") != NULL);
	UNIT_TRUE(strstr(s, "<title>all (6 samples, 100.00%)</title>") != NULL);
	UNIT_TRUE(strstr(s, "<title>a (4 samples, 66.67%)</title>") != NULL);
	/* b: 3 of 6 samples of 1180 pixels, from the left edge (a is before x) */
	UNIT_TRUE(strstr(s, "<title>b (3 samples, 50.00%)</title><rect x=\"10.0000\" y=\"50\" "
			 "width=\"590.0000\"") != NULL);
	UNIT_TRUE(strstr(s, "<title>c (1 samples, 16.67%)</title><rect x=\"600.0000\"") != NULL);
	UNIT_TRUE(strstr(s, "x&lt;&amp;&quot;?y\xef\xbf\xbd (2 samples") != NULL);
	UNIT_TRUE(strstr(s, ">T&lt;&gt;</text>") != NULL);
	UNIT_TRUE(strstr(s, "skipped") == NULL);
	UNIT_TRUE(strstr(s, "no_count") == NULL);
	dt_sb_free(&sb);
}

UNIT_MAIN()
