/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_disasm.c: BPF instructions as text, for -S (and for reading verifier complaints).
 *
 * The notation is the kernel verifier's ("r1 = r6", "if r0 == 0x0 goto pc+3",
 * "*(u64 *)(r10 -8) = r1", "call 1"), so what -S shows lines up with -x bpflog.
 */
#include <inttypes.h>

#include "dt_codegen.h"

static const char *const dt_alu_op[16] = {
	"+=", "-=", "*=", "/=", "|=", "&=", "<<=", ">>=", "neg", "%=", "^=", "=", "s>>=",
	"endian", "?", "?",
};
static const char *const dt_jmp_op[16] = {
	"goto", "==", ">", ">=", "&", "!=", "s>", "s>=", "call", "exit", "<", "<=", "s<",
	"s<=", "?", "?",
};
static const char *const dt_size[4] = {"u32", "u16", "u8", "u64"};

/* One instruction (two for ld_imm64: returns how many it used). */
int
dt_disasm_insn(dt_strbuf_t *sb, const struct bpf_insn *in, size_t left)
{
	uint8_t cls = BPF_CLASS(in->code), op = BPF_OP(in->code) >> 4;
	const char *sz = dt_size[BPF_SIZE(in->code) >> 3];

	switch (cls) {
	case BPF_ALU64: case BPF_ALU: {
		const char *w = cls == BPF_ALU ? "w" : "r";

		if (BPF_OP(in->code) == BPF_NEG) {
			dt_sb_printf(sb, "%s%d = -%s%d", w, in->dst_reg, w, in->dst_reg);
		} else if ((BPF_OP(in->code) == BPF_DIV || BPF_OP(in->code) == BPF_MOD) && in->off) {
			dt_sb_printf(sb, "%s%d s%s %s%d", w, in->dst_reg, dt_alu_op[op], w,
				     in->src_reg);
		} else if (BPF_SRC(in->code) == BPF_X) {
			dt_sb_printf(sb, "%s%d %s %s%d", w, in->dst_reg, dt_alu_op[op], w,
				     in->src_reg);
		} else {
			dt_sb_printf(sb, "%s%d %s %d", w, in->dst_reg, dt_alu_op[op], in->imm);
		}
		return 1;
	}
	case BPF_JMP: case BPF_JMP32:
		if (BPF_OP(in->code) == BPF_EXIT) {
			dt_sb_puts(sb, "exit");
		} else if (BPF_OP(in->code) == BPF_CALL) {
			if (in->src_reg == BPF_PSEUDO_CALL)
				dt_sb_printf(sb, "call pc%+d", in->imm);
			else
				dt_sb_printf(sb, "call %d", in->imm);
		} else if (BPF_OP(in->code) == BPF_JA && cls == BPF_JMP32) {
			dt_sb_printf(sb, "gotol pc%+d", in->imm);
		} else if (BPF_OP(in->code) == BPF_JA) {
			dt_sb_printf(sb, "goto pc%+d", in->off);
		} else if (BPF_SRC(in->code) == BPF_X) {
			dt_sb_printf(sb, "if r%d %s r%d goto pc%+d", in->dst_reg, dt_jmp_op[op],
				     in->src_reg, in->off);
		} else {
			dt_sb_printf(sb, "if r%d %s 0x%x goto pc%+d", in->dst_reg, dt_jmp_op[op],
				     (unsigned)in->imm, in->off);
		}
		return 1;
	case BPF_LDX:
		dt_sb_printf(sb, "r%d = *(%s *)(r%d %+d)", in->dst_reg, sz, in->src_reg, in->off);
		return 1;
	case BPF_STX:
		if (BPF_MODE(in->code) == BPF_ATOMIC)
			dt_sb_printf(sb, "atomic 0x%x *(%s *)(r%d %+d), r%d", (unsigned)in->imm, sz,
				     in->dst_reg, in->off, in->src_reg);
		else
			dt_sb_printf(sb, "*(%s *)(r%d %+d) = r%d", sz, in->dst_reg, in->off,
				     in->src_reg);
		return 1;
	case BPF_ST:
		dt_sb_printf(sb, "*(%s *)(r%d %+d) = %d", sz, in->dst_reg, in->off, in->imm);
		return 1;
	case BPF_LD:
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM) && left >= 2) {
			uint64_t v = (uint32_t)in[0].imm | (uint64_t)(uint32_t)in[1].imm << 32;

			if (in->src_reg == BPF_PSEUDO_MAP_FD)
				dt_sb_printf(sb, "r%d = map[%d] ll", in->dst_reg, in->imm);
			else if (in->src_reg == BPF_PSEUDO_MAP_VALUE)
				dt_sb_printf(sb, "r%d = &map[%d] + %d ll", in->dst_reg, in->imm,
					     in[1].imm);
			else
				dt_sb_printf(sb, "r%d = 0x%" PRIx64 " ll", in->dst_reg, v);
			return 2;
		}
		break;
	default:
		break;
	}
	dt_sb_printf(sb, "(unknown 0x%02x)", in->code);
	return 1;
}

/* The listing; where ir is given, each subprogram's name above its first instruction. */
static void
dt_disasm_funcs(FILE *fp, const char *name, const struct bpf_insn *insns, size_t n,
		const dt_irbuf_t *ir)
{
	dt_strbuf_t sb = {0};
	size_t f = 0;

	fprintf(fp, "\n%s: %zu instructions\n", name, n);
	for (size_t i = 0; i < n;) {
		int used;

		/* in the order they are placed, so in the order of their instructions */
		for (; ir && f < ir->funcs.len && dt_ir_func_at(ir, &ir->funcs.data[f]) <= i; f++)
			fprintf(fp, "%s%s:\n", ir->funcs.data[f].name,
				ir->funcs.data[f].global ? " (global)" : "");
		dt_sb_reset(&sb);
		used = dt_disasm_insn(&sb, &insns[i], n - i);
		fprintf(fp, "%5zu: %s\n", i, dt_sb_str(&sb));
		i += (size_t)used;
	}
	dt_sb_free(&sb);
}

void
dt_disasm(FILE *fp, const char *name, const struct bpf_insn *insns, size_t n)
{
	dt_disasm_funcs(fp, name, insns, n, NULL);
}

void
dt_disasm_ir(FILE *fp, const char *name, const dt_irbuf_t *ir)
{
	dt_disasm_funcs(fp, name, ir->insns, ir->len, ir);
}
