/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_ksyms.c: kernel addresses to names, for stack(), %a, func()/sym() and mod().
 *
 * The consumer turns the program counters a clause recorded into DTrace's text. The table
 * comes from /proc/kallsyms (any file of that format, so tests use a synthetic one), read
 * lazily on the first lookup: a program that never prints a kernel address never reads it.
 *
 *   ffffffff81002000 T do_syscall_64                 core kernel: module "vmlinux"
 *   ffffffffc0a01000 t ext4_file_read_iter   [ext4]  a module: its name without brackets
 *
 * Text symbols (t, T) are kept sorted by address, for addresses to names. Data symbols (d, D,
 * b, B, r, R: listed only by kernels built with CONFIG_KALLSYMS_ALL) are kept apart, for
 * names to addresses (`jiffies in D): a data symbol between two functions must not end the
 * first one for stack(). Aliases (several names at one
 * address) keep one name: a global symbol before a local one, then the first listed. kallsyms
 * gives no sizes, so a symbol covers the addresses up to the next symbol; the last one covers
 * at most DT_KSYM_LASTSPAN bytes. Without privilege the kernel shows every address as 0; such
 * a table is refused (-EACCES) rather than resolving everything to the first name.
 *
 * The text, as Oracle Linux DTrace prints it:
 *
 *   %a, stack() frames    vmlinux`do_syscall_64+0x5b     (no "+0x..." at a symbol's start)
 *   func(), sym()         vmlinux`do_syscall_64
 *   mod()                 vmlinux
 *   no symbol             0xffffffff81ffff00
 *
 * A stack() is "\n", then one line per frame indented by stackindent (14) spaces, stopping at
 * the first zero program counter.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dt_ksyms.h"

#define DT_KSYM_LASTSPAN 0x100000	/* bytes the highest symbol may cover */
#define DT_KSYM_DEFPATH "/proc/kallsyms"

typedef struct ksym {
	uint64_t addr;
	const char *name;	/* into the names arena */
	const char *mod;	/* "vmlinux" or the module's name, interned in the arena */
	bool global;
	uint32_t seq;		/* line order, so aliases keep the first listed */
} ksym_t;

struct dt_ksyms {
	char *path;
	int err;		/* 0 until a failed load; then the load's -errno */
	bool loaded;
	ksym_t *syms;
	size_t nsyms;
	ksym_t *dsyms;		/* data symbols, in line order */
	size_t ndsyms;
	bool banner;		/* linux_banner is listed: every data symbol is */
	dt_arena_t names;
};

dt_ksyms_t *
dt_ksyms_new(const char *path)
{
	dt_ksyms_t *ks = dt_xcalloc(1, sizeof(*ks));

	ks->path = dt_xstrdup(path ? path : DT_KSYM_DEFPATH);
	dt_arena_init(&ks->names);
	return ks;
}

void
dt_ksyms_free(dt_ksyms_t *ks)
{
	if (!ks)
		return;
	free(ks->syms);
	free(ks->dsyms);
	dt_arena_fini(&ks->names);
	free(ks->path);
	free(ks);
}

static int
ksym_cmp(const void *lp, const void *rp)
{
	const ksym_t *l = lp, *r = rp;

	if (l->addr != r->addr)
		return l->addr < r->addr ? -1 : 1;
	if (l->global != r->global)
		return l->global ? -1 : 1;
	return l->seq < r->seq ? -1 : l->seq > r->seq;
}

/* Parse "addr type name [mod]"; false for lines that are neither text nor data symbols. */
static bool
ksym_parse(char *line, uint64_t *addr, char *type, char **name, char **mod)
{
	char *end, *p;

	*addr = strtoull(line, &end, 16);
	if (end == line || *end != ' ')
		return false;
	p = end + 1;
	*type = *p;
	if (!strchr("tTdDbBrR", *type) || !*type)
		return false;
	p++;
	if (*p != ' ')
		return false;
	*name = ++p;
	p += strcspn(p, " \t\n");
	*mod = NULL;
	if (*p == '\n' || *p == '\0') {
		*p = '\0';
		return **name != '\0';
	}
	*p++ = '\0';
	p += strspn(p, " \t");
	if (*p == '[') {
		*mod = ++p;
		p += strcspn(p, "]\n");
		*p = '\0';
	}
	return **name != '\0';
}

int
dt_ksyms_load(dt_ksyms_t *ks)
{
	DT_VEC(ksym_t) v = { 0 }, d = { 0 };
	const char *lastmod = NULL;
	bool nonzero = false;
	char *line = NULL;
	size_t cap = 0;
	FILE *fp;

	if (ks->loaded)
		return ks->err;
	ks->loaded = true;
	fp = fopen(ks->path, "re");
	if (!fp)
		return ks->err = -errno;
	while (getline(&line, &cap, fp) > 0) {
		char type, *name, *mod;
		uint64_t addr;
		ksym_t s;

		if (!ksym_parse(line, &addr, &type, &name, &mod))
			continue;
		nonzero |= addr != 0;
		s.addr = addr;
		s.global = type >= 'A' && type <= 'Z';
		s.seq = (uint32_t)v.len;
		s.name = dt_arena_strdup(&ks->names, name);
		if (!mod)
			mod = "vmlinux";
		/* Modules' symbols come in runs: intern the name once per run. */
		if (!lastmod || strcmp(lastmod, mod) != 0)
			lastmod = dt_arena_strdup(&ks->names, mod);
		s.mod = lastmod;
		if (type == 't' || type == 'T') {
			dt_vec_push(&v, s);
		} else {
			ks->banner |= strcmp(s.name, "linux_banner") == 0;
			dt_vec_push(&d, s);
		}
	}
	free(line);
	fclose(fp);
	ks->dsyms = d.data;
	ks->ndsyms = d.len;
	if (v.len && !nonzero) {
		dt_vec_free(&v);
		return ks->err = -EACCES;
	}
	if (v.len)
		qsort(v.data, v.len, sizeof(*v.data), ksym_cmp);
	/* Keep the first of each run of aliases. */
	ks->nsyms = 0;
	for (size_t i = 0; i < v.len; i++) {
		if (ks->nsyms && v.data[ks->nsyms - 1].addr == v.data[i].addr)
			continue;
		v.data[ks->nsyms++] = v.data[i];
	}
	ks->syms = v.data;
	return 0;
}

size_t
dt_ksyms_count(dt_ksyms_t *ks)
{
	return dt_ksyms_load(ks) == 0 ? ks->nsyms : 0;
}

bool
dt_ksyms_have_data(dt_ksyms_t *ks)
{
	return dt_ksyms_load(ks) == 0 && ks->banner;
}

const char *
dt_ksym_nth(dt_ksyms_t *ks, size_t i, uint64_t *addr, const char **mod)
{
	if (dt_ksyms_load(ks) != 0 || i >= ks->nsyms)
		return NULL;
	if (addr)
		*addr = ks->syms[i].addr;
	if (mod)
		*mod = ks->syms[i].mod;
	return ks->syms[i].name;
}

/* The symbol covering addr, or NULL. */
static const ksym_t *
ksym_find(dt_ksyms_t *ks, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!ks || dt_ksyms_load(ks) != 0 || ks->nsyms == 0)
		return NULL;
	hi = ks->nsyms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ks->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	if (lo == ks->nsyms && addr - ks->syms[lo - 1].addr >= DT_KSYM_LASTSPAN)
		return NULL;
	return &ks->syms[lo - 1];
}

const char *
dt_ksym_lookup(dt_ksyms_t *ks, uint64_t addr, uint64_t *off, const char **mod)
{
	const ksym_t *s = ksym_find(ks, addr);

	if (!s)
		return NULL;
	if (off)
		*off = addr - s->addr;
	if (mod)
		*mod = s->mod;
	return s->name;
}

int
dt_ksym_by_name(dt_ksyms_t *ks, const char *mod, const char *name, uint64_t *addr)
{
	return dt_ksym_range(ks, mod, name, addr, NULL);
}

int
dt_ksym_range(dt_ksyms_t *ks, const char *mod, const char *name, uint64_t *lo, uint64_t *hi)
{
	int err;

	if ((err = dt_ksyms_load(ks)) != 0)
		return err;
	for (size_t i = 0; i < ks->nsyms; i++) {
		const ksym_t *s = &ks->syms[i];

		if (strcmp(s->name, name) == 0 && (!mod || strcmp(s->mod, mod) == 0)) {
			*lo = s->addr;
			if (hi)	/* symbols are sorted by address: the next one ends it */
				*hi = i + 1 < ks->nsyms ? ks->syms[i + 1].addr
							: s->addr + DT_KSYM_LASTSPAN;
			return 0;
		}
	}
	if (hi)
		return -ENOENT;	/* a function's range: data symbols have none */
	for (size_t i = 0; i < ks->ndsyms; i++) {
		const ksym_t *s = &ks->dsyms[i];

		if (strcmp(s->name, name) == 0 && (!mod || strcmp(s->mod, mod) == 0)) {
			*lo = s->addr;
			return 0;
		}
	}
	return -ENOENT;
}

void
dt_ksym_fmt_addr(dt_strbuf_t *sb, dt_ksyms_t *ks, uint64_t addr)
{
	const ksym_t *s = ksym_find(ks, addr);

	if (!s)
		dt_sb_printf(sb, "0x%llx", (unsigned long long)addr);
	else if (addr != s->addr)
		dt_sb_printf(sb, "%s`%s+0x%llx", s->mod, s->name,
			     (unsigned long long)(addr - s->addr));
	else
		dt_sb_printf(sb, "%s`%s", s->mod, s->name);
}

void
dt_ksym_fmt_sym(dt_strbuf_t *sb, dt_ksyms_t *ks, uint64_t addr)
{
	const ksym_t *s = ksym_find(ks, addr);

	if (!s)
		dt_sb_printf(sb, "0x%llx", (unsigned long long)addr);
	else
		dt_sb_printf(sb, "%s`%s", s->mod, s->name);
}

void
dt_ksym_fmt_mod(dt_strbuf_t *sb, dt_ksyms_t *ks, uint64_t addr)
{
	const ksym_t *s = ksym_find(ks, addr);

	if (!s)
		dt_sb_printf(sb, "0x%llx", (unsigned long long)addr);
	else
		dt_sb_puts(sb, s->mod);
}

void
dt_ksym_fmt_stack(dt_strbuf_t *sb, dt_ksyms_t *ks, const uint64_t *pcs, size_t npcs,
		  int indent)
{
	size_t i = 0;

	if (indent < 0)
		indent = DT_STACK_INDENT;
	dt_sb_putc(sb, '\n');
	/* Frames of the tracing machinery itself (a BPF program, the tracepoint's BPF glue)
	 * are not the traced code's: skip them at the top of the stack. */
	for (; ks && i < npcs && pcs[i] != 0; i++) {
		const char *mod = NULL, *name = dt_ksym_lookup(ks, pcs[i], NULL, &mod);

		if (!name || !((mod && strcmp(mod, "bpf") == 0) ||
			       strncmp(name, "bpf_trace_run", 13) == 0 ||
			       strncmp(name, "__bpf_trace_", 12) == 0 ||
			       strncmp(name, "__traceiter_", 12) == 0 ||
			       strncmp(name, "bpf_prog_", 9) == 0))
			break;
	}
	for (; i < npcs && pcs[i] != 0; i++) {
		dt_sb_printf(sb, "%*s", indent, "");
		dt_ksym_fmt_addr(sb, ks, pcs[i]);
		dt_sb_putc(sb, '\n');
	}
}
