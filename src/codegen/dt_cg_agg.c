/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_cg_agg.c: code generation for aggregating assignments: @name[keys] = func(value).
 *
 * The key tuple is built in the per-CPU scratch value (string slots zeroed so equal keys hash
 * equally), the value is looked up in the aggregation's per-CPU map (created on a miss from an
 * initial value), and the function's words are updated in place. Keyless aggregations use a
 * one-entry per-CPU array, whose lookup the verifier inlines.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/dt_runtime.h"
#include "dt_codegen.h"

/* ---- aggregations --------------------------------------------------------------------- */

/* stats[cpu].word += 1 */
void
dt_cg_stat_inc(dt_cg_t *cg, int word_off)
{
	int out = dt_ir_label(IR(cg));

	EMIT(cg, DT_ST(BPF_W, 10, FP_KEY, 0));
	dt_ir_ld_map(IR(cg), 1, DT_MAP_STATS);
	EMIT(cg, DT_MOV64_REG(2, 10));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, FP_KEY));
	EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
	dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, out);
	EMIT(cg, DT_LDX(BPF_DW, 1, 0, word_off));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, 1));
	EMIT(cg, DT_STX(BPF_DW, 0, 1, word_off));
	dt_ir_place(IR(cg), out);
}

/*
 * Histogram bucket idx_reg of the value at base_reg += the increment in stack slot islot
 * (r2, r3 and idx_reg are used).
 */
static void
dt_cg_bucket_add(dt_cg_t *cg, int base_reg, int idx_reg, int islot)
{
	EMIT(cg, DT_ALU64_IMM(BPF_LSH, idx_reg, 3));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, base_reg, idx_reg));
	EMIT(cg, DT_LDX(BPF_DW, 2, base_reg, 0));
	EMIT(cg, DT_LDX(BPF_DW, 3, 10, islot));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 3));
	EMIT(cg, DT_STX(BPF_DW, base_reg, 2, 0));
}

/*
 * r0 = bucket index of the value in r1 for quantize(): 63 for 0, 63 + k for values in
 * [2^(k-1), 2^k), 63 - k for values in (-2^k, -2^(k-1)]. A binary search over the bit
 * length, five compares deep, rather than a loop: cheap and verifier-friendly.
 */
static void
dt_cg_quantize_idx(dt_cg_t *cg)
{
	dt_irbuf_t *ir = IR(cg);
	int pos = dt_ir_label(ir), done = dt_ir_label(ir), neg = dt_ir_label(ir);

	/* r2 = |v| as unsigned, r3 = sign */
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_MOV64_IMM(3, 0));
	dt_ir_jmp_imm(ir, BPF_JSGE, 1, 0, pos);
	EMIT(cg, DT_ALU64_IMM(BPF_NEG, 2, 0));
	EMIT(cg, DT_MOV64_IMM(3, 1));
	dt_ir_place(ir, pos);
	/* r0 = bit length of r2 (0 for 0) */
	EMIT(cg, DT_MOV64_IMM(0, 0));
	for (int sh = 32; sh >= 1; sh /= 2) {
		int skip = dt_ir_label(ir);

		EMIT(cg, DT_MOV64_REG(4, 2));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 4, sh));
		dt_ir_jmp_imm(ir, BPF_JEQ, 4, 0, skip);
		EMIT(cg, DT_MOV64_REG(2, 4));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, sh));
		dt_ir_place(ir, skip);
	}
	/* r2 is now 0 or 1: length += r2 */
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 0, 2));
	dt_ir_jmp_imm(ir, BPF_JNE, 3, 0, neg);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, 63));
	dt_ir_ja(ir, done);
	dt_ir_place(ir, neg);
	EMIT(cg, DT_ALU64_IMM(BPF_NEG, 0, 0));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, 63));
	dt_ir_place(ir, done);
	/* Bounds for the verifier (and INT64_MIN, whose magnitude has 64 bits): clamp. */
	{
		int lo = dt_ir_label(ir), hi = dt_ir_label(ir);

		dt_ir_jmp_imm(ir, BPF_JSGE, 0, 0, lo);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		dt_ir_place(ir, lo);
		dt_ir_jmp_imm(ir, BPF_JSLE, 0, 126, hi);
		EMIT(cg, DT_MOV64_IMM(0, 126));
		dt_ir_place(ir, hi);
	}
}

/*
 * r1 = the aggregation's map: its own, or (many aggregations, dt_link_agg_groups) the one at
 * its slot of its shape's array of maps; an array that has none there goes to out.
 */
static void
dt_cg_agg_map(dt_cg_t *cg, const dt_aggdesc_t *ad, int out)
{
	dt_irbuf_t *ir = IR(cg);
	uint32_t off;

	if (ad->group < 0) {
		dt_ir_ld_map(ir, 1, DT_MAP_AGG(ad->id));
		return;
	}
	off = dt_cg_temp(cg, 8);
	EMIT(cg, DT_ST(BPF_W, 7, off, (int32_t)ad->slot));
	dt_ir_ld_map(ir, 1, DT_NMAPS_FIXED + cg->prog->naggs + cg->prog->ndynvars + ad->group);
	EMIT(cg, DT_MOV64_REG(2, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, (int32_t)off));
	EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, out);
	EMIT(cg, DT_MOV64_REG(1, 0));
}

void
dt_cg_aggregate(dt_cg_t *cg, dt_node_t *assign)
{
	dt_node_t *agg = assign->left, *call = assign->right;
	dt_aggdesc_t *ad = cg->prog->aggs[agg->agg_id];
	dt_irbuf_t *ir = IR(cg);
	int have = dt_ir_label(ir), out = dt_ir_label(ir), vslot = 0, islot = 0;
	uint32_t koff = 0, ioff, nw = ad->nwords + (ad->nkeys ? 0 : 1);
	int keyreg_off, incr = dt_agg_incr_arg(ad->func);

	/* The key: in the scratch value, zeroed first so string slots hash the same. */
	if (ad->nkeys) {
		koff = dt_cg_temp(cg, ad->keysize);
		for (int i = 0; i < ad->nkeys; i++) {
			const dt_recitem_t *k = &ad->keys[i];
			dt_node_t *e = agg->list.data[i];

			if (DT_RECFMT_IS_USER(k->fmt)) {
				dt_cg_user_into(cg, e, k->fmt, 7, (int32_t)(koff + k->offset), k->size);
			} else if (k->fmt == DT_RECFMT_STACK) {
				dt_cg_stack_into(cg, k->fmt, 7, (int32_t)(koff + k->offset), k->size);
			} else if (k->kind == DT_REC_STRING) {
				dt_cg_zero(cg, 7, koff + k->offset, k->size);
				dt_cg_str_into(cg, e, 7, (int32_t)(koff + k->offset), k->size);
			} else {
				dt_cg_expr(cg, e);
				EMIT(cg, DT_STX(BPF_DW, 7, 0, (koff + k->offset)));
			}
		}
	}
	/* The value argument, spilled while the map is looked up. */
	if (call->list.len > 0) {
		dt_cg_expr(cg, call->list.data[0]);
		vslot = dt_cg_push(cg);
	}
	/* The histograms' increment (1 when absent), spilled too. */
	if (incr > 0) {
		if ((int)call->list.len > incr)
			dt_cg_expr(cg, call->list.data[incr]);
		else
			EMIT(cg, DT_MOV64_IMM(0, 1));
		islot = dt_cg_push(cg);
	}

	/* Look up; on a miss create the entry from an initial value, then look up again. */
	keyreg_off = ad->nkeys ? (int)koff : FP_KEY;
	if (!ad->nkeys)
		EMIT(cg, DT_ST(BPF_W, 10, FP_KEY, 0));
	for (int pass = 0; pass < 2; pass++) {
		dt_cg_agg_map(cg, ad, out);
		EMIT(cg, DT_MOV64_REG(2, ad->nkeys ? 7 : 10));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, keyreg_off));
		EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
		if (pass == 1 || !ad->nkeys)
			break;
		dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, have);
		ioff = dt_cg_temp(cg, nw * 8);
		dt_cg_zero(cg, 7, ioff, nw * 8);
		dt_cg_agg_map(cg, ad, out);
		EMIT(cg, DT_MOV64_REG(2, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, keyreg_off));
		EMIT(cg, DT_MOV64_REG(3, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, (int32_t)ioff));
		EMIT(cg, DT_MOV64_IMM(4, BPF_NOEXIST));
		EMIT(cg, DT_CALL(BPF_FUNC_map_update_elem));
	}
	{
		int ok = dt_ir_label(ir);

		dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, ok);
		dt_cg_stat_inc(cg, DT_STAT_AGGDROPS);
		dt_ir_ja(ir, out);
		dt_ir_place(ir, ok);
	}
	dt_ir_place(ir, have);

	/* r0 = r9 = the value words; r1 = the argument */
	EMIT(cg, DT_MOV64_REG(9, 0));
	if (call->list.len > 0)
		EMIT(cg, DT_LDX(BPF_DW, 1, 10, vslot));
	switch (ad->func) {
	case DT_AGG_COUNT:
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 0));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, 1));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 0));
		break;
	case DT_AGG_SUM:
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 0));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 1));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 0));
		break;
	case DT_AGG_AVG:
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 0));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, 1));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 0));
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 8));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 1));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 8));
		break;
	case DT_AGG_MIN: case DT_AGG_MAX: {
		int set = dt_ir_label(ir), keep = dt_ir_label(ir);

		/* The first update on this CPU sets; later ones compare. */
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 8));
		dt_ir_jmp_imm(ir, BPF_JEQ, 2, 0, set);
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 0));
		dt_ir_jmp_reg(ir, ad->func == DT_AGG_MIN ? BPF_JSGE : BPF_JSLE, 1, 2, keep);
		dt_ir_place(ir, set);
		EMIT(cg, DT_STX(BPF_DW, 0, 1, 0));
		EMIT(cg, DT_ST(BPF_DW, 0, 8, 1));
		dt_ir_place(ir, keep);
		break;
	}
	case DT_AGG_STDDEV: {
		int nc = dt_ir_label(ir), nc1 = dt_ir_label(ir), pos = dt_ir_label(ir);

		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 0));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, 1));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 0));
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 8));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 1));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 8));
		/*
		 * The sum of squares in 128 bits, as DTrace keeps it. v*v of |v| = h*2^32 + l
		 * is h*h*2^64 + 2*h*l*2^32 + l*l: r4:r3 (high:low) gets it, then the sum adds
		 * it with the carry.
		 */
		EMIT(cg, DT_MOV64_REG(3, 1));
		dt_ir_jmp_imm(ir, BPF_JSGE, 3, 0, pos);
		EMIT(cg, DT_ALU64_IMM(BPF_NEG, 3, 0));
		dt_ir_place(ir, pos);
		EMIT(cg, DT_MOV64_REG(4, 3));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 4, 32));		/* h */
		EMIT(cg, DT_ALU64_IMM(BPF_LSH, 3, 32));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 3, 32));		/* l */
		EMIT(cg, DT_MOV64_REG(5, 4));
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 5, 3));		/* m = h*l */
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 4, 4));		/* high = h*h */
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 3, 3));		/* low = l*l */
		EMIT(cg, DT_MOV64_REG(2, 5));
		EMIT(cg, DT_ALU64_IMM(BPF_LSH, 2, 33));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 3, 2));		/* low += m << 33 */
		dt_ir_jmp_reg(ir, BPF_JGE, 3, 2, nc1);
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, 1));
		dt_ir_place(ir, nc1);
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 5, 31));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 5));		/* high += m >> 31 */
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 16));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 3));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 16));
		dt_ir_jmp_reg(ir, BPF_JGE, 2, 3, nc);
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, 1));
		dt_ir_place(ir, nc);
		EMIT(cg, DT_LDX(BPF_DW, 2, 0, 24));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 4));
		EMIT(cg, DT_STX(BPF_DW, 0, 2, 24));
		break;
	}
	case DT_AGG_QUANTIZE:
		/* dt_cg_quantize_idx uses r0-r4 */
		EMIT(cg, DT_MOV64_REG(5, 0));
		dt_cg_quantize_idx(cg);
		dt_cg_bucket_add(cg, 5, 0, islot);
		break;
	case DT_AGG_LQUANTIZE: {
		/* index 0: below base; 1 + (v - base) / step; last: at or above limit */
		int64_t base = ad->arg[0], limit = ad->arg[1], step = ad->arg[2];
		int32_t last = (int32_t)ad->nwords - 1;
		int under = dt_ir_label(ir), over = dt_ir_label(ir), add = dt_ir_label(ir);

		dt_cg_int(cg, 2, (uint64_t)base);
		dt_ir_jmp_reg(ir, BPF_JSLT, 1, 2, under);
		dt_cg_int(cg, 2, (uint64_t)limit);
		dt_ir_jmp_reg(ir, BPF_JSGE, 1, 2, over);
		EMIT(cg, DT_MOV64_REG(2, 1));
		if (base)
			dt_cg_int(cg, 3, (uint64_t)base), EMIT(cg, DT_ALU64_REG(BPF_SUB, 2, 3));
		dt_cg_int(cg, 3, (uint64_t)step);
		EMIT(cg, DT_ALU64_REG(BPF_DIV, 2, 3));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, 1));
		/* clamp for the verifier */
		dt_ir_jmp_imm(ir, BPF_JLE, 2, last, add);
		EMIT(cg, DT_MOV64_IMM(2, last));
		dt_ir_ja(ir, add);
		dt_ir_place(ir, under);
		EMIT(cg, DT_MOV64_IMM(2, 0));
		dt_ir_ja(ir, add);
		dt_ir_place(ir, over);
		EMIT(cg, DT_MOV64_IMM(2, last));
		dt_ir_place(ir, add);
		dt_cg_bucket_add(cg, 0, 2, islot);
		break;
	}
	case DT_AGG_LLQUANTIZE: {
		/*
		 * As dt_llquant_bucket(): r2 = the position of |v| on the positive side (0:
		 * below factor^low; then, for the order m whose range [factor^m, factor^(m+1))
		 * holds it, base(m) + |v| / w(m) - k0(m); P + 1 above every order), r4 = v < 0;
		 * the index is P + 1 - r2 for a negative value, P + 1 + r2 for the others. The
		 * parameters are constants: a chain of compares picks the order (at most 64),
		 * each with its own divide; sema made sure factor^(high+1) fits in 63 bits.
		 */
		int64_t factor = ad->arg[0], low = ad->arg[1], high = ad->arg[2];
		int64_t steps = ad->arg[3], this = 1, base = 1;
		int32_t last = (int32_t)ad->nwords - 1, side = (last - 2) / 2;
		int nord = (int)(high - low + 1), add = dt_ir_label(ir), zero = dt_ir_label(ir);
		int over = dt_ir_label(ir), sign = dt_ir_label(ir), pos = dt_ir_label(ir);
		int ord[64];

		if (ad->nwords < 3 || nord < 1 || nord > 64) {
			dt_cg_fail(cg, "llquantize(): bad parameters");
			break;
		}
		EMIT(cg, DT_MOV64_IMM(4, 0));
		dt_ir_jmp_imm(ir, BPF_JSGE, 1, 0, pos);
		EMIT(cg, DT_MOV64_IMM(4, 1));
		EMIT(cg, DT_ALU64_IMM(BPF_NEG, 1, 0));
		/* INT64_MIN stays negative: the lowest bucket */
		EMIT(cg, DT_MOV64_IMM(2, side + 1));
		dt_ir_jmp_imm(ir, BPF_JSLT, 1, 0, sign);
		dt_ir_place(ir, pos);
		for (int64_t m = 0; m < low; m++)
			this *= factor;
		dt_cg_int(cg, 2, (uint64_t)this);
		dt_ir_jmp_reg(ir, BPF_JLT, 1, 2, zero);
		/* Find the order: the first m with |v| < factor^(m+1). */
		for (int i = 0; i < nord; i++) {
			ord[i] = dt_ir_label(ir);
			this *= factor;
			dt_cg_int(cg, 2, (uint64_t)this);
			dt_ir_jmp_reg(ir, BPF_JLT, 1, 2, ord[i]);
		}
		dt_ir_ja(ir, over);
		this = 1;
		for (int64_t m = 0; m < low; m++)
			this *= factor;
		for (int i = 0; i < nord; i++) {
			int64_t next = this * factor, w = next / steps > 1 ? next / steps : 1;
			int64_t k0 = this / w;

			dt_ir_place(ir, ord[i]);
			EMIT(cg, DT_MOV64_REG(2, 1));
			if (w != 1) {
				dt_cg_int(cg, 3, (uint64_t)w);
				EMIT(cg, DT_ALU64_REG(BPF_DIV, 2, 3));
			}
			dt_cg_int(cg, 3, (uint64_t)(base - k0));
			EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 3));
			dt_ir_ja(ir, sign);
			base += next / w - k0;
			this = next;
		}
		dt_ir_place(ir, over);
		EMIT(cg, DT_MOV64_IMM(2, side + 1));
		dt_ir_ja(ir, sign);
		dt_ir_place(ir, zero);
		EMIT(cg, DT_MOV64_IMM(2, 0));
		dt_ir_place(ir, sign);
		/* clamp the position for the verifier, then mirror it for a negative value */
		dt_ir_jmp_imm(ir, BPF_JLE, 2, side + 1, add);
		EMIT(cg, DT_MOV64_IMM(2, side + 1));
		dt_ir_place(ir, add);
		{
			int neg = dt_ir_label(ir), done = dt_ir_label(ir);

			dt_ir_jmp_imm(ir, BPF_JNE, 4, 0, neg);
			EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, side + 1));
			dt_ir_ja(ir, done);
			dt_ir_place(ir, neg);
			EMIT(cg, DT_MOV64_IMM(3, side + 1));
			EMIT(cg, DT_ALU64_REG(BPF_SUB, 3, 2));
			EMIT(cg, DT_MOV64_REG(2, 3));
			dt_ir_place(ir, done);
		}
		dt_cg_bucket_add(cg, 0, 2, islot);
		break;
	}
	}
	if (!ad->nkeys) {
		/* Keyless aggregations live in a per-CPU array, whose entry always exists: a
		 * last word marks this CPU's copy as touched. */
		EMIT(cg, DT_ST(BPF_DW, 9, (ad->nwords * 8), 1));
	}
	dt_ir_place(ir, out);
	if (call->list.len > 0)
		cg->stack_depth -= 8;
	if (incr > 0)
		cg->stack_depth -= 8;
}

