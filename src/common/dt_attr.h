/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_attr.h: DTrace's stability attributes. An attribute is a triple: the stability of an
 * interface's names, the stability of its data, and its dependency class. Providers publish
 * one per probe description field (provider, module, function, name) and one for their
 * arguments; the compiler gives one to every identifier, type and expression of a program
 * (the least of what it is made of) and reports them with dtrace -v, or refuses a program
 * below -x amin. Each part is ordered from least to most stable.
 */
#ifndef DT_ATTR_H
#define DT_ATTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
	DT_STAB_INTERNAL, DT_STAB_PRIVATE, DT_STAB_OBSOLETE, DT_STAB_EXTERNAL, DT_STAB_UNSTABLE,
	DT_STAB_EVOLVING, DT_STAB_STABLE, DT_STAB_STANDARD,
};
enum {
	DT_CLASS_UNKNOWN, DT_CLASS_CPU, DT_CLASS_PLATFORM, DT_CLASS_GROUP, DT_CLASS_ISA,
	DT_CLASS_COMMON,
};

typedef struct dt_attr {
	uint8_t name, data, dep;	/* DT_STAB_*, DT_STAB_*, DT_CLASS_* */
} dt_attr_t;

/* A provider's attributes: its description fields' and its arguments'. */
typedef struct dt_pattr {
	dt_attr_t prov, mod, func, name, args;
} dt_pattr_t;

#define DT_ATTR(n, d, c) ((dt_attr_t){DT_STAB_##n, DT_STAB_##d, DT_CLASS_##c})
/* What D's own names, constants and types have; the most a computation starts from. */
#define DT_ATTR_STABLE DT_ATTR(STABLE, STABLE, COMMON)
#define DT_ATTR_EVOLVING DT_ATTR(EVOLVING, EVOLVING, COMMON)
#define DT_ATTR_MAX DT_ATTR(STANDARD, STANDARD, COMMON)
/* The kernel's own symbols and types: its implementation, no interface. */
#define DT_ATTR_KERNEL DT_ATTR(PRIVATE, PRIVATE, UNKNOWN)
/* A probe description that names no provider, or matches probes that disagree. */
#define DT_ATTR_UNSTABLE DT_ATTR(UNSTABLE, UNSTABLE, COMMON)

/* Each part the least of the two. */
dt_attr_t dt_attr_min(dt_attr_t a, dt_attr_t b);
/* Is any part of a below min's? ("less than the predefined minimum") */
bool dt_attr_below(dt_attr_t a, dt_attr_t min);
/*
 * "name/data/class", each a name of its part in any case; parts left out are the most
 * stable (as DTrace reads -x amin and #pragma D attributes). 0, or -1 if malformed.
 */
int dt_attr_parse(const char *s, dt_attr_t *a);
/* The index of the word s[0..len) in names[0..n), in any case (DTrace's names are read so);
 * -1 if none. */
int dt_attr_word(const char *const *names, int n, const char *s, size_t len);
/* Each part's name: "Evolving", "ISA". */
const char *dt_attr_stab_name(unsigned s);
const char *dt_attr_class_name(unsigned c);
/* "Stable/Private/Common" in buf. */
const char *dt_attr_str(dt_attr_t a, char *buf, size_t len);

#endif /* DT_ATTR_H */
