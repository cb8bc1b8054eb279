/*
 * dt_insn.c: the instruction buffer code generation writes into, with labels.
 *
 * A jump to a label not yet placed is recorded as a fixup and patched when the label is
 * placed; dt_ir_finish checks that nothing is left dangling. BPF jump offsets count
 * instructions from the one after the jump, and ld_imm64 takes two slots.
 */
#include <stdlib.h>
#include <string.h>

#include "dt_codegen.h"

void
dt_ir_init(dt_irbuf_t *ir)
{
	memset(ir, 0, sizeof(*ir));
}

void
dt_ir_fini(dt_irbuf_t *ir)
{
	free(ir->insns);
	dt_vec_free(&ir->label_pos);
	dt_vec_free(&ir->fixups);
	memset(ir, 0, sizeof(*ir));
}

void
dt_ir_emit(dt_irbuf_t *ir, struct bpf_insn insn)
{
	if (ir->len == ir->cap) {
		ir->cap = ir->cap ? ir->cap * 2 : 256;
		ir->insns = dt_xrealloc(ir->insns, ir->cap * sizeof(*ir->insns));
	}
	ir->insns[ir->len++] = insn;
}

int
dt_ir_label(dt_irbuf_t *ir)
{
	dt_vec_push(&ir->label_pos, -1L);
	return (int)ir->label_pos.len - 1;
}

void
dt_ir_place(dt_irbuf_t *ir, int label)
{
	ir->label_pos.data[label] = (long)ir->len;
	for (size_t i = 0; i < ir->fixups.len; i++) {
		struct dt_fixup *f = &ir->fixups.data[i];

		if (f->label != label)
			continue;
		if (f->call)
			ir->insns[f->at].imm = (int32_t)((long)ir->len - (long)f->at - 1);
		else
			ir->insns[f->at].off = (int16_t)((long)ir->len - (long)f->at - 1);
		*f = ir->fixups.data[--ir->fixups.len];
		i--;
	}
}

static void
dt_ir_jump(dt_irbuf_t *ir, struct bpf_insn insn, int label)
{
	long pos = ir->label_pos.data[label];

	if (pos >= 0) {
		insn.off = (int16_t)(pos - (long)ir->len - 1);
	} else {
		struct dt_fixup f = {label, ir->len, false};

		dt_vec_push(&ir->fixups, f);
	}
	dt_ir_emit(ir, insn);
}

void
dt_ir_call(dt_irbuf_t *ir, int label)
{
	struct bpf_insn insn = dt_insn(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0);
	long pos = ir->label_pos.data[label];

	if (pos >= 0) {
		insn.imm = (int32_t)(pos - (long)ir->len - 1);
	} else {
		struct dt_fixup f = {label, ir->len, true};

		dt_vec_push(&ir->fixups, f);
	}
	dt_ir_emit(ir, insn);
}

void
dt_ir_jmp_imm(dt_irbuf_t *ir, int op, int reg, int32_t imm, int label)
{
	dt_ir_jump(ir, dt_insn(BPF_JMP | BPF_OP(op) | BPF_K, reg, 0, 0, imm), label);
}

void
dt_ir_jmp_reg(dt_irbuf_t *ir, int op, int dst, int src, int label)
{
	dt_ir_jump(ir, dt_insn(BPF_JMP | BPF_OP(op) | BPF_X, dst, src, 0, 0), label);
}

void
dt_ir_ja(dt_irbuf_t *ir, int label)
{
	dt_ir_jump(ir, dt_insn(BPF_JMP | BPF_JA, 0, 0, 0, 0), label);
}

int
dt_ir_finish(dt_irbuf_t *ir)
{
	return ir->fixups.len ? -1 : 0;
}

void
dt_ir_ld_imm64(dt_irbuf_t *ir, int reg, uint64_t v)
{
	dt_ir_emit(ir, dt_insn(BPF_LD | BPF_DW | BPF_IMM, reg, 0, 0, (int32_t)(uint32_t)v));
	dt_ir_emit(ir, dt_insn(0, 0, 0, 0, (int32_t)(uint32_t)(v >> 32)));
}

void
dt_ir_ld_map(dt_irbuf_t *ir, int reg, int map_index)
{
	dt_ir_emit(ir, dt_insn(BPF_LD | BPF_DW | BPF_IMM, reg, BPF_PSEUDO_MAP_FD, 0, map_index));
	dt_ir_emit(ir, dt_insn(0, 0, 0, 0, 0));
}

void
dt_ir_ld_mapval(dt_irbuf_t *ir, int reg, int map_index, uint32_t off)
{
	dt_ir_emit(ir,
		   dt_insn(BPF_LD | BPF_DW | BPF_IMM, reg, BPF_PSEUDO_MAP_VALUE, 0, map_index));
	dt_ir_emit(ir, dt_insn(0, 0, 0, 0, (int32_t)off));
}
