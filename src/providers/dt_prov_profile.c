/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_profile.c: the profile provider: profile-N fires on every CPU, tick-N on one.
 *
 * Each probe is a software cpu-clock perf event with the probe's period, one per CPU for
 * profile-N, and a BPF perf-event program. Names follow DTrace: a bare number is a rate in
 * Hz, or a period with a suffix (ns nsec us usec ms msec s sec m min h hour d day hz).
 * A description that names a probe exactly makes it (profile-1234, tick-3ms); a glob matches
 * the usual ones (DTrace's list: profile-97 ... tick-10sec) and those made before.
 *
 * tick-N runs on one CPU. A cpu-clock event bound to an idle CPU hardly fires in some VMs
 * (seen on this machine: tick-1s bound to an idle CPU 1 did not fire in 10 s, while the same
 * event on CPU 0 fired on time), so tick-N goes on the first online CPU, the one that keeps
 * the kernel's timekeeping and so is never idle for long. With -x cpu=N, both go on CPU N.
 *
 * arg0 is the kernel PC when the sample hit the kernel, else 0; arg1 the user PC when it hit
 * user space, else 0.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "dt_provider.h"

typedef struct profile_probe {
	bool tick;
	uint64_t period_ns;
} profile_probe_t;

#define PROFILE_MIN_PERIOD_NS 200000ULL

/* Parse "profile-N[unit]" or "tick-N[unit]". Returns 0 and fills pp, or -1. */
static int
profile_parse(const char *name, profile_probe_t *pp)
{
	const char *p;

	if (strncmp(name, "profile-", 8) == 0) {
		pp->tick = false;
		p = name + 8;
	} else if (strncmp(name, "tick-", 5) == 0) {
		pp->tick = true;
		p = name + 5;
	} else {
		return -1;
	}
	if (*p < '0' || *p > '9' || dt_parse_time(p, &pp->period_ns, true) < 0)
		return -1;
	/*
	 * As DTrace's profile provider, no probe fires more often than every 200us: a shorter
	 * period keeps the CPUs in timer interrupts and starves everything else (profile-1000000
	 * made a 2-second tick take 8 s here). DTrace silently refuses to create such a probe
	 * (Solaris Dynamic Tracing Guide, "profile Provider", "Probe Creation"), so the
	 * description matches nothing: D_PDESC_ZERO.
	 */
	return pp->period_ns >= PROFILE_MIN_PERIOD_NS ? 0 : -1;
}

/* The probe of that name: the one made before, or a new one (NULL: not a profile name). */
static dt_probe_t *
profile_probe(dt_handle_t *dtp, dt_provider_t *pv, const char *name)
{
	profile_probe_t pp, *ppp;

	for (size_t i = 1; i < dtp->probes.len; i++) {
		dt_probe_t *prp = dtp->probes.data[i];

		if (prp->provider == pv && strcmp(prp->name, name) == 0)
			return prp;
	}
	if (profile_parse(name, &pp) < 0)
		return NULL;
	ppp = dt_xmalloc(sizeof(*ppp));
	*ppp = pp;
	return dt_probe_add(dtp, pv, "", "", dt_arena_strdup(&dtp->arena, name), ppp);
}

static void
profile_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	static const char *const names[] = {
		"profile-97", "profile-199", "profile-499", "profile-997", "profile-1999",
		"profile-4001", "profile-4999", "tick-1", "tick-10", "tick-100", "tick-500",
		"tick-1000", "tick-5000", "tick-1sec", "tick-10sec",
	};

	if (!dt_glob_match(pd->mod, "") || !dt_glob_match(pd->func, ""))
		return;
	if (*pd->name && !dt_is_glob(pd->name)) {
		profile_probe(dtp, pv, pd->name);
		return;
	}
	for (size_t i = 0; i < DT_ARRAY_SIZE(names); i++)
		if (dt_glob_match(pd->name, names[i]))
			profile_probe(dtp, pv, names[i]);
}

static void
profile_probe_destroy(dt_handle_t *dtp, dt_probe_t *prp)
{
	free(prp->pdata);
}

static int
profile_group(const dt_probe_t *prp)
{
	return (int)prp->id;
}

/* struct bpf_perf_event_data starts with the x86-64 pt_regs (dt_pt_regs.c). */
#define PERF_CTX_IP DT_PTREGS_IP
#define PERF_CTX_CS DT_PTREGS_CS

static bool
profile_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_irbuf_t *ir = &cg->ir;

	dt_cg_mstate(cg);
	dt_prov_store_prid(cg, (uint32_t)bp->group);
	if (needs & DT_NEED_ARGS) {
		int user = dt_ir_label(ir), done = dt_ir_label(ir);

		for (int i = 0; i < 10; i++)
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, PERF_CTX_IP));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 2, 6, PERF_CTX_CS));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 2, 3));
		dt_ir_jmp_imm(ir, BPF_JEQ, 2, 3, user);
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS));
		dt_ir_ja(ir, done);
		dt_ir_place(ir, user);
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8));
		dt_ir_place(ir, done);
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	return false;
}

/* The first CPU in /sys/devices/system/cpu/online ("0-1", "0,2-3"); 0 if unreadable. */
static int
dt_first_online_cpu(void)
{
	FILE *fp = fopen("/sys/devices/system/cpu/online", "r");
	int cpu = 0;

	if (fp) {
		if (fscanf(fp, "%d", &cpu) != 1)
			cpu = 0;
		fclose(fp);
	}
	return cpu;
}

static int
profile_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	profile_probe_t *pp = bp->probe->pdata;
	struct perf_event_attr attr;
	/* -x cpu=N: events on CPU N only, tick-N's too (else it would never fire there) */
	int only = dtp->opts.cpu != DT_CPU_ALL ? (int)dtp->opts.cpu :
		   pp->tick ? dt_first_online_cpu() : -1;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = pp->period_ns;
	for (int cpu = 0; cpu < dtp->ncpus; cpu++) {
		int pfd, rc;

		if (only >= 0 && cpu != only)
			continue;
		pfd = dt_prov_perf_open(&attr, -1, cpu);
		if (pfd == -ENODEV || pfd == -EINVAL)
			continue;	/* an offline CPU */
		if (pfd < 0)
			return pfd;
		if ((rc = dt_prov_perf_link(bp, pfd, 0)) < 0)
			return rc;
	}
	return 0;
}

/* The Solaris Dynamic Tracing Guide's stability table for the profile provider */
static const dt_pattr_t profile_pattr = {
	DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(UNSTABLE, UNSTABLE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(EVOLVING, EVOLVING, COMMON),
};

const dt_provider_ops_t dt_prov_profile_ops = {
	.pattr = &profile_pattr,
	.provide = profile_provide,
	.prog_type = BPF_PROG_TYPE_PERF_EVENT,
	.group = profile_group,
	.prologue = profile_prologue,
	.attach = profile_attach,
	.detach = dt_prov_perf_detach,
	.probe_destroy = profile_probe_destroy,
};
