/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_link.c: the back end's driver: from the analysed program to finished BPF programs.
 *
 *   group the enabled probes by attach point (the provider's group): one dt_bpfprog_t each,
 *     given the clauses that enable any of its probes, in program order
 *   -> generate each (dt_cg_program: prologue, clause subprograms)
 *   -> the sizes code generation decided (the scratch value's temporaries) into the program
 *   -> the thread-exit cleanup program, when there are self-> variables
 *   -> -S: print each
 *
 * What comes out needs only maps and a kernel: dt_rt_load creates the maps, swaps their fds
 * into the code and loads it, so `dtrace -e` checks all of this without loading anything.
 * Every instruction keeps the location of the node it came from (dt_bpfprog_t.locs): a code
 * generation error is a diagnostic at that node, and a verifier rejection points there too.
 */
#include <stdlib.h>
#include <string.h>

#include "../providers/dt_provider.h"
#include "dt_codegen.h"

/* The program of an attach point: found, or new and empty (prp: its first probe, or NULL). */
static dt_bpfprog_t *
dt_link_prog_get(dt_handle_t *dtp, struct dt_provider *pv, int group, dt_probe_t *prp)
{
	dt_bpfprog_t *bp;

	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		bp = dtp->bpfprogs.data[i];
		if (bp->prov == pv && bp->group == group)
			return bp;
	}
	bp = dt_xcalloc(1, sizeof(*bp));
	bp->prov = pv;
	bp->group = group;
	bp->fd = -1;
	bp->dispatch_fd = -1;
	bp->prog_type = pv->ops->prog_type;
	bp->probe = prp;
	bp->flags = prp ? prp->flags : 0;
	snprintf(bp->name, sizeof(bp->name), "dt_%s_%d", pv->name, group);
	dt_vec_push(&dtp->bpfprogs, bp);
	return bp;
}

static dt_bpfprog_t *
dt_link_prog_for(dt_handle_t *dtp, dt_probe_t *prp)
{
	return dt_link_prog_get(dtp, prp->provider, prp->provider->ops->group(prp), prp);
}

/*
 * Does a description of clause cl name probes bp's provider may make later (a library the
 * process loads)? Such a clause is in bp's program from the start, with no probe yet.
 * make: create the programs such descriptions name, even empty ones.
 */
static bool
dt_link_later(dt_handle_t *dtp, const dt_clause_t *cl, const dt_bpfprog_t *bp, bool make)
{
	bool in = false;

	for (size_t d = 0; d < cl->node->list.len; d++) {
		const dt_node_t *pn = cl->node->list.data[d];
		dt_pdesc_t pd = {pn->prov, pn->mod, pn->func, pn->name};

		for (int i = 0; i < dtp->nproviders; i++) {
			struct dt_provider *pv = dtp->providers[i];
			int groups[4], n;

			if (!pv->ops->later_groups || (bp && bp->prov != pv) ||
			    !dt_glob_match(pd.prov, pv->name))
				continue;
			n = pv->ops->later_groups(pv, &pd, groups);
			for (int g = 0; g < n; g++) {
				if (make)
					dt_link_prog_get(dtp, pv, groups[g], NULL);
				in |= bp && groups[g] == bp->group;
			}
		}
	}
	return in;
}

/*
 * bufpolicy=fill: the room kept free in every CPU's buffer for END's records, so they fit
 * even in a full one (DTrace's reserve): what END's clauses write, summed. The consumer
 * refuses to start tracing when it is more than bufsize.
 */
static uint64_t
dt_link_end_reserve(const dt_program_t *prog)
{
	uint64_t n = 0;

	for (int c = 0; c < prog->nclauses; c++) {
		const dt_clause_t *cl = prog->clauses[c];

		for (size_t k = 0; cl->has_record && k < cl->probes.len; k++) {
			if (cl->probes.data[k]->flags & DT_PRF_END) {
				n += cl->recsize;
				break;
			}
		}
	}
	return n;
}

/* The program takes over the finished buffer: instructions, their locations, functions. */
static void
dt_link_take(dt_bpfprog_t *bp, dt_irbuf_t *ir)
{
	bp->code = dt_xmalloc(sizeof(*bp->code));
	*bp->code = *ir;
	dt_ir_init(ir);
}

/*
 * Thread-local variables must not outlive their thread (a new thread may get the same id):
 * a small program on the sched_process_exit raw tracepoint, which runs in the exiting
 * thread, deletes that thread's element from every self-> variable's map (and gives its place
 * in dynvarsize's pool back).
 */
static dt_bpfprog_t *
dt_link_reclaim(const dt_program_t *prog)
{
	dt_bpfprog_t *bp;
	dt_irbuf_t ir;
	int n = 0;

	dt_ir_init(&ir);
	dt_ir_emit(&ir, DT_CALL(BPF_FUNC_get_current_pid_tgid));
	dt_ir_emit(&ir, DT_STX(BPF_DW, 10, 0, -8));
	for (size_t i = 0; i < prog->vars.len; i++) {
		dt_var_t *v = prog->vars.data[i];

		if (v->kind != DT_VK_SELF)
			continue;
		dt_ir_ld_map(&ir, 1, DT_NMAPS_FIXED + prog->naggs + v->dynid);
		dt_ir_emit(&ir, DT_MOV64_REG(2, 10));
		dt_ir_emit(&ir, DT_ALU64_IMM(BPF_ADD, 2, -8));
		dt_ir_emit(&ir, DT_CALL(BPF_FUNC_map_delete_elem));
		if (prog->dyn_pooled) {
			int none = dt_ir_label(&ir);

			dt_ir_jmp_imm(&ir, BPF_JNE, 0, 0, none);
			dt_cg_dyn_give(&ir);
			dt_ir_place(&ir, none);
		}
		n++;
	}
	dt_ir_emit(&ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(&ir, DT_EXIT());
	if (!n || dt_ir_finish(&ir, NULL, NULL) != 0) {	/* its jumps: a few, all short */
		dt_ir_fini(&ir);
		return NULL;
	}
	bp = dt_xcalloc(1, sizeof(*bp));
	bp->fd = -1;
	bp->dispatch_fd = -1;
	bp->prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT;
	snprintf(bp->name, sizeof(bp->name), "dt_reclaim");
	dt_link_take(bp, &ir);
	return bp;
}

/* A code generation failure: a compile error at the node it was generating, if any. */
static void
dt_link_error(dt_diags_t *diags, const dt_cg_t *cg, const dt_bpfprog_t *bp)
{
	const char *msg = cg->err ? cg->err : "unknown error";
	dt_loc_t loc = cg->err_loc;
	dt_diag_t *d;

	loc.dline = 0;	/* our own errors name the construct's line, not DTrace's blame */
	if (loc.src)
		d = dt_diag_error(diags, D_UNKNOWN, loc, "%s", msg);
	else
		d = dt_diag_error(diags, D_UNKNOWN, loc, "failed to generate code for %s: %s",
				  bp->name, msg);
	if (d && cg->err_hint)
		dt_diag_hint(diags, d, "%s", cg->err_hint);
}

/*
 * A program whose aggregations, with dtrace's own maps and the dynamic variables', are more
 * than a probe's program may use (the kernel's 64) reaches them through arrays of maps, one
 * per shape, as the kernel asks of the maps in one array: a probe's program then uses one
 * map per shape, however many aggregations. Each aggregation keeps its own map, which the
 * consumer reads as ever.
 */
static void
dt_link_agg_groups(dt_program_t *prog)
{
	for (int i = 0; i < prog->naggs; i++) {
		prog->aggs[i]->group = -1;
		prog->aggs[i]->slot = 0;
	}
	if (DT_NMAPS_CLAUSE + prog->naggs + prog->ndynvars <= DT_MAX_PROG_MAPS)
		return;
	for (int i = 0; i < prog->naggs; i++) {
		dt_aggdesc_t *ad = prog->aggs[i];

		for (int k = 0; k < i && ad->group < 0; k++) {
			const dt_aggdesc_t *o = prog->aggs[k];

			if (!o->nkeys == !ad->nkeys && o->keysize == ad->keysize &&
			    o->nwords == ad->nwords) {
				ad->group = o->group;
				for (int j = 0; j < i; j++)
					ad->slot += prog->aggs[j]->group == ad->group;
			}
		}
		if (ad->group < 0)
			ad->group = prog->nagg_groups++;
	}
}

/*
 * The program's dyn_elem_max (a tuple is the variable's id, 8 bytes, and its keys), and
 * whether dynvarsize's pool can run out before the variables' maps are full (dyn_pooled).
 */
static void
dt_link_dyn_elem(dt_handle_t *dtp, dt_program_t *prog)
{
	uint64_t entries = 0;

	for (size_t i = 0; i < prog->vars.len; i++) {
		const dt_var_t *v = prog->vars.data[i];
		const dt_type_t *t = v->type ? dt_type_resolve(v->type) : NULL;
		uint64_t n = t && t->size ? t->size : v->size;

		if (v->kind != DT_VK_SELF && v->kind != DT_VK_ASSOC)
			continue;
		if (v->kind == DT_VK_ASSOC)
			n += 8 + v->keysize;
		prog->dyn_elem_max = DT_MAX(prog->dyn_elem_max, n);
		entries += dt_dyn_map_entries(dtp->opts.dynvarsize, v);
	}
	prog->dyn_pooled = entries > dtp->opts.dynvarsize / DT_MAX(prog->dyn_elem_max, 1);
}

int
dt_cg_link(dt_compile_t *cc, dt_program_t *prog)
{
	dt_handle_t *dtp = cc->dtp;
	dt_diags_t *diags = &cc->diags;
	uint32_t temp_max = 64;

	if (dtp->opts.bufpolicy == DT_BUFPOLICY_FILL)	/* the clauses' fill checks use it */
		prog->end_reserve = dt_link_end_reserve(prog);
	dt_link_agg_groups(prog);
	dt_link_dyn_elem(dtp, prog);
	/* Group probes into programs, then give each program its clauses in order. */
	for (size_t i = 0; i < prog->probes.len; i++) {
		dt_bpfprog_t *bp = dt_link_prog_for(dtp, prog->probes.data[i]);

		dt_vec_push(&bp->probes, prog->probes.data[i]);
		bp->flags |= prog->probes.data[i]->flags;
		if (bp->probes.len > 1)
			bp->probe = NULL;
	}
	for (int c = 0; c < prog->nclauses; c++)
		dt_link_later(dtp, prog->clauses[c], NULL, true);
	for (size_t b = 0; b < dtp->bpfprogs.len; b++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[b];

		for (int c = 0; c < prog->nclauses; c++) {
			dt_clause_t *cl = prog->clauses[c];
			bool in = false;

			for (size_t k = 0; k < cl->probes.len && !in; k++)
				for (size_t j = 0; j < bp->probes.len && !in; j++)
					in = cl->probes.data[k] == bp->probes.data[j];
			if (in || dt_link_later(dtp, cl, bp, false))
				dt_vec_push(&bp->clauses, cl);
		}
	}

	for (size_t b = 0; b < dtp->bpfprogs.len; b++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[b];
		dt_cg_t cg = {
			.cc = cc,
			.dtp = dtp,
			.prog = prog,
			.strsize = dtp->opts.strsize + 1,	/* strsize characters and the NUL */
		};

		dt_ir_init(&cg.ir);
		if (dt_cg_program(&cg, bp) < 0) {
			dt_link_error(diags, &cg, bp);
			dt_ir_fini(&cg.ir);
			return -1;
		}
		temp_max = DT_MAX(temp_max, cg.temp_max);
		dt_link_take(bp, &cg.ir);
	}
	prog->mstate_size = (uint32_t)DT_ALIGN(DT_MST_TEMP + temp_max, 8);
	if (prog->mstate_size > 32768) {
		dt_diag_error(diags, D_UNKNOWN, (dt_loc_t){0}, "the program needs %u bytes of "
			      "scratch space per CPU; at most 32768 are possible (reduce strsize)",
			      prog->mstate_size);
		return -1;
	}
	{
		/* one program frees every self-> variable, and it may use only so many maps */
		int nself = 0;

		for (size_t i = 0; i < prog->vars.len; i++)
			nself += prog->vars.data[i]->kind == DT_VK_SELF;
		if (nself > DT_MAX_PROG_MAPS) {
			dt_diag_error(diags, D_UNKNOWN, (dt_loc_t){0}, "the program has %d "
				      "thread-local (self->) variables; at most %d are possible: "
				      "use fewer, or one self-> associative array whose key tells "
				      "them apart", nself, DT_MAX_PROG_MAPS);
			return -1;
		}
	}
	dtp->reclaim = dt_link_reclaim(prog);

	for (size_t b = 0; dtp->opts.disasm && b < dtp->bpfprogs.len; b++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[b];

		dt_disasm_ir(stderr, bp->name, bp->code);
	}
	return 0;
}
