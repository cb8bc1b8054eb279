/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vmlinux.d: the types of kernel variables D names as `symbol. The kernel's BTF describes its
 * functions, its types and its per-CPU variables, but not its other variables, so their
 * types are declared here (a script may declare more the same way: extern T name;). The
 * address comes from /proc/kallsyms when a program uses the symbol, on kernels that list
 * data symbols there (CONFIG_KALLSYMS_ALL).
 */

extern const char linux_banner[256];	/* "Linux version ..." (shorter: read to its NUL) */
extern unsigned long jiffies;
extern unsigned long long jiffies_64;
extern unsigned long max_pfn;
extern unsigned int nr_cpu_ids;
extern int panic_timeout;
extern int nr_threads;
