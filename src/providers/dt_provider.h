/*
 * dt_provider.h: the providers' one internal header and their ops table.
 *
 * A provider knows its probes (populate, or provide on demand for names like profile-997),
 * how probes group into BPF programs (one program per attach point: all syscall entry probes
 * share one program on the sys_enter raw tracepoint), what the program's prologue must do to
 * build the D context from the kernel's (probe id, args), and how to attach and detach.
 */
#ifndef DT_PROVIDER_H
#define DT_PROVIDER_H

#include "../codegen/dt_codegen.h"
#include "../runtime/dt_runtime.h"

typedef struct dt_provider dt_provider_t;

typedef struct dt_provider_ops {
	/* Add this provider's probes to the probe table. */
	void (*populate)(dt_handle_t *dtp, dt_provider_t *pv);
	/* Create a probe on demand for a description with no globs (NULL if none). */
	dt_probe_t *(*provide)(dt_handle_t *dtp, dt_provider_t *pv, const char *mod,
			       const char *func, const char *name);
	int prog_type;		/* BPF_PROG_TYPE_* of its programs */
	/* The attach point (program) a probe belongs to; probes with equal groups share one. */
	int (*group)(const dt_probe_t *prp);
	/*
	 * Emit the prologue: r6 = ctx and r7 = scratch are set; store the probe id at
	 * DT_MST_PRID (and the clause mask at DT_MST_MASK for shared programs, returning from
	 * the program when no clause wants this firing), and args/errno when needed.
	 * Returns true when clauses must test the clause mask.
	 */
	bool (*prologue)(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs);
	/*
	 * Programs that serve many probes (every syscall entry on one raw tracepoint) find the
	 * firing's probe in a dispatch map the runtime owns and fills: an array of ndispatch
	 * values (DT_DISP_VALSIZE) indexed by dispatch_key(probe). The prologue computes the
	 * firing's key and calls dt_prov_dispatch. NULL: one probe per program.
	 */
	uint32_t (*dispatch_key)(const dt_probe_t *prp);
	uint32_t ndispatch;
	/*
	 * The C type of args[idx] at this probe, written into buf ("const char *"), or NULL
	 * when the probe has no such typed argument. NULL op: no typed arguments.
	 */
	const char *(*argtype)(dt_handle_t *dtp, dt_probe_t *prp, int idx, char *buf, size_t n);
	/* Attach the loaded program; store fds to close in bp. 0 or -errno. */
	int (*attach)(dt_handle_t *dtp, struct dt_bpfprog *bp);
} dt_provider_ops_t;

struct dt_provider {
	const char *name;
	const dt_provider_ops_t *ops;
};

extern const dt_provider_ops_t dt_prov_dtrace_ops, dt_prov_syscall_ops, dt_prov_profile_ops;

/* Register every provider with the handle and populate the probe table. */
void dt_prov_init(dt_handle_t *dtp);

/* DTrace's rule for flowindent: DT_PRF_ENTRY for "entry" or a name ending in "-entry"
 * (method-entry), not "gentry"; DT_PRF_RETURN likewise; else 0. Every probe starts so. */
unsigned dt_prov_flow(const char *name);

/* Helpers the prologues share. */
void dt_prov_store_prid(dt_cg_t *cg, uint32_t id);	/* constant probe id */
/*
 * The dispatch of a shared program: the firing's key is the u32 at fp-4. Looks it up in the
 * program's dispatch map and jumps to out when no probe is enabled for it; else r9 = the
 * dispatch value (also at FP_DISP, for the clauses' mask tests), r7 = the scratch value and
 * the probe id stored.
 */
void dt_prov_dispatch(dt_cg_t *cg, int out);

/* The type of args[idx] at a probe (via its provider), or NULL. */
const char *dt_prov_argtype(dt_handle_t *dtp, dt_probe_t *prp, int idx, char *buf, size_t n);

/* Mount tracefs if needed; return its path (or NULL). */
const char *dt_tracefs(void);

#endif /* DT_PROVIDER_H */
