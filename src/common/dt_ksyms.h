/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_ksyms.h: kernel symbols, for the compiler (the address of a kernel symbol in D) and the
 * consumer (stack(), %a, func(), mod()) and the providers (a function's address range).
 */
#ifndef DT_KSYMS_H
#define DT_KSYMS_H

#include "dt_common.h"

/*
 * A kernel symbol table, read from a kallsyms-format file on the first lookup (never before:
 * startup reads nothing it does not need). Text symbols, and data symbols by name; module names from the "[mod]"
 * column, "vmlinux" for the core kernel.
 */
typedef struct dt_ksyms dt_ksyms_t;

#define DT_STACK_INDENT 14	/* DTrace's default stackindent */

dt_ksyms_t *dt_ksyms_new(const char *path);	/* NULL: /proc/kallsyms */
void dt_ksyms_free(dt_ksyms_t *ks);		/* accepts NULL */
/* Load now (lookups do it themselves): 0, or -errno (-EACCES when every address is 0,
 * as kallsyms shows them without privilege). A failed load is remembered, not retried. */
int dt_ksyms_load(dt_ksyms_t *ks);
size_t dt_ksyms_count(dt_ksyms_t *ks);		/* text symbols kept; 0 when the load failed */
/* The i-th text symbol by address (i < dt_ksyms_count), with its address and module. */
const char *dt_ksym_nth(dt_ksyms_t *ks, size_t i, uint64_t *addr, const char **mod);
/* Does the table list data symbols (a CONFIG_KALLSYMS_ALL kernel: linux_banner is there)? */
bool dt_ksyms_have_data(dt_ksyms_t *ks);
/*
 * The symbol covering addr (a symbol covers up to the next one), with the offset into it and
 * its module; NULL when none does (or ks is NULL). The strings live as long as ks.
 */
const char *dt_ksym_lookup(dt_ksyms_t *ks, uint64_t addr, uint64_t *off, const char **mod);
/* By name, text or data symbol (mod NULL: any module): 0 and *addr, -ENOENT, or the load's
 * -errno. */
int dt_ksym_by_name(dt_ksyms_t *ks, const char *mod, const char *name, uint64_t *addr);
/* The address range [lo, hi) of function "name" (up to the next symbol); hi may be NULL. */
int dt_ksym_range(dt_ksyms_t *ks, const char *mod, const char *name, uint64_t *lo,
		  uint64_t *hi);

/* DTrace's text for an address (ks may be NULL: every address is then unknown). */
void dt_ksym_fmt_addr(dt_strbuf_t *sb, dt_ksyms_t *ks, uint64_t addr);	/* %a: mod`f+0x1b */
void dt_ksym_fmt_sym(dt_strbuf_t *sb, dt_ksyms_t *ks, uint64_t addr);	/* func(): mod`f */
void dt_ksym_fmt_mod(dt_strbuf_t *sb, dt_ksyms_t *ks, uint64_t addr);	/* mod(): mod */
/*
 * stack(): "\n", then each frame on its own line after indent spaces (< 0: DT_STACK_INDENT),
 * stopping at npcs or the first zero pc. The same text serves a stack() record and a stack()
 * aggregation key; after a key, the value follows (" %16lld\n"), as in the guide:
 *
 *                 vmlinux`do_syscall_64+0x5b
 *                 vmlinux`entry_SYSCALL_64_after_hwframe+0x76
 *                   2
 */
void dt_ksym_fmt_stack(dt_strbuf_t *sb, dt_ksyms_t *ks, const uint64_t *pcs, size_t npcs,
		       int indent);

#endif /* DT_KSYMS_H */
