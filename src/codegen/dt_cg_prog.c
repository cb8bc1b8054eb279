/*
 * dt_cg_prog.c: one BPF program per attach point.
 *
 *   r6 = ctx
 *   if (state.activity != active) return 0        (not for END: it runs after exit())
 *   provider prologue: r7 = &mstate[cpu] (dt_cg_mstate, after any early dispatch that
 *     can return at once), probe id, clause mask, args, errno
 *   clause 0 ... clause N, in program order       (each tests its bit in the mask when the
 *   return 0                                       program serves many probes)
 */
#include <string.h>

#include "../providers/dt_provider.h"
#include "dt_codegen.h"

void
dt_cg_mstate(dt_cg_t *cg)
{
	dt_irbuf_t *ir = &cg->ir;

	dt_ir_emit(ir, DT_ST(BPF_W, 10, -8, 0));
	dt_ir_ld_map(ir, 1, DT_MAP_MSTATE);
	dt_ir_emit(ir, DT_MOV64_REG(2, 10));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 2, -8));
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_map_lookup_elem));
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, cg->prog_exit);
	dt_ir_emit(ir, DT_MOV64_REG(7, 0));
}

int
dt_cg_program(dt_cg_t *cg, struct dt_bpfprog *bp)
{
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir);
	unsigned needs = 0;
	bool masked;

	for (size_t i = 0; i < bp->clauses.len; i++)
		needs |= dt_cg_clause_needs(bp->clauses.data[i]);

	dt_ir_emit(ir, DT_MOV64_REG(6, 1));
	if (!(bp->prov->ops == &dt_prov_dtrace_ops && bp->group == DT_GROUP_END)) {
		dt_ir_ld_mapval(ir, 1, DT_MAP_STATE, DT_ST_ACTIVITY);
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 1, 0));
		dt_ir_jmp_imm(ir, BPF_JNE, 1, 0, out);
	}
	cg->prog_exit = out;
	masked = bp->prov->ops->prologue(cg, bp, needs);
	if (masked && bp->clauses.len > 64) {
		cg->err = "more than 64 clauses on one shared probe program";
		return -1;
	}
	for (size_t i = 0; i < bp->clauses.len; i++) {
		int skip = dt_ir_label(ir);

		if (masked) {
			dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7, DT_MST_MASK));
			if (i < 31) {
				dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 1, (int32_t)(1U << i)));
			} else {
				dt_ir_emit(ir, DT_ALU64_IMM(BPF_RSH, 1, (int32_t)i));
				dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 1, 1));
			}
			dt_ir_jmp_imm(ir, BPF_JEQ, 1, 0, skip);
		}
		dt_cg_clause(cg, bp->clauses.data[i]);
		dt_ir_place(ir, skip);
		if (cg->err)
			return -1;
	}
	dt_ir_place(ir, out);
	dt_ir_emit(ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(ir, DT_EXIT());
	if (dt_ir_finish(ir) < 0) {
		cg->err = "internal error: a jump to an unplaced label";
		return -1;
	}
	return 0;
}
