/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_usymtab.h: user-space ELF files read for their symbols and load segments. The consumer
 * names user addresses with them (ustack(), usym(), ...: src/consumer/dt_usyms.c) and the pid
 * provider makes a probe of each function (src/providers/dt_prov_pid.c); both read a
 * process's mappings (/proc/PID/maps) with dt_umaps_parse_line.
 */
#ifndef DT_USYMTAB_H
#define DT_USYMTAB_H

#include <sys/types.h>

#include "dt_common.h"

/*
 * One line of /proc/PID/maps: "start-end perms offset major:minor inode [path]". path points
 * into the line (pathlen bytes, without a " (deleted)" suffix; 0 for anonymous memory).
 */
typedef struct dt_umap {
	uint64_t start, end, off, dev, ino;
	char perms[5];
	const char *path;
	size_t pathlen;
} dt_umap_t;

bool dt_umaps_parse_line(const char *line, dt_umap_t *m);	/* false: malformed */

/*
 * One file's symbols (from .symtab and .dynsym). Only sized functions, objects and common
 * symbols are kept; lookups sort first. dt_usymtab_lookup returns the name of the symbol
 * covering ELF address vaddr and sets *value to its address, or NULL.
 */
typedef struct dt_usymtab dt_usymtab_t;

typedef struct dt_usym {
	uint64_t value, size;
	const char *name;	/* in the table's arena */
	uint8_t type, bind;	/* STT_*, STB_* */
} dt_usym_t;

dt_usymtab_t *dt_usymtab_new(void);
void dt_usymtab_free(dt_usymtab_t *t);	/* accepts NULL */
void dt_usymtab_add(dt_usymtab_t *t, const char *name, uint64_t value, uint64_t size, int type,
		    int bind);
void dt_usymtab_sort(dt_usymtab_t *t);
size_t dt_usymtab_count(dt_usymtab_t *t);	/* after merging duplicates */
/* Symbol i (< dt_usymtab_count) in address order; at one address the preferred name first. */
const dt_usym_t *dt_usymtab_get(dt_usymtab_t *t, size_t i);
const char *dt_usymtab_lookup(dt_usymtab_t *t, uint64_t vaddr, uint64_t *value);

/* A PT_LOAD segment: file offset, ELF address, bytes in the file (at least 1). */
typedef struct dt_uload {
	uint64_t off, vaddr, size;
	bool exec;		/* PF_X */
} dt_uload_t;

/*
 * What is read of one ELF file: its type, load segments and symbols. A file without a
 * .symtab (stripped) has its .dynsym; the full table then comes from its separate debug
 * file when one is installed: /usr/lib/debug/.build-id/xx/yyyy.debug by its build id, else
 * by its .gnu_debuglink name next to the file, in its .debug/ directory or under
 * /usr/lib/debug (as gdb looks).
 */
typedef struct dt_uelf {
	bool ok;		/* an ELF file was read */
	bool is_exec;		/* ET_EXEC: addresses are the ELF's own */
	DT_VEC(dt_uload_t) loads;
	dt_usymtab_t *tab;
	char *debugfile;	/* the separate debug file read, or NULL */
} dt_uelf_t;

/* Read the ELF file open on fd (path: its name, for finding a debug file; may be NULL). */
void dt_uelf_read(dt_uelf_t *ue, int fd, const char *path);
void dt_uelf_fini(dt_uelf_t *ue);
/* The ELF address of file offset off (through the PT_LOAD covering it): 0, or -1 if none. */
int dt_uelf_off2vaddr(const dt_uelf_t *ue, uint64_t off, uint64_t *vaddr);
/* The file offset of ELF address vaddr, or -1 when no PT_LOAD holds it. */
int64_t dt_uelf_vaddr2off(const dt_uelf_t *ue, uint64_t vaddr);

/*
 * A C++ name demangled as DTrace shows it (libstdc++'s __cxa_demangle), or NULL when name is
 * not a mangled name; free() the result.
 */
char *dt_demangle(const char *name);

#endif /* DT_USYMTAB_H */
