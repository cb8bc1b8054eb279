/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_consts.c: D's built-in integer constants that no type defines: NULL, and the names of
 * the user registers that index uregs[].
 *
 * Semantic analysis turns these names into integer constants wherever no variable of the
 * same name exists (dt_sema.c); code generation (dt_cg.c) maps a uregs[] index to where
 * the kernel keeps that register.
 *
 * The register indices are those of DTrace on Linux for x86-64 (Oracle Linux DTrace's
 * regs.d), so scripts and their output carry over: 0..20 are the 8-byte slots of the
 * kernel's struct pt_regs in order (r15 first, ss last; R_ERR is orig_ax, which holds the
 * system call number in a system call), 21..25 live in the task's thread_struct (ds, es,
 * fsbase, gsbase, trap_nr). The 32-bit names (R_EAX, ...) and the portable ones that the
 * Solaris guide lists (R_PC, R_SP, R_FP, R_PS, R_R0, R_R1) are aliases.
 */
#include <string.h>

#include "dt_compiler.h"

static const struct dt_const {
	const char *name;
	int64_t val;
} dt_regs[] = {
	{"R_R15", 0},	 {"R_R14", 1},	  {"R_R13", 2},	   {"R_R12", 3},   {"R_RBP", 4},
	{"R_RBX", 5},	 {"R_R11", 6},	  {"R_R10", 7},	   {"R_R9", 8},	   {"R_R8", 9},
	{"R_RAX", 10},	 {"R_RCX", 11},	  {"R_RDX", 12},   {"R_RSI", 13},  {"R_RDI", 14},
	{"R_ERR", 15},	 {"R_RIP", 16},	  {"R_CS", 17},	   {"R_RFL", 18},  {"R_RSP", 19},
	{"R_SS", 20},	 {"R_DS", 21},	  {"R_ES", 22},	   {"R_FS", 23},   {"R_GS", 24},
	{"R_TRAPNO", 25},
	/* aliases */
	{"R_EBX", 5},	 {"R_ECX", 11},	  {"R_EDX", 12},   {"R_ESI", 13},  {"R_EDI", 14},
	{"R_EBP", 4},	 {"R_EAX", 10},	  {"R_EIP", 16},   {"R_EFL", 18},  {"R_ESP", 19},
	{"R_PC", 16},	 {"R_FP", 4},	  {"R_SP", 19},	   {"R_PS", 18},   {"R_R0", 10},
	{"R_R1", 5},
};

const char *
dt_const_lookup(const char *name, int64_t *val)
{
	/* NULL: the Solaris guide's "built-in alias for address 0": an int 0, C's null pointer
	 * constant, so a pointer compares with it and takes it; sizeof (NULL) is 4 in DTrace */
	if (strcmp(name, "NULL") == 0) {
		*val = 0;
		return "int";
	}
	if (strncmp(name, "R_", 2) != 0)
		return NULL;
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_regs); i++) {
		if (strcmp(dt_regs[i].name, name) == 0) {
			*val = dt_regs[i].val;
			return "int";
		}
	}
	return NULL;
}
