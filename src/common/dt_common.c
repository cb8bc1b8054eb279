/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_common.c: arena, allocation, string buffers and diagnostics (see dt_common.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dt_common.h"

/* ---- allocation ----------------------------------------------------------------------- */

static void
dt_oom(size_t n)
{
	fprintf(stderr, "dtrace: out of memory allocating %zu bytes\n", n);
	abort();
}

void *
dt_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		dt_oom(n);
	return p;
}

void *
dt_xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);

	if (!p)
		dt_oom(n * m);
	return p;
}

void *
dt_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		dt_oom(n);
	return p;
}

char *
dt_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(dt_xmalloc(n), s, n);
}

/* ---- arena ---------------------------------------------------------------------------- */

struct dt_arena_chunk {
	dt_arena_chunk_t *next;
	size_t size;
	_Alignas(16) unsigned char data[];
};

#define DT_ARENA_CHUNK (64 * 1024)

void
dt_arena_init(dt_arena_t *a)
{
	memset(a, 0, sizeof(*a));
}

void
dt_arena_fini(dt_arena_t *a)
{
	dt_arena_chunk_t *c, *next;

	for (c = a->chunks; c; c = next) {
		next = c->next;
		free(c);
	}
	memset(a, 0, sizeof(*a));
}

void
dt_arena_reset(dt_arena_t *a)
{
	dt_arena_chunk_t *keep = a->chunks, *c, *next;

	if (!keep)
		return;
	for (c = keep->next; c; c = next) {
		next = c->next;
		free(c);
	}
	keep->next = NULL;
	a->used = 0;
	a->cap = keep->size;
}

void *
dt_arena_alloc(dt_arena_t *a, size_t size)
{
	void *p;

	size = DT_ALIGN(size ? size : 1, 16);
	if (!a->chunks || a->used + size > a->cap) {
		size_t csize = DT_MAX(size, (size_t)DT_ARENA_CHUNK);
		dt_arena_chunk_t *c = dt_xmalloc(sizeof(*c) + csize);

		c->size = csize;
		/* A large one-off allocation goes behind the current chunk so it stays usable. */
		if (a->chunks && size > DT_ARENA_CHUNK / 4) {
			c->next = a->chunks->next;
			a->chunks->next = c;
			memset(c->data, 0, size);
			return c->data;
		}
		c->next = a->chunks;
		a->chunks = c;
		a->used = 0;
		a->cap = csize;
	}
	p = a->chunks->data + a->used;
	a->used += size;
	memset(p, 0, size);
	return p;
}

char *
dt_arena_strndup(dt_arena_t *a, const char *s, size_t n)
{
	char *p = dt_arena_alloc(a, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
dt_arena_strdup(dt_arena_t *a, const char *s)
{
	return dt_arena_strndup(a, s, strlen(s));
}

char *
dt_arena_printf(dt_arena_t *a, const char *fmt, ...)
{
	va_list ap, ap2;
	int n;
	char *p;

	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	p = dt_arena_alloc(a, (size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return p;
}

/* A time: a number with a unit (ns us ms s sec m min h d, any case), or a rate with "hz". */
int
dt_parse_time(const char *v, uint64_t *out, bool bare_is_hz)
{
	static const struct { const char *sfx; uint64_t mul; } units[] = {
		{"ns", 1}, {"nsec", 1}, {"us", 1000}, {"usec", 1000}, {"ms", 1000000},
		{"msec", 1000000}, {"s", 1000000000ULL}, {"sec", 1000000000ULL},
		{"m", 60000000000ULL}, {"min", 60000000000ULL}, {"h", 3600000000000ULL},
		{"hour", 3600000000000ULL}, {"d", 86400000000000ULL}, {"day", 86400000000000ULL},
		{"hz", 0},
	};
	char *end;
	unsigned long long n;
	uint64_t mul = bare_is_hz ? 0 : 1;

	/* strtoull takes "-5" as a huge number: a time is never negative */
	if (!v || *v < '0' || *v > '9')
		return -1;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno || end == v)
		return -1;
	if (*end) {
		size_t i;

		for (i = 0; i < DT_ARRAY_SIZE(units); i++)
			if (strcasecmp(end, units[i].sfx) == 0)
				break;
		if (i == DT_ARRAY_SIZE(units))
			return -1;
		mul = units[i].mul;
	}
	if (mul == 0) {
		/* a rate: so many per second */
		if (n == 0)
			return -1;
		*out = 1000000000ULL / n;
		return 0;
	}
	if (n > UINT64_MAX / mul)
		return -1;
	*out = n * mul;
	return 0;
}

/* ---- string buffer -------------------------------------------------------------------- */

static void
dt_sb_grow(dt_strbuf_t *sb, size_t more)
{
	if (sb->len + more + 1 <= sb->cap)
		return;
	while (sb->len + more + 1 > sb->cap)
		sb->cap = sb->cap ? sb->cap * 2 : 128;
	sb->s = dt_xrealloc(sb->s, sb->cap);
}

void
dt_sb_putn(dt_strbuf_t *sb, const char *s, size_t n)
{
	dt_sb_grow(sb, n);
	memcpy(sb->s + sb->len, s, n);
	sb->len += n;
	sb->s[sb->len] = '\0';
}

void
dt_sb_putc(dt_strbuf_t *sb, char c)
{
	dt_sb_putn(sb, &c, 1);
}

void
dt_sb_puts(dt_strbuf_t *sb, const char *s)
{
	dt_sb_putn(sb, s, strlen(s));
}

void
dt_sb_vprintf(dt_strbuf_t *sb, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return;
	dt_sb_grow(sb, (size_t)n);
	vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void
dt_sb_printf(dt_strbuf_t *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_sb_vprintf(sb, fmt, ap);
	va_end(ap);
}

const char *
dt_sb_str(dt_strbuf_t *sb)
{
	return sb->s ? sb->s : "";
}

void
dt_sb_reset(dt_strbuf_t *sb)
{
	sb->len = 0;
	if (sb->s)
		sb->s[0] = '\0';
}

void
dt_sb_free(dt_strbuf_t *sb)
{
	free(sb->s);
	memset(sb, 0, sizeof(*sb));
}

/* ---- diagnostics ---------------------------------------------------------------------- */

static const char *const dt_errtag_names[] = {
#define DT_X_NAME(t) #t,
	DT_ERRTAGS(DT_X_NAME)
#undef DT_X_NAME
};

const char *
dt_errtag_name(dt_errtag_t tag)
{
	return (unsigned)tag < DT_ERRTAG_COUNT ? dt_errtag_names[tag] : "D_UNKNOWN";
}

void
dt_diags_init(dt_diags_t *d, dt_arena_t *arena)
{
	memset(d, 0, sizeof(*d));
	d->arena = arena;
	d->tail = &d->head;
}

dt_diag_t *
dt_diag_error(dt_diags_t *d, dt_errtag_t tag, dt_loc_t loc, const char *fmt, ...)
{
	static dt_diag_t dropped;	/* a sink for errors past the limit; never read */
	dt_diag_t *diag;
	va_list ap, ap2;
	int n;

	if (d->count >= (d->max ? d->max : 20)) {
		d->count++;
		return &dropped;
	}
	diag = dt_arena_alloc(d->arena, sizeof(*diag));
	diag->tag = tag;
	diag->loc = loc;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	diag->msg = dt_arena_alloc(d->arena, (size_t)n + 1);
	vsnprintf(diag->msg, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	va_end(ap);
	*d->tail = diag;
	d->tail = &diag->next;
	d->count++;
	return diag;
}

void
dt_diag_hint(dt_diags_t *d, dt_diag_t *diag, const char *fmt, ...)
{
	va_list ap, ap2;
	int n;

	if (!diag->msg)
		return;	/* the dropped sink */
	va_start(ap, fmt);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap);
	diag->hint = dt_arena_alloc(d->arena, (size_t)n + 1);
	vsnprintf(diag->hint, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	va_end(ap);
}

const char *
dt_source_line(const dt_source_t *src, int line, size_t *lenp)
{
	const char *p = src->text, *end = src->text + src->len, *e;

	for (int l = 1; l < line && p < end; p++)
		if (*p == '\n')
			l++;
	for (e = p; e < end && *e != '\n'; e++)
		;
	*lenp = (size_t)(e - p);
	return p;
}

/* The description as DTrace quotes it after "invalid probe specifier": newlines as spaces. */
static void
dt_print_spec(FILE *fp, const dt_source_t *src)
{
	for (size_t i = 0; i < src->len; i++)
		fputc(src->text[i] == '\n' ? ' ' : src->text[i], fp);
}

const char *
dt_loc_file(dt_loc_t loc)
{
	return loc.src && loc.src->name ? loc.src->name : "-n";
}

void
dt_loc_show(FILE *fp, dt_loc_t loc)
{
	size_t len;
	const char *l = dt_source_line(loc.src, loc.line, &len);
	int col = loc.col > 0 ? loc.col : 1;
	int span = loc.len > 0 ? loc.len : 1;

	fprintf(fp, "   | %.*s\n   | ", (int)len, l);
	/* Keep tabs so the caret lines up under tabbed source. */
	for (int i = 1; i < col && (size_t)(i - 1) < len; i++)
		fputc(l[i - 1] == '\t' ? '\t' : ' ', fp);
	for (int i = 0; i < span; i++)
		fputc('^', fp);
	fputc('\n', fp);
}

void
dt_diags_print(const dt_diags_t *d, FILE *fp, bool errtags, unsigned max)
{
	unsigned n = 0;

	for (const dt_diag_t *e = d->head; e && (max == 0 || n < max); e = e->next, n++) {
		const dt_source_t *src = e->loc.src;
		const char *tag = errtags ? dt_errtag_name(e->tag) : NULL;

		if (src && src->name) {
			fprintf(fp, "dtrace: failed to compile script %s: ", src->name);
			if (tag)
				fprintf(fp, "[%s] ", tag);
			if (e->loc.line > 0 && e->loc.dline != DT_LINE_NONE)
				fprintf(fp, "line %d: ", e->loc.dline ? e->loc.dline : e->loc.line);
			fprintf(fp, "%s\n", e->msg);
		} else if (src) {
			fprintf(fp, "dtrace: invalid probe specifier ");
			dt_print_spec(fp, src);
			fprintf(fp, ": %s%s%s", tag ? "[" : "", tag ? tag : "", tag ? "] " : "");
			if (e->region)
				fprintf(fp, "in %s: ", e->region);
			fprintf(fp, "%s\n", e->msg);
		} else {
			fprintf(fp, "dtrace: %s%s%s%s\n", tag ? "[" : "", tag ? tag : "",
				tag ? "] " : "", e->msg);
		}
		if (src && e->loc.line > 0) {
			fprintf(fp, "  --> %s:%d:%d\n", dt_loc_file(e->loc), e->loc.line,
				e->loc.col > 0 ? e->loc.col : 1);
			dt_loc_show(fp, e->loc);
		}
		if (e->hint)
			fprintf(fp, "   = hint: %s\n", e->hint);
	}
}
