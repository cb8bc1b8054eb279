// SPDX-License-Identifier: GPL-2.0-only
/*
 * dt_attr.c: stability attributes (dt_attr.h): the least of two, the comparison with a
 * minimum, and their names as DTrace spells and reads them.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "dt_attr.h"
#include "dt_common.h"
#include "dt_stapsdt.h"

dt_attr_t
dt_attr_min(dt_attr_t a, dt_attr_t b)
{
	return (dt_attr_t){DT_MIN(a.name, b.name), DT_MIN(a.data, b.data), DT_MIN(a.dep, b.dep)};
}

bool
dt_attr_below(dt_attr_t a, dt_attr_t min)
{
	return a.name < min.name || a.data < min.data || a.dep < min.dep;
}

const char *
dt_attr_stab_name(unsigned s)
{
	return s < DT_ARRAY_SIZE(dt_sdt_stab_names) ? dt_sdt_stab_names[s] : "?";
}

const char *
dt_attr_class_name(unsigned c)
{
	return c < DT_ARRAY_SIZE(dt_sdt_class_names) ? dt_sdt_class_names[c] : "?";
}

const char *
dt_attr_str(dt_attr_t a, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s/%s", dt_attr_stab_name(a.name), dt_attr_stab_name(a.data),
		 dt_attr_class_name(a.dep));
	return buf;
}

int
dt_attr_word(const char *const *names, int n, const char *s, size_t len)
{
	for (int i = 0; i < n; i++)
		if (strlen(names[i]) == len && strncasecmp(names[i], s, len) == 0)
			return i;
	return -1;
}

int
dt_attr_parse(const char *s, dt_attr_t *a)
{
	uint8_t *part[3] = {&a->name, &a->data, &a->dep};

	*a = DT_ATTR_MAX;
	for (int f = 0; *s; f++) {
		size_t len = strcspn(s, "/");
		int i = f >= 3 ? -1 : f < 2 ? dt_attr_word(dt_sdt_stab_names, 8, s, len)
					     : dt_attr_word(dt_sdt_class_names, 6, s, len);

		if (i < 0)
			return -1;
		*part[f] = (uint8_t)i;
		s += len + (s[len] == '/');
	}
	return 0;
}
