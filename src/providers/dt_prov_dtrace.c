/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_dtrace.c: the dtrace provider: BEGIN, END and ERROR.
 *
 * ERROR's clauses run in the firing that faults, at the fault (codegen's dt_cg_error puts
 * them in every program whose clauses can fault); its own program is never run.
 *
 * BEGIN and END do not attach anywhere: their programs are raw-tracepoint programs that the
 * runtime runs once on the consumer's own thread with BPF_PROG_RUN, BEGIN before any other
 * probe is attached and END after every probe is detached. So BEGIN fires before anything
 * else and END after everything, and execname, pid and cpu are the consumer's, as in DTrace.
 */
#include <string.h>

#include "dt_provider.h"

/* Each probe is its own program; the group is the probe's DT_PRF_ flag. */
static void
dtrace_init(dt_handle_t *dtp, dt_provider_t *pv)
{
	dt_probe_add(dtp, pv, "", "", "BEGIN", NULL)->flags = DT_PRF_BEGIN;
	dt_probe_add(dtp, pv, "", "", "END", NULL)->flags = DT_PRF_END;
	dt_probe_add(dtp, pv, "", "", "ERROR", NULL)->flags = DT_PRF_ERROR;
}

static int
dtrace_group(const dt_probe_t *prp)
{
	return (int)prp->flags;
}

static bool
dtrace_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_cg_mstate(cg);
	dt_prov_store_prid(cg, bp->probe->id);
	if (needs & DT_NEED_ARGS) {
		/* BEGIN and END have no arguments (ERROR's are set where it runs) */
		for (int i = 0; i < 10; i++)
			dt_ir_emit(&cg->ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(&cg->ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	return false;
}

/* The Solaris Dynamic Tracing Guide's stability table for the dtrace provider */
static const dt_pattr_t dtrace_pattr = {
	DT_ATTR(STABLE, STABLE, COMMON),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(STABLE, STABLE, COMMON),
	DT_ATTR(STABLE, STABLE, COMMON),
};

const dt_provider_ops_t dt_prov_dtrace_ops = {
	.pattr = &dtrace_pattr,
	.init = dtrace_init,	/* BEGIN, END, ERROR: ids 1, 2, 3, as in every DTrace */
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.group = dtrace_group,
	.prologue = dtrace_prologue,
	/* no attach: run, not attached (see the top of this file) */
};
