/*
 * dt_cg_subr.c: code generation for D's subroutines (copyinstr, strlen, strjoin, ...).
 *
 * Each subroutine leaves its result in r0 like any expression: an integer, or a pointer to a
 * NUL-terminated string in the per-CPU scratch value (dt_cg_temp). Reads of user or kernel
 * memory go through the probe-read helpers; a bad address is a fault (dt_cg_fault), never a
 * silent zero.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/dt_runtime.h"
#include "dt_codegen.h"

/* ---- subroutines ---------------------------------------------------------------------- */

/*
 * r0 = r7 + off after copying a string from the address in r3 into the scratch value at off
 * (size bytes, NUL-terminated) with the given probe-read helper; a bad address is a fault.
 */
void
dt_cg_copystr(dt_cg_t *cg, uint32_t off, int size_reg_or_neg, uint32_t size, int helper)
{
	int ok = dt_ir_label(IR(cg));

	EMIT(cg, DT_STX(BPF_DW, 7, 3, DT_MST_FADDR));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	if (size_reg_or_neg >= 0)
		EMIT(cg, DT_MOV64_REG(2, size_reg_or_neg));
	else
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)size));
	EMIT(cg, DT_CALL(helper));
	dt_ir_jmp_imm(IR(cg), BPF_JSGE, 0, 0, ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	dt_ir_place(IR(cg), ok);
	EMIT(cg, DT_MOV64_REG(0, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)off));
}

void
dt_cg_subr(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t ss = cg->strsize;

	cg->cur_loc = n->loc;
	switch (n->ident_id) {
	case DT_SUBR_COPYINSTR: {
		uint32_t off = dt_cg_temp(cg, ss);

		if (n->list.len > 1) {
			/* copyinstr(addr, len): at most len bytes, and never past strsize */
			int a = dt_ir_label(IR(cg)), b = dt_ir_label(IR(cg));

			dt_cg_expr(cg, n->list.data[1]);
			dt_cg_push(cg);
			dt_cg_expr(cg, n->list.data[0]);
			EMIT(cg, DT_MOV64_REG(3, 0));
			dt_cg_pop(cg, 4);
			EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, 1));
			dt_ir_jmp_imm(IR(cg), BPF_JLE, 4, (int32_t)ss, a);
			EMIT(cg, DT_MOV64_IMM(4, (int32_t)ss));
			dt_ir_place(IR(cg), a);
			dt_ir_jmp_imm(IR(cg), BPF_JGE, 4, 1, b);
			EMIT(cg, DT_MOV64_IMM(4, 1));
			dt_ir_place(IR(cg), b);
			EMIT(cg, DT_STX(BPF_DW, 10, 4, FP_VAL));
			EMIT(cg, DT_LDX(BPF_DW, 4, 10, FP_VAL));
			/* r4 is bounded [1, strsize]: the verifier knows from the two clamps */
			dt_cg_copystr(cg, off, 4, 0, BPF_FUNC_probe_read_user_str);
			return;
		}
		dt_cg_expr(cg, n->list.data[0]);
		EMIT(cg, DT_MOV64_REG(3, 0));
		dt_cg_copystr(cg, off, -1, ss, BPF_FUNC_probe_read_user_str);
		return;
	}
	case DT_SUBR_STRLEN: {
		dt_node_t *a = n->list.data[0];
		uint32_t cap = dt_cg_strcap(cg, a), off = dt_cg_temp(cg, cap);
		int ok = dt_ir_label(IR(cg));

		dt_cg_expr(cg, a);
		EMIT(cg, DT_MOV64_REG(3, 0));
		EMIT(cg, DT_MOV64_REG(1, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)cap));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
		/* the copy's length counts the NUL */
		EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 1));
		dt_ir_jmp_imm(IR(cg), BPF_JSGE, 0, 0, ok);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		dt_ir_place(IR(cg), ok);
		return;
	}
	case DT_SUBR_STRJOIN: {
		/*
		 * Copy a, then b right after a's last character. The buffer is twice strsize so
		 * the verifier, which bounds the offset and the length separately, sees every
		 * write in range; the result is cut at strsize - 1 characters.
		 */
		uint32_t off = dt_cg_temp(cg, 2 * ss);
		int lo = dt_ir_label(IR(cg)), hi = dt_ir_label(IR(cg));

		dt_cg_expr(cg, n->list.data[1]);
		dt_cg_push(cg);
		dt_cg_expr(cg, n->list.data[0]);
		EMIT(cg, DT_MOV64_REG(3, 0));
		EMIT(cg, DT_MOV64_REG(1, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)DT_MIN(ss, dt_cg_strcap(cg, n->list.data[0]))));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
		EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 1));
		dt_ir_jmp_imm(IR(cg), BPF_JSGE, 0, 0, lo);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		dt_ir_place(IR(cg), lo);
		dt_ir_jmp_imm(IR(cg), BPF_JLT, 0, (int32_t)ss, hi);
		EMIT(cg, DT_MOV64_IMM(0, (int32_t)ss - 1));
		dt_ir_place(IR(cg), hi);
		EMIT(cg, DT_MOV64_REG(1, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 0));
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)ss));
		dt_cg_pop(cg, 3);
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
		EMIT(cg, DT_ST(BPF_B, 7, (int16_t)(off + ss - 1), 0));
		EMIT(cg, DT_MOV64_REG(0, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)off));
		return;
	}
	default:
		dt_cg_fail(cg, "unknown subroutine");
		return;
	}
}

