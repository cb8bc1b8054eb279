/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_stapsdt.h: SystemTap SDT probe notes (.note.stapsdt) of ELF files, their argument specs,
 * and the provider definitions dtrace -G records next to them. Read by the usdt provider (the
 * probes of a file) and by dtrace -G (the probes its objects use).
 */
#ifndef DT_STAPSDT_H
#define DT_STAPSDT_H

#include "dt_common.h"

/* The general registers an argument spec may name (x86-64), whatever their width. */
typedef enum dt_sdtreg {
	DT_SDTREG_AX, DT_SDTREG_BX, DT_SDTREG_CX, DT_SDTREG_DX, DT_SDTREG_SI, DT_SDTREG_DI,
	DT_SDTREG_BP, DT_SDTREG_SP, DT_SDTREG_R8, DT_SDTREG_R9, DT_SDTREG_R10, DT_SDTREG_R11,
	DT_SDTREG_R12, DT_SDTREG_R13, DT_SDTREG_R14, DT_SDTREG_R15, DT_SDTREG_IP,
	DT_SDTREG_COUNT,
	DT_SDTREG_NONE = -1,
} dt_sdtreg_t;

typedef enum dt_sdtarg_kind {
	DT_SDTARG_REG,		/* the register's value */
	DT_SDTARG_MEM,		/* memory at val + base + index * scale */
	DT_SDTARG_IMM,		/* the constant val */
} dt_sdtarg_kind_t;

/* One argument: "-4@%eax", "8@-16(%rbp)", "%rdi", "4@$5", "8@(%rax,%rdx,8)". */
typedef struct dt_sdtarg {
	dt_sdtarg_kind_t kind;
	int size;		/* 1, 2, 4 or 8 bytes (no "N@": 8) */
	bool is_signed;		/* a negative N */
	dt_sdtreg_t reg;	/* REG: the register; MEM: the base (NONE: none) */
	int shift;		/* REG: 8 for %ah, %bh, %ch, %dh; else 0 */
	dt_sdtreg_t index;	/* MEM: the index register (NONE: none) */
	int scale;		/* MEM: 1, 2, 4, 8 */
	int64_t val;		/* MEM: the displacement; IMM: the value */
} dt_sdtarg_t;

#define DT_SDT_MAXARGS 12	/* sys/sdt.h's own limit */

/*
 * Parse a note's argument string (specs separated by blanks) into args[0 .. max): the count,
 * or -1 with *bad pointing at the spec that is not understood (a symbol's address, an
 * unknown register).
 */
int dt_sdtargs_parse(const char *s, dt_sdtarg_t *args, int max, const char **bad);

/* One probe site. */
typedef struct dt_sdtnote {
	const char *prov, *name;	/* as the note spells them ("function__entry") */
	const char *args;		/* the argument specs */
	uint64_t pc, sema;		/* addresses at link time (sema 0: no semaphore) */
	uint64_t pc_off, sema_off;	/* their offsets in the file (what uprobes take) */
	const char *func;		/* the function around pc (NULL: no symbol) */
} dt_sdtnote_t;

/* A probe of a provider dtrace -G defined: its argument types (native, then D's). */
typedef struct dt_sdtdef {
	const char *prov, *name;	/* name in DTrace's spelling ("query-start") */
	int nargs;
	const char *types[DT_SDT_MAXARGS];
	const char *attr;		/* the provider's stability, "N/D/C" x 5 (or NULL) */
} dt_sdtdef_t;

typedef struct dt_sdtfile {
	char *path;
	bool relocatable;		/* an object (.o): addresses not final */
	DT_VEC(dt_sdtnote_t) notes;
	DT_VEC(dt_sdtdef_t) defs;
	dt_arena_t arena;		/* the strings */
} dt_sdtfile_t;

/*
 * Read the probe notes of an ELF file: NULL with errno when it cannot be read as ELF (errno
 * ENOEXEC for a file that is not ELF); a file without notes gives an empty set.
 */
dt_sdtfile_t *dt_sdtfile_read(const char *path);
void dt_sdtfile_free(dt_sdtfile_t *f);		/* accepts NULL */

/* The provider definition dtrace -G writes: an ELF note of owner "dtrace", this type, whose
 * text is one line per probe, fields separated by tabs:
 *     provider <TAB> probe <TAB> attributes <TAB> type0 <TAB> type1 ...
 * attributes: the provider's five stability triples (provider, module, function, name,
 * args) as "name/data/class", separated by spaces. */
#define DT_SDT_DEFNOTE_OWNER "dtrace"
#define DT_SDT_DEFNOTE_TYPE 1
#define DT_SDT_DEFNOTE_SECTION ".note.dtrace-provider"

/* DTrace's stability names and dependency classes, each in increasing order. */
extern const char *const dt_sdt_stab_names[8];		/* Internal .. Standard */
extern const char *const dt_sdt_class_names[6];		/* Unknown .. Common */
/* A definition's attributes ("N/D/C" x 5) as indices into those: 0, or -1 if malformed. */
int dt_sdt_attr_parse(const char *s, unsigned char attr[5][3]);

/* "function__entry" -> "function-entry" (DTrace's spelling of a probe name), in a. */
const char *dt_sdt_probe_name(dt_arena_t *a, const char *s);

#endif /* DT_STAPSDT_H */
