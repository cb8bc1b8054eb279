/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_print.c: the bytes of tracemem(), trace() of a struct, union or array, and print().
 *
 * tracemem() (and trace() of bytes that are not a string) prints DTrace's raw dump: a
 * newline, a column header, then one row per 16 bytes (offset, bytes in hex, then the bytes
 * with non-printable ones as '.'):
 *
 *                  0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
 *          0: 64 74 72 61 63 65 00 00 00 00 00 00 00 00 00 00  dtrace..........
 *
 *   header: 5 + 6 spaces, then "  %c" per column, then "  0123456789abcdef"
 *   rows:   5 spaces, "%5x:", " %02x" per byte (a short last row is padded with "   " per
 *           missing byte), two spaces, the characters
 *
 * print() prints the value by its type as DTrace's print() does (MDB's "::print -tn"): the
 * type name, then for a struct or union "{" and one member a line, indented 4 spaces a
 * level, as "type name = value"; integers in hex ("%#x": 0 is "0"), char as 'c', enums by
 * enumerator name, pointers in hex, arrays as "[ a, b ]" (a char array holding a string as
 * "[ \"str\" ]", or just "\"str\"" at the top level), bit-fields as "type name :bits = 0x..".
 * A scalar prints "type value" and a newline; a struct ends with its "}" (no newline).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../compiler/dt_compiler.h"
#include "dt_consumer.h"

void
dt_fmt_rawbytes(dt_strbuf_t *sb, const uint8_t *p, size_t n)
{
	const int margin = 5;

	if (n == 0)
		return;
	dt_sb_printf(sb, "\n%*s      ", margin, "");
	for (int i = 0; i < 16; i++)
		dt_sb_printf(sb, "  %c", "0123456789abcdef"[i]);
	dt_sb_puts(sb, "  0123456789abcdef\n");
	for (size_t i = 0; i < n; i += 16) {
		size_t j;

		dt_sb_printf(sb, "%*s%5zx:", margin, "", i);
		for (j = i; j < i + 16 && j < n; j++)
			dt_sb_printf(sb, " %02x", p[j]);
		while (j++ % 16)
			dt_sb_puts(sb, "   ");
		dt_sb_puts(sb, "  ");
		for (j = i; j < i + 16 && j < n; j++)
			dt_sb_putc(sb, p[j] < ' ' || p[j] > '~' ? '.' : (char)p[j]);
		dt_sb_putc(sb, '\n');
	}
}

/*
 * trace() of bytes: a string when they look like one (printable, then only NULs), else raw.
 * A struct or union (type t) is always raw, as Oracle's DTrace prints one.
 */
void
dt_fmt_bytes(dt_strbuf_t *sb, const dt_type_t *t, const uint8_t *p, size_t n, bool quiet)
{
	size_t i, j;

	if (n == 0)
		return;
	t = t ? dt_type_resolve(t) : NULL;
	if (t && (t->kind == DT_TYPE_STRUCT || t->kind == DT_TYPE_UNION)) {
		dt_fmt_rawbytes(sb, p, n);
		return;
	}
	for (i = 0; i < n; i++) {
		int c = (char)p[i];

		if (isprint(c) || isspace(c) || c == '\b' || c == '\a')
			continue;
		if (c == '\0' && i > 0) {
			for (j = i + 1; j < n && p[j] == 0; j++)
				;
			if (j != n)
				break;
			if (quiet)
				dt_sb_printf(sb, "%s", (const char *)p);
			else
				dt_sb_printf(sb, "  %-33s", (const char *)p);
			return;
		}
		break;
	}
	if (i == n) {
		dt_sb_printf(sb, "  %-33.*s", (int)n, (const char *)p);
		return;
	}
	dt_fmt_rawbytes(sb, p, n);
}

/* ---- print() ---------------------------------------------------------------------------- */

typedef struct dt_pa {
	dt_strbuf_t *sb;
	const uint8_t *base;	/* the recorded value */
	size_t len;
	int depth;		/* member depth of the last line printed */
	int nest;		/* array nesting */
	uint64_t limit;		/* print(p): members from this offset on are "..." (0: none) */
	bool cut;		/* print(p): a member was past printsize, no more are printed */
	bool closing;		/* print(p): the last lines are closing braces of structs... */
	size_t close_at;	/* ...from here on in sb */
} dt_pa_t;

static void dt_pr_visit(dt_pa_t *pa, const char *name, const dt_type_t *t, uint64_t off,
			uint32_t bits, int depth);

static bool
dt_pr_structlike(const dt_type_t *rt)
{
	return rt->kind == DT_TYPE_STRUCT || rt->kind == DT_TYPE_UNION;
}

static void
dt_pr_trailing_braces(dt_pa_t *pa, int depth)
{
	for (int d = pa->depth; d > depth; d--)
		dt_sb_printf(pa->sb, "%*s}%s", (d + pa->nest - 1) * 4, "",
			     d == depth + 1 ? "" : "\n");
}

static void
dt_pr_indent(dt_pa_t *pa)
{
	dt_sb_printf(pa->sb, "%*s", (pa->depth + pa->nest) * 4, "");
}

/* The little-endian unsigned integer of size bytes at byte offset off (0 past the end). */
static uint64_t
dt_pr_uint(dt_pa_t *pa, uint64_t off, size_t size)
{
	uint64_t v = 0;

	if (off + size <= pa->len)
		memcpy(&v, pa->base + off, size);
	return v;
}

static bool
dt_pr_is_char(const dt_type_t *rt)
{
	return rt->kind == DT_TYPE_INT && rt->size == 1 && rt->name &&
	       (strcmp(rt->name, "char") == 0 || strcmp(rt->name, "signed char") == 0);
}

static void
dt_pr_hex(dt_pa_t *pa, uint64_t off, size_t size)
{
	switch (size) {
	case 1: case 2: case 4:
		dt_sb_printf(pa->sb, "%#x", (unsigned)dt_pr_uint(pa, off, size));
		break;
	case 8:
		dt_sb_printf(pa->sb, "%#llx", (unsigned long long)dt_pr_uint(pa, off, 8));
		break;
	default:
		dt_sb_printf(pa->sb, "<invalid size %u>", (unsigned)size);
		break;
	}
}

static void
dt_pr_int(dt_pa_t *pa, const dt_type_t *rt, uint64_t bitoff, uint32_t bits)
{
	uint64_t off = bitoff / 8;

	if (bits || bitoff % 8) {
		/* a bit-field */
		uint32_t nb = bits ? bits : rt->size * 8;
		size_t size = (bitoff % 8 + nb + 7) / 8;
		uint64_t v = dt_pr_uint(pa, off, DT_MIN(size, 8u));

		v >>= bitoff % 8;
		if (nb < 64)
			v &= (1ULL << nb) - 1;
		dt_sb_printf(pa->sb, "%#llx", (unsigned long long)v);
		return;
	}
	if (dt_pr_is_char(rt)) {
		char c = (char)dt_pr_uint(pa, off, 1);

		if (isprint((unsigned char)c))
			dt_sb_printf(pa->sb, "'%c'", c);
		else if (c == 0)
			dt_sb_puts(pa->sb, "'\\0'");
		else
			dt_sb_printf(pa->sb, "'\\%03o'", (unsigned char)c);
		return;
	}
	dt_pr_hex(pa, off, rt->size);
}

static void
dt_pr_enum(dt_pa_t *pa, const dt_type_t *rt, uint64_t off)
{
	int value;

	switch (rt->size) {
	case 1:
		value = (uint8_t)dt_pr_uint(pa, off, 1);
		break;
	case 2:
		value = (uint16_t)dt_pr_uint(pa, off, 2);
		break;
	case 4:
		value = (int32_t)dt_pr_uint(pa, off, 4);
		break;
	default:
		dt_sb_printf(pa->sb, "<invalid enum size %u>", (unsigned)rt->size);
		return;
	}
	for (uint32_t i = 0; rt->enums && i < rt->nenums; i++) {
		if (rt->enums[i].value == value) {
			dt_sb_puts(pa->sb, rt->enums[i].name);
			return;
		}
	}
	dt_sb_printf(pa->sb, "%d", value);
}

static void
dt_pr_float(dt_pa_t *pa, const dt_type_t *rt, uint64_t off)
{
	if (rt->size == sizeof(float)) {
		float f;
		uint32_t u = (uint32_t)dt_pr_uint(pa, off, 4);

		memcpy(&f, &u, 4);
		dt_sb_printf(pa->sb, "%+.7e", f);
	} else if (rt->size == sizeof(double)) {
		double d;
		uint64_t u = dt_pr_uint(pa, off, 8);

		memcpy(&d, &u, 8);
		dt_sb_printf(pa->sb, "%+.7e", d);
	} else {
		dt_sb_puts(pa->sb, "<unknown encoding>");
	}
}

static void
dt_pr_array(dt_pa_t *pa, const dt_type_t *rt, uint64_t off)
{
	const dt_type_t *et = rt->base ? dt_type_resolve(rt->base) : NULL;
	uint32_t esize = rt->base ? rt->base->size : 0;
	bool isstring = false;
	uint32_t i;

	if (!et) {
		dt_sb_puts(pa->sb, "<invalid type>");
		return;
	}
	if (dt_pr_is_char(et)) {
		char c = 0;

		for (i = 0; i < rt->nelems; i++) {
			c = (char)dt_pr_uint(pa, off + (uint64_t)esize * i, 1);
			if (!isprint((unsigned char)c) || c == '\0')
				break;
		}
		if (i != rt->nelems && c == '\0')
			isstring = true;
	}
	if (!isstring || pa->depth != 0)
		dt_sb_puts(pa->sb, "[ ");
	if (isstring)
		dt_sb_putc(pa->sb, '"');
	for (i = 0; i < rt->nelems; i++) {
		if (isstring) {
			char c = (char)dt_pr_uint(pa, off + (uint64_t)esize * i, 1);

			if (c == '\0')
				break;
			dt_sb_putc(pa->sb, c);
		} else {
			dt_pa_t sub = *pa;

			sub.nest += pa->depth + 1;
			sub.depth = 0;
			dt_pr_visit(&sub, "", rt->base, (off + (uint64_t)esize * i) * 8, 0, 0);
			dt_pr_trailing_braces(&sub, 0);
			if (i != rt->nelems - 1)
				dt_sb_puts(pa->sb, ", ");
			else if (dt_pr_structlike(et))
				dt_sb_putc(pa->sb, '\n');
		}
	}
	if (isstring)
		dt_sb_putc(pa->sb, '"');
	if (!isstring || pa->depth != 0) {
		if (dt_pr_structlike(et))
			dt_pr_indent(pa);
		else
			dt_sb_putc(pa->sb, ' ');
		dt_sb_putc(pa->sb, ']');
	}
}

/* One node of the type walk (the value itself at depth 0, then its members), in order. */
static void
dt_pr_visit(dt_pa_t *pa, const char *name, const dt_type_t *t, uint64_t off, uint32_t bits,
	    int depth)
{
	const dt_type_t *rt = dt_type_resolve(t);
	dt_strbuf_t tn = {0};
	bool arraymember, brief;

	dt_pr_trailing_braces(pa, depth);
	if (depth < pa->depth)
		dt_sb_putc(pa->sb, '\n');
	pa->depth = depth;
	if (!rt)
		return;
	dt_type_name_of(t, &tn);
	arraymember = pa->nest != 0 && depth == 0;
	brief = arraymember && !dt_pr_structlike(rt);
	if (!brief) {
		const char *ts = dt_sb_str(&tn);
		size_t tl = strlen(ts);

		if (arraymember)
			dt_sb_putc(pa->sb, '\n');
		dt_pr_indent(pa);
		dt_sb_puts(pa->sb, ts);
		if (name[0] != '\0') {
			if (tl && ts[tl - 1] != '*' && ts[tl - 1] != ' ')
				dt_sb_putc(pa->sb, ' ');
			dt_sb_puts(pa->sb, name);
			if (rt->kind == DT_TYPE_INT && (bits || off % 8))
				dt_sb_printf(pa->sb, " :%u", bits ? bits : rt->size * 8);
			dt_sb_puts(pa->sb, " =");
		}
		dt_sb_putc(pa->sb, ' ');
	}
	dt_sb_free(&tn);
	switch (rt->kind) {
	case DT_TYPE_INT:
		dt_pr_int(pa, rt, off, bits);
		break;
	case DT_TYPE_FLOAT:
		dt_pr_float(pa, rt, off / 8);
		break;
	case DT_TYPE_PTR: case DT_TYPE_FUNC:
		dt_pr_hex(pa, off / 8, 8);
		break;
	case DT_TYPE_ARRAY:
		dt_pr_array(pa, rt, off / 8);
		break;
	case DT_TYPE_STRUCT: case DT_TYPE_UNION:
		dt_sb_putc(pa->sb, rt->incomplete ? ' ' : '{');
		break;
	case DT_TYPE_ENUM:
		dt_pr_enum(pa, rt, off / 8);
		break;
	case DT_TYPE_STRING:
		dt_sb_printf(pa->sb, "\"%.*s\"", (int)strnlen((const char *)pa->base, pa->len),
			     (const char *)pa->base);
		break;
	default:
		dt_sb_puts(pa->sb, "<forward decl>");
		break;
	}
	if (!brief)
		dt_sb_putc(pa->sb, '\n');
	if (dt_pr_structlike(rt) && rt->members)
		for (uint32_t i = 0; i < rt->nmembers; i++)
			dt_pr_visit(pa, rt->members[i].name, rt->members[i].type,
				    off + rt->members[i].bit_off, rt->members[i].bit_size,
				    depth + 1);
}

void
dt_fmt_print(dt_strbuf_t *sb, const dt_type_t *t, const uint8_t *p, size_t n)
{
	dt_pa_t pa = {.sb = sb, .base = p, .len = n};

	dt_pr_visit(&pa, "", t, 0, 0, 0);
	dt_pr_trailing_braces(&pa, 0);
}

/* ---- print() of a pointer: the object it points at, as Oracle's DTrace prints it ------ */

/*
 *	0xffff... = *
 *	                                            (struct s) {
 *	                                             .a = (int)1,
 *	                                             .u = (union) {
 *	                                              .c = (__u8)21,
 *	                                             },
 *	                                            }
 *
 * One "(type)value" line per member, one more space of indent per level; members whose bytes
 * are all zero are left out, and a char array stops at its first NUL.
 */
#define DT_PO_INDENT 44

static bool
dt_po_zero(const dt_pa_t *pa, uint64_t off, uint64_t n)
{
	for (uint64_t i = off; i < off + n && i < pa->len; i++)
		if (pa->base[i])
			return false;
	return true;
}

/* A type's name as print() shows it: an anonymous struct is "struct", not "struct ". */
static void
dt_po_tname(dt_pa_t *pa, const dt_type_t *t)
{
	dt_strbuf_t tn = {0};
	const char *s;
	size_t l;

	dt_type_name_of(t, &tn);
	s = dt_sb_str(&tn);
	l = strlen(s);
	while (l && s[l - 1] == ' ')
		l--;
	dt_sb_printf(pa->sb, "(%.*s)", (int)l, s);
	dt_sb_free(&tn);
}

static void dt_po_value(dt_pa_t *pa, const char *name, const dt_type_t *t, uint64_t off,
			int ind, const char *end);

/*
 * The "..." of a member past printsize, at that member's indent. Oracle's DTrace closes a
 * struct or union only when it reaches a member outside it, so the braces of those that
 * ended just before the member left out come after the "...": it goes in before them.
 */
static void
dt_po_ellipsis(dt_pa_t *pa, int ind)
{
	size_t at = pa->closing ? pa->close_at : pa->sb->len, n = pa->sb->len - at;
	char *tail = dt_xmalloc(n + 1);

	memcpy(tail, pa->sb->s + at, n);
	pa->sb->len = at;
	dt_sb_printf(pa->sb, "%*s...\n", ind, "");
	dt_sb_putn(pa->sb, tail, n);
	free(tail);
	pa->closing = false;
	pa->cut = true;
}

/* The members of struct or union rt at off; an anonymous one's members are its parent's. */
static void
dt_po_members(dt_pa_t *pa, const dt_type_t *rt, uint64_t off, int ind)
{
	for (uint32_t i = 0; rt->members && i < rt->nmembers && !pa->cut; i++) {
		const dt_member_t *m = &rt->members[i];
		uint64_t mo = off + m->bit_off / 8;
		const dt_type_t *mt = dt_type_resolve(m->type);

		if (!mt || m->bit_size || dt_po_zero(pa, mo, mt->size))
			continue;	/* nothing to see (bit-fields are not shown) */
		if (pa->limit && mo >= pa->limit) {
			dt_po_ellipsis(pa, ind);	/* past printsize */
			break;
		}
		if (!m->name[0] && dt_pr_structlike(mt))
			dt_po_members(pa, mt, mo, ind);
		else
			dt_po_value(pa, m->name, m->type, mo, ind, ",");
	}
}

static void
dt_po_value(dt_pa_t *pa, const char *name, const dt_type_t *t, uint64_t off, int ind,
	    const char *end)
{
	const dt_type_t *rt = dt_type_resolve(t);

	pa->closing = false;
	dt_sb_printf(pa->sb, "%*s", ind, "");
	if (name)
		dt_sb_printf(pa->sb, ".%s = ", name);
	dt_po_tname(pa, t);
	switch (rt ? rt->kind : DT_TYPE_VOID) {
	case DT_TYPE_INT:
		if (dt_pr_is_char(rt)) {
			dt_sb_printf(pa->sb, "'%c'", (char)dt_pr_uint(pa, off, 1));
		} else {
			uint64_t v = dt_pr_uint(pa, off, DT_MIN(rt->size, 8u));
			int sh = 64 - 8 * (int)DT_MIN(rt->size, 8u);

			if (rt->is_signed)
				dt_sb_printf(pa->sb, "%lld", (long long)((int64_t)(v << sh) >> sh));
			else
				dt_sb_printf(pa->sb, "%llu", (unsigned long long)v);
		}
		break;
	case DT_TYPE_PTR: case DT_TYPE_FUNC:
		dt_sb_printf(pa->sb, "%#llx", (unsigned long long)dt_pr_uint(pa, off, 8));
		break;
	case DT_TYPE_ENUM:
		dt_pr_enum(pa, rt, off);
		break;
	case DT_TYPE_FLOAT:
		dt_pr_float(pa, rt, off);
		break;
	case DT_TYPE_ARRAY: {
		const dt_type_t *et = rt->base ? dt_type_resolve(rt->base) : NULL;
		uint32_t esz = rt->base ? rt->base->size : 0;

		dt_sb_puts(pa->sb, " [\n");
		for (uint32_t i = 0; et && i < rt->nelems && !pa->cut; i++) {
			if (dt_pr_is_char(et) && dt_pr_uint(pa, off + (uint64_t)esz * i, 1) == 0)
				break;
			dt_po_value(pa, NULL, rt->base, off + (uint64_t)esz * i, ind + 1, ",");
		}
		pa->closing = false;	/* "]" is not a struct's brace */
		dt_sb_printf(pa->sb, "%*s]", ind, "");
		break;
	}
	case DT_TYPE_STRUCT: case DT_TYPE_UNION:
		dt_sb_puts(pa->sb, " {\n");
		dt_po_members(pa, rt, off, ind + 1);
		if (!pa->closing)
			pa->close_at = pa->sb->len;
		pa->closing = true;
		dt_sb_printf(pa->sb, "%*s}%s\n", ind, "", end);
		return;
	case DT_TYPE_VOID: case DT_TYPE_STRING:
		break;
	}
	dt_sb_printf(pa->sb, "%s\n", end);
}

void
dt_fmt_print_ptr(dt_strbuf_t *sb, const dt_type_t *t, uint64_t addr, const uint8_t *p, size_t n,
		 uint64_t limit)
{
	dt_pa_t pa = { .sb = sb, .base = p, .len = n, .limit = limit };

	dt_sb_printf(sb, "%#llx = *\n", (unsigned long long)addr);
	dt_po_value(&pa, NULL, t, 0, DT_PO_INDENT, "");
}
