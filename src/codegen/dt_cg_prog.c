/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_cg_prog.c: one BPF program per attach point.
 *
 *   r6 = ctx
 *   if (state.activity != active) return 0        (not for END: it runs after exit())
 *   if (cpu != -x cpu) return 0                   (only with -x cpu; not BEGIN, END, ERROR)
 *   provider prologue: r7 = &mstate[cpu] (dt_cg_mstate, after any early dispatch that
 *     can return at once), probe id, clause mask, args, errno
 *   call clause 0 ... clause N, in program order  (each tests its bit in the mask when the
 *   [jump back into the prologue]                  program serves many probes; a prologue
 *   return 0                                       may fire several probes per event)
 *   clause_0: r6 = ctx, r7 = scratch; the clause; return 0     (BPF-to-BPF subprograms:
 *   ...                                           jumps stay short however many clauses
 *                                                 there are, and each is verified alone)
 *   dt_cleanpath: ...; return 0                   the library routines the clauses call,
 *   ...                                           once each (dt_cg_lib.c)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../providers/dt_provider.h"
#include "../runtime/dt_runtime.h"
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

static bool
dt_cg_have_gotol(void *arg)
{
	return dt_rt_have_gotol(((dt_cg_t *)arg)->dtp);
}

/*
 * The clause used a load or store offset beyond BPF's 16 bits (dt_insn_mem): say which
 * limit that is in D's terms, by the base register: the record (r8), the per-CPU scratch
 * value (r7) or the stack.
 */
static void
dt_cg_badoff(dt_cg_t *cg)
{
	switch (cg->ir.badoff_reg) {
	case 8:
		dt_cg_fail(cg, "the clause's trace record is larger than 32767 bytes, the most "
			   "one record can hold");
		cg->err_hint = "trace fewer or smaller values in this clause (lower strsize, "
			       "or split the clause into several with the same probes)";
		break;
	case 7:
		dt_cg_fail(cg, "the clause needs more than 32767 bytes of scratch space per CPU");
		cg->err_hint = "use fewer or shorter string temporaries (lower strsize), or "
			       "split the clause";
		break;
	default:
		dt_cg_fail(cg, "the clause addresses memory beyond BPF's 16-bit offsets");
		cg->err_hint = "split the clause into several with the same probes";
		break;
	}
}

/*
 * The kernel lets one program use at most 64 maps (its MAX_USED_MAPS): the fixed ones, the
 * dispatch map, and one per aggregation and per thread-local or associative variable its
 * clauses touch. And the per-CPU scratch value a clause's temporaries live in has at most
 * 32768 bytes (the offsets of loads and stores). Past either, an error at the clause where
 * it happens, in D's terms, instead of the kernel's E2BIG or "Too many open files".
 */
#define DT_MAX_MSTATE 32768

static void
dt_cg_limits(dt_cg_t *cg, size_t start, bool *seen, int *nmaps)
{
	static char msg[200];

	for (size_t i = start; i < cg->ir.len; i++) {
		const struct bpf_insn *in = &cg->ir.insns[i];

		if (in->code != (BPF_LD | BPF_DW | BPF_IMM))
			continue;
		if ((in->src_reg == BPF_PSEUDO_MAP_FD || in->src_reg == BPF_PSEUDO_MAP_VALUE) &&
		    in->imm >= DT_NMAPS_FIXED && !seen[in->imm - DT_NMAPS_FIXED]) {
			seen[in->imm - DT_NMAPS_FIXED] = true;
			++*nmaps;
		}
		i++;	/* the second half of ld_imm64 */
	}
	if (*nmaps > DT_MAX_PROG_MAPS) {
		snprintf(msg, sizeof(msg), "too many aggregations and thread-local or associative "
			 "variables for one probe: the kernel gives a program at most %d maps, "
			 "and %d of them are dtrace's own", DT_MAX_PROG_MAPS, DT_NMAPS_CLAUSE);
		dt_cg_fail(cg, msg);
		cg->err_hint = "use fewer aggregations or variables on the same probe, or one "
			       "aggregation (or array) with a key that tells them apart";
	} else if (DT_MST_TEMP + (uint64_t)cg->temp_max > DT_MAX_MSTATE) {
		snprintf(msg, sizeof(msg), "the clause needs %u bytes of scratch space per CPU "
			 "for its clause-local (this->) variables and temporaries; at most %u "
			 "are possible", (unsigned)DT_MST_TEMP + cg->temp_max,
			 (unsigned)DT_MAX_MSTATE);
		dt_cg_fail(cg, msg);
		cg->err_hint = "use fewer or smaller this-> variables and string temporaries "
			       "(lower strsize)";
	}
}

/*
 * Where the clauses' state lies in the scratch value: strtok()'s and the scratch space
 * (DT_SCR_*), each only if a clause uses it, after temp_base, which moves past them. And
 * what the prologue must compute for the clauses (DT_NEED_*).
 */
static unsigned
dt_cg_temps(dt_cg_t *cg, dt_clause_t *const *cls, size_t n)
{
	unsigned needs = 0;

	for (size_t i = 0; i < n; i++) {
		needs |= dt_cg_clause_needs(cls[i]);
		if (!cg->strtok_off && dt_cg_calls_strtok(cg, cls[i]->node)) {
			cg->strtok_off = DT_MST_TEMP + cg->temp_base;
			cg->temp_base += DT_STRTOK_SIZE(cg);
		}
	}
	for (size_t i = 0; i < n && !cg->scratch_off; i++) {
		if (dt_cg_uses_scratch(cg, cls[i]->node)) {
			uint32_t size = (uint32_t)DT_ALIGN(cg->dtp->opts.scratchsize, 8);

			cg->scratch_off = DT_MST_TEMP + cg->temp_base;
			cg->temp_base += DT_SCR_DATA + size;
			cg->temp_max = DT_MAX(cg->temp_max, cg->temp_base + size);
		}
	}
	return needs;
}

bool
dt_cg_is_error_clause(const dt_clause_t *cl)
{
	for (size_t k = 0; k < cl->probes.len; k++)
		if (cl->probes.data[k]->flags & DT_PRF_ERROR)
			return true;
	return false;
}

/* What dt_error keeps of the firing while ERROR's clauses run: probe id, arg0-9, errno. */
static const int16_t dt_cg_error_kept[] = {
	DT_MST_PRID, DT_MST_ARGS, DT_MST_ARGS + 8, DT_MST_ARGS + 16, DT_MST_ARGS + 24,
	DT_MST_ARGS + 32, DT_MST_ARGS + 40, DT_MST_ARGS + 48, DT_MST_ARGS + 56, DT_MST_ARGS + 64,
	DT_MST_ARGS + 72, DT_MST_ERRNO,
};

/*
 * dtrace:::ERROR fires at the fault, in the firing, as in DTrace: a clause's fault path
 * (dt_cg_fault_path) calls dt_error(ctx, scratch value, clause index), which runs ERROR's
 * clauses with ERROR's context and then gives the firing back its own. So what ERROR does
 * comes before the firing's later clauses, and an exit( ) there stops them (for a probe not
 * dtrace's). ERROR's arguments are Oracle's DTrace's: arg1 the faulting probe's ID, arg2 the
 * clause's index in the program (its dt_clause_N), arg3 the action (0: the predicate;
 * DTrace's is a DIF offset), arg4 the fault code (DTRACEFLT_*), arg5 the address.
 *
 *   dt_error: r6 = ctx, r7 = scratch value
 *     keep: the probe id, args and errno -> kept, a temporary past the firing's state
 *     arg0..9 = 0, clause index, fault word >> 8, fault word & 0xff, fault address, 0...
 *     probe id = ERROR's; errno = 0
 *     ERROR's clauses, in program order
 *     the probe id, args and errno <- kept; return 0
 *
 * The faulting clause has ended, so its temporaries are free: ERROR's clauses have theirs
 * after the kept words (and, if they use them and the firing's clauses do not, strtok()'s
 * state and scratch space, which the library routines emitted after them use too).
 */
static int
dt_cg_error(dt_cg_t *cg, bool *map_seen, int *nmaps)
{
	dt_irbuf_t *ir = &cg->ir;
	uint32_t base = cg->temp_base, strtok_off = cg->strtok_off;
	bool new_strtok;
	uint32_t kept = DT_MST_TEMP + cg->temp_base, n = DT_ARRAY_SIZE(dt_cg_error_kept);
	dt_clause_t **cls = dt_xcalloc((size_t)cg->prog->nclauses, sizeof(*cls));
	size_t ncls = 0;
	uint32_t prid = 0;
	int rc = 0;

	for (int c = 0; c < cg->prog->nclauses; c++) {
		dt_clause_t *cl = cg->prog->clauses[c];

		if (!dt_cg_is_error_clause(cl))
			continue;
		cls[ncls++] = cl;
		for (size_t k = 0; k < cl->probes.len; k++)
			if (cl->probes.data[k]->flags & DT_PRF_ERROR)
				prid = cl->probes.data[k]->id;
	}
	cg->temp_base += 8 * n;
	cg->temp_max = DT_MAX(cg->temp_max, cg->temp_base);
	dt_cg_temps(cg, cls, ncls);
	/* what ERROR adds stays for the library routines, emitted after this: strtok()'s
	 * state, reset as at the start of a firing, and scratch space */
	new_strtok = cg->strtok_off != strtok_off;

	dt_ir_func(ir, cg->error_fn, "dt_error", 3, false);
	dt_ir_place(ir, cg->error_fn);
	dt_ir_emit(ir, DT_MOV64_REG(6, 1));
	dt_ir_emit(ir, DT_MOV64_REG(7, 2));
	for (uint32_t i = 0; i < n; i++) {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7, dt_cg_error_kept[i]));
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, (int16_t)(kept + 8 * i)));
	}
	for (int i = 0; i < 10; i++)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7, DT_MST_PRID));
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8));
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 3, DT_MST_ARGS + 16));
	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7, DT_MST_FAULT));
	dt_ir_emit(ir, DT_MOV64_REG(2, 1));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_RSH, 2, 8));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 2, 0xffffff));
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 2, DT_MST_ARGS + 24));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 1, 0xff));
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 32));
	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7, DT_MST_FADDR));
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 40));
	dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_PRID, (int32_t)prid));
	dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	if (new_strtok)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, (int16_t)cg->strtok_off, -1));
	cg->in_error = true;
	for (size_t i = 0; i < ncls && !cg->err; i++) {
		size_t start = ir->len;

		ir->tag = (int)cls[i]->index + 1;
		dt_cg_clause(cg, cls[i]);
		ir->tag = 0;
		if (!cg->err && ir->nbadoff)
			dt_cg_badoff(cg);
		if (!cg->err)
			dt_cg_limits(cg, start, map_seen, nmaps);
		if (cg->err && !cg->err_loc.src)
			cg->err_loc = cls[i]->node->loc;
	}
	cg->in_error = false;
	if (cg->err)
		rc = -1;
	for (uint32_t i = 0; i < n; i++) {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7, (int16_t)(kept + 8 * i)));
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, dt_cg_error_kept[i]));
	}
	dt_ir_emit(ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(ir, DT_EXIT());
	cg->temp_base = base;
	free(cls);
	return rc;
}

int
dt_cg_program(dt_cg_t *cg, struct dt_bpfprog *bp)
{
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir);
	unsigned needs = 0;
	bool masked, exit_before = false;

	/* this-> variables come first in the temporaries, then strtok()'s state and scratch
	 * space (DT_SCR_*) if any */
	cg->temp_base = cg->prog->this_size;
	needs = dt_cg_temps(cg, bp->clauses.data, bp->clauses.len);
	/* ERROR's clauses, for dt_cg_error (not in ERROR's own program) */
	cg->error_fn = -1;
	cg->error_used = cg->error_exits = cg->in_error = false;
	for (int c = 0; c < cg->prog->nclauses && !(bp->flags & DT_PRF_ERROR); c++) {
		const dt_clause_t *cl = cg->prog->clauses[c];

		if (!dt_cg_is_error_clause(cl))
			continue;
		if (cg->error_fn < 0)
			cg->error_fn = dt_ir_label(ir);
		for (int k = 0; k < cl->nactions; k++)
			cg->error_exits |= cl->actions[k].kind == DT_ACT_EXIT;
	}

	cg->in_end = bp->flags & DT_PRF_END;
	cg->in_consumer = bp->flags & DT_PRF_IN_CONSUMER;
	dt_ir_emit(ir, DT_MOV64_REG(6, 1));
	/* END runs after exit(); ERROR for faults that came before it */
	if (!(bp->flags & (DT_PRF_END | DT_PRF_ERROR))) {
		dt_ir_ld_mapval(ir, 1, DT_MAP_STATE, DT_ST_ACTIVITY);
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 1, 0));
		dt_ir_jmp_imm(ir, BPF_JNE, 1, 0, out);
	}
	/*
	 * -x cpu=N: as DTrace, probes that fire on another CPU are not traced. BEGIN, END and
	 * ERROR run in the consumer, on whatever CPU it is on: they always run.
	 */
	if (cg->dtp->opts.cpu != DT_CPU_ALL && !(bp->flags & DT_PRF_IN_CONSUMER)) {
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_smp_processor_id));
		dt_ir_jmp_imm(ir, BPF_JNE, 0, (int32_t)cg->dtp->opts.cpu, out);
	}
	cg->prog_exit = out;
	masked = bp->prov->ops->prologue(cg, bp, needs);
	if (cg->err) {
		/* the provider cannot enable these probes here (its reason), at the clause */
		if (!cg->err_loc.src && bp->clauses.len)
			cg->err_loc = bp->clauses.data[0]->node->loc;
		return -1;
	}
	/* no timestamp read in this firing yet (dt_cg_var) */
	dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_TSTAMP, 0));
	/* strtok(NULL, ...) continues a string of this firing only: none yet */
	if (cg->strtok_off)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, cg->strtok_off, -1));
	if (masked && bp->clauses.len > DT_MAX_MASKED_CLAUSES) {
		cg->err = "too many clauses on one shared probe program";
		return -1;
	}
	/*
	 * The clauses go into subprograms: one each, or a few each when there are more than
	 * the kernel allows subprograms (256); main calls them in order with ctx, the scratch
	 * value and (shared programs) the dispatch value, whose mask each clause tests.
	 */
	size_t nc = bp->clauses.len, per = (nc + DT_MAX_SUBPROGS - 1) / DT_MAX_SUBPROGS;
	size_t ngroups = per ? (nc + per - 1) / per : 0;
	int *entry = dt_xcalloc(ngroups + 1, sizeof(int));
	/* aggregations and dynamic variables the clauses touch: the maps it uses */
	bool *map_seen = dt_xcalloc((size_t)cg->prog->naggs + (size_t)cg->prog->ndynvars +
				    (size_t)cg->prog->nagg_groups + 1, sizeof(bool));
	int nmaps = DT_NMAPS_CLAUSE;

	for (size_t g = 0; g < ngroups; g++) {
		entry[g] = dt_ir_label(ir);
		dt_ir_emit(ir, DT_MOV64_REG(1, 6));
		dt_ir_emit(ir, DT_MOV64_REG(2, 7));
		if (masked)
			dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 10, FP_DISP));
		else
			dt_ir_emit(ir, DT_MOV64_IMM(3, 0));
		dt_ir_call(ir, entry[g]);
	}
	if (cg->again)
		dt_ir_ja(ir, cg->again_label);	/* the next probe this event fires */
	dt_ir_place(ir, out);
	dt_ir_emit(ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(ir, DT_EXIT());
	for (size_t g = 0; g < ngroups; g++) {
		char name[24];

		snprintf(name, sizeof(name), "dt_clause_%d", (int)g);
		dt_ir_func(ir, entry[g], name, 3, false);
		dt_ir_place(ir, entry[g]);
		dt_ir_emit(ir, DT_MOV64_REG(6, 1));
		dt_ir_emit(ir, DT_MOV64_REG(7, 2));
		if (masked)
			dt_ir_emit(ir, DT_STX(BPF_DW, 10, 3, FP_DISP));
		for (size_t i = g * per; i < nc && i < (g + 1) * per; i++) {
			int skip = dt_ir_label(ir);

			if (exit_before) {
				/* after an exit( ) in an earlier clause, as in DTrace, the later
				 * ones do not run: the activity is draining now */
				dt_ir_ld_mapval(ir, 1, DT_MAP_STATE, DT_ST_ACTIVITY);
				dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 1, 0));
				dt_ir_jmp_imm(ir, BPF_JNE, 1, 0, skip);
			}

			if (masked) {
				/* clause i runs for this probe if bit i of the dispatch value's
				 * mask (word i / 64 after the probe id) is set */
				dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_DISP));
				dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 1, (8 + 8 * (i / 64))));
				if (i % 64 < 31) {
					dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 1, (int32_t)(1U << (i % 64))));
				} else {
					dt_ir_emit(ir, DT_ALU64_IMM(BPF_RSH, 1, (int32_t)(i % 64)));
					dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 1, 1));
				}
				dt_ir_jmp_imm(ir, BPF_JEQ, 1, 0, skip);
			}
			size_t start = ir->len;

			ir->tag = (int)i + 1;
			dt_cg_clause(cg, bp->clauses.data[i]);
			ir->tag = 0;
			dt_ir_place(ir, skip);
			for (int k = 0; k < bp->clauses.data[i]->nactions; k++)
				if (bp->clauses.data[i]->actions[k].kind == DT_ACT_EXIT &&
				    !(bp->flags & (DT_PRF_END | DT_PRF_ERROR)))
					exit_before = true;
			/* and after a fault whose ERROR may have called exit( ) */
			if (cg->error_exits && (cg->fault_used || cg->pred_fault_used) &&
			    !(bp->flags & DT_PRF_END))
				exit_before = true;
			if (!cg->err && ir->nbadoff)
				dt_cg_badoff(cg);
			if (!cg->err)
				dt_cg_limits(cg, start, map_seen, &nmaps);
			if (cg->err) {
				if (!cg->err_loc.src)
					cg->err_loc = bp->clauses.data[i]->node->loc;
				free(entry);
				free(map_seen);
				dt_cg_lib_emit(cg);
				return -1;
			}
		}
		dt_ir_emit(ir, DT_MOV64_IMM(0, 0));
		dt_ir_emit(ir, DT_EXIT());
	}
	if (cg->error_used && dt_cg_error(cg, map_seen, &nmaps) < 0) {
		free(entry);
		free(map_seen);
		dt_cg_lib_emit(cg);
		return -1;
	}
	free(entry);
	free(map_seen);
	/* the library routines the clauses call, once each */
	if (dt_cg_lib_emit(cg) < 0)
		return -1;
	if (ir->nbadoff) {
		dt_cg_badoff(cg);
		return -1;
	}
	switch (dt_ir_finish(ir, dt_cg_have_gotol, cg)) {
	case 0:
		return 0;
	case -2:
		cg->err = "the clause's code is too long for this kernel: it needs jumps of more "
			  "than 32767 instructions, and the kernel has no 32-bit jump (gotol, "
			  "Linux 6.4 and later)";
		cg->err_hint = "split the clause into several with the same probes and predicate";
		cg->err_loc = bp->clauses.data[ir->far_tag > 0 ? ir->far_tag - 1 : 0]->node->loc;
		return -1;
	default:
		cg->err = "internal error: a jump to an unplaced label";
		return -1;
	}
}
