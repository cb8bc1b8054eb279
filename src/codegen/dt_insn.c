/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_insn.c: the instruction buffer code generation writes into, with labels.
 *
 * Jumps and BPF-to-BPF calls name a label; every one is recorded and resolved by
 * dt_ir_finish, once all code is emitted, which also checks that nothing is left dangling.
 * BPF jump offsets count instructions from the one after the jump, and ld_imm64 takes two
 * slots.
 *
 * A jump's offset field has 16 bits: a clause of more than 32K instructions needs longer
 * jumps, and a narrowed offset would be wrong code that the verifier may well accept (a
 * jump that lands inside the clause). So dt_ir_finish never narrows:
 *
 *   goto L             fits: off = L - pc - 1
 *                      too far: gotol (BPF_JMP32 | BPF_JA, the offset in imm; Linux 6.4+)
 *   if r1 > r2 goto L  fits: off
 *                      too far: a trampoline in its place (two more slots):
 *                        if r1 > r2 goto +1
 *                        goto +1
 *                        gotol L
 *
 * Growing a jump moves everything after it, which can push another jump out of range, so
 * the layout is recomputed until no jump grows (it only grows, so this ends). Where the
 * kernel has no gotol the caller is told which code needed it (ir->tag when the jump was
 * emitted), to refuse the program with an error at that clause. "Too far" leaves room for
 * the kernel's own rewriting (DT_JMP_NEAR).
 *
 * Memory offsets have 16 bits too: dt_insn_mem makes an instruction whose offset does not fit
 * into an invalid one that dt_ir_emit counts (ir->nbadoff), so code generation can refuse it.
 *
 * Beside each instruction the buffer keeps the source location current when it was emitted
 * (ir->loc, which code generation sets from the node it is generating): one pointer per
 * instruction, into the node, so error reports can point back at the D source. A trampoline
 * takes its jump's.
 */
#include <stdio.h>
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
	free(ir->locs);
	dt_vec_free(&ir->label_pos);
	dt_vec_free(&ir->jumps);
	dt_vec_free(&ir->funcs);
	memset(ir, 0, sizeof(*ir));
}

void
dt_ir_emit(dt_irbuf_t *ir, struct bpf_insn insn)
{
	if (insn.code == DT_INSN_BADOFF && !ir->nbadoff++)
		ir->badoff_reg = insn.dst_reg;
	if (ir->len == ir->cap) {
		ir->cap = ir->cap ? ir->cap * 2 : 256;
		ir->insns = dt_xrealloc(ir->insns, ir->cap * sizeof(*ir->insns));
		ir->locs = dt_xrealloc(ir->locs, ir->cap * sizeof(*ir->locs));
	}
	ir->locs[ir->len] = ir->loc;
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
}

static void
dt_ir_jump(dt_irbuf_t *ir, struct bpf_insn insn, int label, bool call)
{
	struct dt_jump j = {.at = ir->len, .label = label, .call = call, .tag = ir->tag};

	dt_vec_push(&ir->jumps, j);
	dt_ir_emit(ir, insn);
}

void
dt_ir_call(dt_irbuf_t *ir, int label)
{
	dt_ir_jump(ir, dt_insn(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 0), label, true);
}

void
dt_ir_jmp_imm(dt_irbuf_t *ir, int op, int reg, int32_t imm, int label)
{
	dt_ir_jump(ir, dt_insn(BPF_JMP | BPF_OP(op) | BPF_K, reg, 0, 0, imm), label, false);
}

void
dt_ir_jmp_reg(dt_irbuf_t *ir, int op, int dst, int src, int label)
{
	dt_ir_jump(ir, dt_insn(BPF_JMP | BPF_OP(op) | BPF_X, dst, src, 0, 0), label, false);
}

void
dt_ir_ja(dt_irbuf_t *ir, int label)
{
	dt_ir_jump(ir, dt_insn(BPF_JMP | BPF_JA, 0, 0, 0, 0), label, false);
}

/* Slots a conditional jump that does not fit takes beyond its own (the trampoline). */
#define DT_TRAMP_EXTRA 2

/*
 * Where old position p lands once the jumps before it have grown: grown[k] is how many
 * slots the first k jumps added (jumps are recorded in emission order, so by position).
 */
static long
dt_ir_newpos(const dt_irbuf_t *ir, const long *grown, long p)
{
	size_t lo = 0, hi = ir->jumps.len;

	while (lo < hi) {	/* lo = how many jumps sit before p */
		size_t mid = (lo + hi) / 2;

		if ((long)ir->jumps.data[mid].at < p)
			lo = mid + 1;
		else
			hi = mid;
	}
	return p + grown[lo];
}

/*
 * The kernel rewrites some instructions into several after we hand it the program (helper
 * calls it inlines, such as map lookups, and checked divisions), and fixes the jumps over
 * them, failing with "cannot be patched due to 16-bit range" when one no longer fits. So
 * where gotol is there, a jump over more than DT_JMP_NEAR instructions takes it (room for
 * each instruction it passes to grow 16 times); where it is not, any jump that fits 16 bits
 * is tried, and the kernel's check is the last word.
 */
#define DT_JMP_NEAR 2047

static bool
dt_ir_fits(long off, long limit)
{
	return off >= -limit - 1 && off <= limit;
}

/*
 * Lay out until stable: a conditional jump beyond limit becomes a trampoline (tramp[k],
 * grown[k] the slots the first k jumps added). Returns whether any jump is beyond limit.
 */
static bool
dt_ir_layout(dt_irbuf_t *ir, long limit, long *grown, bool *tramp)
{
	size_t nj = ir->jumps.len;
	bool changed = true, far = false;

	memset(grown, 0, (nj + 1) * sizeof(*grown));
	memset(tramp, 0, (nj + 1) * sizeof(*tramp));
	while (changed) {
		changed = false;
		for (size_t k = 0; k < nj; k++) {
			struct dt_jump *j = &ir->jumps.data[k];
			long to = dt_ir_newpos(ir, grown, ir->label_pos.data[j->label]);
			long from = (long)j->at + grown[k];
			bool cond = !j->call && BPF_OP(ir->insns[j->at].code) != BPF_JA;

			if (j->call || dt_ir_fits(to - from - 1, limit))
				continue;
			if (!far)
				ir->far_tag = j->tag;
			far = true;
			if (cond && !tramp[k]) {
				tramp[k] = true;
				changed = true;
			}
		}
		for (size_t k = 0; k < nj; k++)
			grown[k + 1] = grown[k] + (tramp[k] ? DT_TRAMP_EXTRA : 0);
	}
	return far;
}

void
dt_ir_func(dt_irbuf_t *ir, int label, const char *name, int nargs, bool global)
{
	dt_irfunc_t f = {.label = label, .nargs = nargs, .global = global};

	snprintf(f.name, sizeof(f.name), "%s", name);
	dt_vec_push(&ir->funcs, f);
}

size_t
dt_ir_func_at(const dt_irbuf_t *ir, const dt_irfunc_t *f)
{
	return (size_t)ir->label_pos.data[f->label];
}

int
dt_ir_finish(dt_irbuf_t *ir, bool (*have_gotol)(void *arg), void *arg)
{
	size_t nj = ir->jumps.len;
	long *grown = dt_xcalloc(nj + 1, sizeof(long));
	bool *tramp = dt_xcalloc(nj + 1, sizeof(bool));
	long limit = DT_JMP_NEAR;
	int rc = 0;

	for (size_t k = 0; k < nj; k++) {
		if (ir->label_pos.data[ir->jumps.data[k].label] < 0) {
			rc = -1;
			goto out;
		}
	}
	if (dt_ir_layout(ir, limit, grown, tramp) && !(have_gotol && have_gotol(arg))) {
		limit = INT16_MAX;
		if (dt_ir_layout(ir, limit, grown, tramp)) {
			rc = -2;	/* ir->far_tag: whose */
			goto out;
		}
	}
	if (grown[nj]) {
		/* Move the code apart to make room for the trampolines, from the end. */
		size_t len = ir->len + (size_t)grown[nj];

		if (len > ir->cap) {
			ir->cap = len;
			ir->insns = dt_xrealloc(ir->insns, ir->cap * sizeof(*ir->insns));
			ir->locs = dt_xrealloc(ir->locs, ir->cap * sizeof(*ir->locs));
		}
		for (size_t i = ir->len, k = nj; i-- > 0;) {
			while (k > 0 && ir->jumps.data[k - 1].at >= i)
				k--;
			ir->insns[i + (size_t)grown[k]] = ir->insns[i];
			ir->locs[i + (size_t)grown[k]] = ir->locs[i];
		}
		ir->len = len;
	}
	for (size_t k = 0; k < nj; k++) {
		struct dt_jump *j = &ir->jumps.data[k];
		long to = dt_ir_newpos(ir, grown, ir->label_pos.data[j->label]);
		long from = (long)j->at + grown[k];
		struct bpf_insn *in = &ir->insns[from];

		if (j->call) {
			in->imm = (int32_t)(to - from - 1);
		} else if (tramp[k]) {
			in->off = 1;
			in[1] = dt_insn(BPF_JMP | BPF_JA, 0, 0, 1, 0);
			in[2] = dt_insn(BPF_JMP32 | BPF_JA, 0, 0, 0, (int32_t)(to - from - 3));
			ir->locs[from + 1] = ir->locs[from + 2] = ir->locs[from];
		} else if (dt_ir_fits(to - from - 1, limit)) {
			in->off = (int16_t)(to - from - 1);
		} else {
			*in = dt_insn(BPF_JMP32 | BPF_JA, 0, 0, 0, (int32_t)(to - from - 1));
		}
	}
	/* Labels keep meaning the same instruction (callers may look them up). */
	for (size_t l = 0; l < ir->label_pos.len; l++)
		ir->label_pos.data[l] = dt_ir_newpos(ir, grown, ir->label_pos.data[l]);
	ir->jumps.len = 0;
out:
	free(grown);
	free(tramp);
	return rc;
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
