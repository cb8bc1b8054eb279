/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_cg_lib.c: library routines, written once per program and called.
 *
 * cleanpath(), basename(), dirname(), strtok(), inet_ntop() and d_path(), and substr(),
 * index(), rindex(), strstr(), strchr(), strrchr(), lltostr() and strtoll(), are each some
 * fifty to a thousand instructions of BPF, with loops the verifier walks step by step, some
 * of them cap(s) x cap(sub) / 8 steps. Inlined at every call site, a clause that called eight
 * of them had eight copies, and the verifier walked each copy in the paths of all the ones
 * before it: eight dirname(copyinstr(arg1)) in one clause failed to load ("The sequence of
 * 8193 jumps is too complex"). Instead each routine's body is a BPF subprogram after the
 * clauses, one for each distinct key it is called with (the capacities of its strings, a
 * variant such as dirname or basename), and the call sites call it (BPF-to-BPF calls):
 *
 *   a call site (in a clause)                 dt_<name>(r1, ..) (a global function)
 *     r1 .. = the arguments, stored to and      the arguments -> its stack
 *       loaded back from the scratch value:     r7 = this CPU's scratch value (a lookup)
 *       plain numbers, as its BTF says          the body: reads, loops; its temporaries
 *     call dt_<name>                              lie past every clause's, and its result
 *     if r0 != 0: the caller's fault, at the      at r7 + res
 *       address the body left in FADDR    <--   r0 = 0, or 1 for a fault; exit
 *     r0 = a copy of r7 + res, in a temporary of the caller's (the next call overwrites
 *       the result), or the 64-bit integer at r7 + res
 *
 * res is known only once the body is emitted, after the clauses: the call sites' references
 * to it are patched then (cg->librefs).
 *
 * The bodies are global functions, described by BTF at load (dt_load.c): the kernel verifies
 * a global function once, with arguments it knows nothing of, where it walks a static
 * subprogram again at each call site, in the state of that caller's path. That is why the
 * arguments are plain numbers (a global function takes integers, or pointers it is told the
 * type of) and why the body finds the scratch value itself rather than taking the caller's
 * r7: all it shares with the caller is that map value, addressed at fixed offsets.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/dt_runtime.h"
#include "dt_codegen.h"

/* The body's stack: the lookup's key at FP_KEY, then argument i at DT_LIB_ARG(i). */
#define DT_LIB_ARG(i) (-16 - 8 * (i))

void
dt_cg_lib_call(dt_cg_t *cg, const dt_cglib_t *lib, unsigned flags, uint32_t cap)
{
	int null = LBL(), done = LBL();
	size_t k;

	if (cg->in_lib) {
		dt_cg_fail(cg, "internal error: a library routine calls another");
		return;
	}
	for (k = 0; k < cg->libs.len; k++) {
		const dt_cglib_t *l = &cg->libs.data[k];

		if (l->body == lib->body && !memcmp(l->key, lib->key, sizeof(l->key)))
			break;
	}
	if (k == cg->libs.len) {
		dt_cglib_t l = *lib;

		/* the kernel allows 256 subprograms, main and the clauses' included */
		if (k + DT_MAX_SUBPROGS + 1 >= 256) {
			dt_cg_fail(cg, "too many library routines in one probe's program");
			return;
		}

		l.label = dt_ir_label(IR(cg));
		l.res = 0;
		dt_vec_push(&cg->libs, l);
	}
	/* through memory, a pointer reads back as the plain number a global function takes */
	for (int i = 1; i <= lib->nargs; i++) {
		MST(DT_MST_FADDR, i);
		MLD(i, DT_MST_FADDR);
	}
	dt_ir_call(IR(cg), cg->libs.data[k].label);
	if (flags & DT_LIB_NULL)
		JIMM(BPF_JEQ, 0, 2, null);
	if (flags & DT_LIB_FAULTS) {
		int ok = LBL();

		JIMM(BPF_JEQ, 0, 0, ok);
		dt_cg_fault(cg, DT_FAULT_BADADDR);
		PLACE(ok);
	}
	if (cap) {
		uint32_t dst = dt_cg_temp(cg, cap);

		EMIT(cg, DT_MOV64_REG(1, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)dst));
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)cap));
		EMIT(cg, DT_MOV64_REG(3, 7));
		dt_vec_push(&cg->librefs, ((struct dt_cglibref){IR(cg)->len, k, false}));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 0));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
		EMIT(cg, DT_MOV64_REG(0, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)dst));
	} else {
		dt_vec_push(&cg->librefs, ((struct dt_cglibref){IR(cg)->len, k, true}));
		MLD(0, 0);
	}
	if (flags & DT_LIB_NULL) {
		JA(done);
		PLACE(null);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		PLACE(done);
	}
}

void
dt_cg_lib_args(dt_cg_t *cg, dt_node_t *const *args, int k)
{
	for (int i = 0; i < k; i++) {
		dt_cg_expr(cg, args[i]);
		if (i < k - 1)
			dt_cg_push(cg);
	}
	EMIT(cg, DT_MOV64_REG(k, 0));
	for (int i = k - 1; i >= 1; i--)
		dt_cg_pop(cg, i);
}

void
dt_cg_lib_subr(dt_cg_t *cg, dt_node_t *n, const dt_cglib_t *lib, unsigned flags, uint32_t cap)
{
	dt_cg_lib_args(cg, n->list.data, lib->nargs);
	dt_cg_lib_call(cg, lib, flags, cap);
}

void
dt_cg_lib_arg(dt_cg_t *cg, int reg, int i)
{
	EMIT(cg, DT_LDX(BPF_DW, reg, 10, (int16_t)DT_LIB_ARG(i)));
}

void
dt_cg_lib_fault(dt_cg_t *cg)
{
	EMIT(cg, DT_MOV64_IMM(0, 1));
	EMIT(cg, DT_EXIT());
}

void
dt_cg_lib_null(dt_cg_t *cg)
{
	EMIT(cg, DT_MOV64_IMM(0, 2));
	EMIT(cg, DT_EXIT());
}

int
dt_cg_lib_emit(dt_cg_t *cg)
{
	/* every body's temporaries start past every clause's: no body runs inside another */
	uint32_t base = cg->temp_max;
	size_t n = cg->libs.len;

	for (size_t k = 0; k < n && !cg->err; k++) {
		dt_cglib_t *l = &cg->libs.data[k];
		int ok = LBL();
		char name[24];
		size_t same = 0;

		for (size_t j = 0; j < k; j++)
			same += cg->libs.data[j].name == l->name || !strcmp(cg->libs.data[j].name,
									  l->name);
		if (same)
			snprintf(name, sizeof(name), "dt_%s_%zu", l->name, same + 1);
		else
			snprintf(name, sizeof(name), "dt_%s", l->name);
		dt_ir_func(IR(cg), l->label, name, l->nargs, true);
		PLACE(l->label);
		for (int i = 0; i < l->nargs; i++)
			EMIT(cg, DT_STX(BPF_DW, 10, 1 + i, (int16_t)DT_LIB_ARG(i)));
		EMIT(cg, DT_ST(BPF_W, 10, FP_KEY, 0));
		dt_ir_ld_map(IR(cg), 1, DT_MAP_MSTATE);
		EMIT(cg, DT_MOV64_REG(2, 10));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, FP_KEY));
		EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
		JIMM(BPF_JNE, 0, 0, ok);
		EMIT(cg, DT_EXIT());
		PLACE(ok);
		EMIT(cg, DT_MOV64_REG(7, 0));
		cg->temp_off = base;
		cg->in_lib = true;
		l->res = l->body(cg, l);
		cg->in_lib = false;
		EMIT(cg, DT_MOV64_IMM(0, 0));
		EMIT(cg, DT_EXIT());
	}
	for (size_t i = 0; i < cg->librefs.len; i++) {
		struct dt_cglibref *r = &cg->librefs.data[i];
		uint32_t res = cg->libs.data[r->lib].res;

		if (r->off && res > INT16_MAX)
			dt_cg_fail(cg, "the scratch value is too large for a library routine's "
				       "result (more than 32767 bytes)");
		else if (r->off)
			IR(cg)->insns[r->at].off = (int16_t)res;
		else
			IR(cg)->insns[r->at].imm = (int32_t)res;
	}
	dt_vec_free(&cg->libs);
	dt_vec_free(&cg->librefs);
	return cg->err ? -1 : 0;
}
