/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_provider.c: the provider registry, the providing of probes for descriptions, and what
 * prologues share.
 */
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "dt_provider.h"

static const struct {
	const char *name;
	const dt_provider_ops_t *ops;
	unsigned flags;
} dt_providers[] = {
	{"dtrace", &dt_prov_dtrace_ops, 0},
	{"io", &dt_prov_io_ops, 0},
	{"ip", &dt_prov_ip_ops, 0},
	{"pid", &dt_prov_pid_ops, DT_PROV_PER_PROCESS},
	{"proc", &dt_prov_proc_ops, 0},
	{"fbt", &dt_prov_fbt_ops, 0},
	{"profile", &dt_prov_profile_ops, 0},
	{"sched", &dt_prov_sched_ops, 0},
	{"sdt", &dt_prov_sdt_ops, 0},
	{"syscall", &dt_prov_syscall_ops, 0},
	{"tcp", &dt_prov_tcp_ops, 0},
	{"tracepoint", &dt_prov_tracepoint_ops, 0},
	{"udp", &dt_prov_udp_ops, 0},
	{"usdt", &dt_prov_usdt_ops, DT_PROV_ANY_NAME},
};

dt_provider_t *
dt_prov_register(dt_handle_t *dtp, const char *name, const dt_provider_ops_t *ops,
		 unsigned flags)
{
	dt_provider_t *pv = dt_arena_alloc(&dtp->arena, sizeof(*pv));

	pv->name = name;
	pv->ops = ops;
	pv->flags = flags;
	dtp->providers = dt_xrealloc(dtp->providers,
				     (size_t)(dtp->nproviders + 1) * sizeof(*dtp->providers));
	dtp->providers[dtp->nproviders++] = pv;
	if (ops->init)
		ops->init(dtp, pv);
	return pv;
}

bool
dt_prov_alias(dt_handle_t *dtp, dt_pdesc_t *pd)
{
	for (int i = 0; i < dtp->nproviders; i++) {
		const dt_provider_t *pv = dtp->providers[i];

		if (pv->ops->alias && pv->ops->alias(dtp, pv, pd))
			return true;
	}
	return false;
}

void
dt_prov_init(dt_handle_t *dtp)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_providers); i++)
		dt_prov_register(dtp, dt_providers[i].name, dt_providers[i].ops,
				 dt_providers[i].flags);
}

/* "NAME1234" for the per-process provider NAME: the process id, else 0. */
static pid_t
dt_prov_instance_pid(const dt_provider_t *pv, const char *prov)
{
	size_t n = strlen(pv->name);
	char *end;
	long pid;

	if (strncmp(prov, pv->name, n) != 0 || prov[n] < '1' || prov[n] > '9')
		return 0;
	pid = strtol(prov + n, &end, 10);
	return *end || pid <= 0 || pid > 0x7fffffff ? 0 : (pid_t)pid;
}

/* The instance of a per-process provider for pid: the one made before, or a new one. */
static dt_provider_t *
dt_prov_instance(dt_handle_t *dtp, dt_provider_t *tmpl, const char *prov, pid_t pid)
{
	dt_provider_t *pv;

	for (int i = 0; i < dtp->nproviders; i++)
		if (dtp->providers[i]->pid == pid && dtp->providers[i]->ops == tmpl->ops)
			return dtp->providers[i];
	pv = dt_prov_register(dtp, dt_arena_strdup(&dtp->arena, prov), tmpl->ops, 0);
	pv->pid = pid;
	return pv;
}

void
dt_prov_provide(dt_handle_t *dtp, const dt_pdesc_t *pd)
{
	/* Instances made here are appended, and asked below by their own name. */
	for (int i = 0; i < dtp->nproviders; i++) {
		dt_provider_t *pv = dtp->providers[i];
		pid_t pid;

		if (pv->flags & DT_PROV_ANY_NAME) {
			pv->ops->provide(dtp, pv, pd);
			continue;
		}
		if (pv->flags & DT_PROV_PER_PROCESS) {
			/* the template has no probes; an exact "NAME1234" makes its instance */
			if (!dt_is_glob(pd->prov) && (pid = dt_prov_instance_pid(pv, pd->prov)))
				dt_prov_instance(dtp, pv, pd->prov, pid);
			continue;
		}
		if (pv->ops->provide && dt_glob_match(pd->prov, pv->name))
			pv->ops->provide(dtp, pv, pd);
	}
}

void
dt_prov_fini(dt_handle_t *dtp)
{
	for (size_t i = 1; i < dtp->probes.len; i++) {
		dt_probe_t *prp = dtp->probes.data[i];

		if (prp->provider->ops->probe_destroy)
			prp->provider->ops->probe_destroy(dtp, prp);
	}
	for (int i = 0; i < dtp->nproviders; i++)
		if (dtp->providers[i]->ops->fini)
			dtp->providers[i]->ops->fini(dtp, dtp->providers[i]);
}

/* ---- stability ------------------------------------------------------------------------ */

/* The Guide's table of the providers on kernel tracepoints (proc, sched, io, ip, tcp, udp). */
const dt_pattr_t dt_prov_pattr_isa = {
	DT_ATTR(EVOLVING, EVOLVING, ISA), DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN), DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(EVOLVING, EVOLVING, ISA),
};

bool
dt_prov_probe_pattr(dt_handle_t *dtp, dt_probe_t *prp, dt_pattr_t *pa)
{
	const dt_provider_ops_t *ops = prp->provider->ops;

	if (ops->probe_attr && ops->probe_attr(dtp, prp, pa))
		return true;
	if (!ops->pattr)
		return false;
	*pa = *ops->pattr;
	return true;
}

dt_attr_t
dt_prov_desc_attr(const dt_pattr_t *pa, const char *mod, const char *func, const char *name)
{
	dt_attr_t a;

	if (!pa)
		return DT_ATTR_UNSTABLE;
	a = pa->prov;
	if (*mod && !dt_is_glob(mod))
		a = dt_attr_min(a, pa->mod);
	if (*func && !dt_is_glob(func))
		a = dt_attr_min(a, pa->func);
	if (*name && !dt_is_glob(name))
		a = dt_attr_min(a, pa->name);
	return a;
}

static bool
dt_prov_name_is(const char *name, const char *what)
{
	size_t n = strlen(name), w = strlen(what);

	return n >= w && strcmp(name + n - w, what) == 0 && (n == w || name[n - w - 1] == '-');
}

unsigned
dt_prov_flow(const char *name)
{
	if (dt_prov_name_is(name, "entry"))
		return DT_PRF_ENTRY;
	return dt_prov_name_is(name, "return") ? DT_PRF_RETURN : 0;
}

void
dt_prov_store_prid(dt_cg_t *cg, uint32_t id)
{
	dt_ir_emit(&cg->ir, DT_ST(BPF_DW, 7, DT_MST_PRID, (int32_t)id));
}

void
dt_prov_dispatch(dt_cg_t *cg, int out)
{
	dt_irbuf_t *ir = &cg->ir;

	dt_ir_ld_map(ir, 1, DT_MAP_DISPATCH);
	dt_ir_emit(ir, DT_MOV64_REG(2, 10));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 2, -4));
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_map_lookup_elem));
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, out);
	dt_ir_emit(ir, DT_LDX(BPF_W, 1, 0, 0));
	dt_ir_jmp_imm(ir, BPF_JEQ, 1, 0, out);
	/* An enabled key: only now the scratch value (most firings never get here). */
	dt_ir_emit(ir, DT_STX(BPF_DW, 10, 0, FP_DISP));	/* clauses read their mask bits */
	dt_ir_emit(ir, DT_MOV64_REG(9, 0));
	dt_cg_mstate(cg);
	dt_ir_emit(ir, DT_LDX(BPF_W, 1, 9, 0));
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_PRID));
}

void
dt_prov_dispatch_cookie(dt_cg_t *cg, int out)
{
	dt_irbuf_t *ir = &cg->ir;

	dt_ir_emit(ir, DT_MOV64_REG(1, 6));
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_attach_cookie));
	dt_ir_emit(ir, DT_STX(BPF_W, 10, 0, -4));
	dt_prov_dispatch(cg, out);
}

void
dt_prov_dispatch_out(dt_cg_t *cg, int out)
{
	dt_irbuf_t *ir = &cg->ir;
	int go = dt_ir_label(ir);

	dt_ir_ja(ir, go);
	dt_ir_place(ir, out);
	dt_ir_emit(ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(ir, DT_EXIT());
	dt_ir_place(ir, go);
}

int
dt_prov_later_enable(dt_handle_t *dtp, dt_bpfprog_t *bp, dt_probe_t *prp,
		     bool (*match)(const dt_node_t *pd, const dt_probe_t *prp))
{
	bool on = false;

	for (size_t c = 0; c < bp->clauses.len; c++) {
		dt_clause_t *cl = bp->clauses.data[c];
		const dt_node_t *cn = cl->node;
		bool in = false;

		for (size_t d = 0; d < cn->list.len && !in; d++)
			in = match(cn->list.data[d], prp);
		if (in)
			dt_vec_push(&cl->probes, prp);
		on |= in;
	}
	if (!on)
		return 0;
	if (dt_rt_dispatch_probe(dtp, bp, prp) < 0) {
		fprintf(stderr, "dtrace: failed to enable %s:%s:%s:%s: too many probes made after "
			"the start\n", prp->prov, prp->mod, prp->func, prp->name);
		return -1;
	}
	dt_vec_push(&bp->probes, prp);
	return 1;
}

void
dt_prov_kread(dt_irbuf_t *ir, int slot, uint32_t size)
{
	dt_ir_emit(ir, DT_ST(BPF_DW, 10, slot, 0));
	dt_ir_emit(ir, DT_MOV64_REG(1, 10));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, slot));
	dt_ir_emit(ir, DT_MOV64_IMM(2, (int32_t)size));
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_probe_read_kernel));
	dt_ir_emit(ir, DT_LDX(size == 8 ? BPF_DW : size == 4 ? BPF_W : size == 2 ? BPF_H : BPF_B,
			      0, 10, slot));
}

int
dt_prov_perf_open(struct perf_event_attr *attr, int pid, int cpu)
{
	int pfd = (int)syscall(SYS_perf_event_open, attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);

	return pfd < 0 ? -errno : pfd;
}

int
dt_prov_perf_link(struct dt_bpfprog *bp, int pfd, uint64_t cookie)
{
	LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
	int lfd;

	dt_vec_push(&bp->perf_fds, pfd);
	if ((lfd = bpf_link_create(bp->fd, pfd, BPF_PERF_EVENT, &lo)) < 0)
		return -errno;
	dt_vec_push(&bp->link_fds, lfd);
	return 0;
}

void
dt_prov_perf_detach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	for (size_t k = 0; k < bp->perf_fds.len; k++)
		close(bp->perf_fds.data[k]);
	bp->perf_fds.len = 0;
}

void
dt_prov_raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

#define TRACEFS_MAGIC_NR 0x74726163

const char *
dt_tracefs(void)
{
	static const char *const paths[] = {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};
	struct statfs st;

	for (size_t i = 0; i < DT_ARRAY_SIZE(paths); i++)
		if (statfs(paths[i], &st) == 0 && st.f_type == TRACEFS_MAGIC_NR)
			return paths[i];
	/* Not mounted: mount it where the kernel expects it (needs root). */
	if (mount("tracefs", paths[0], "tracefs", 0, NULL) == 0)
		return paths[0];
	return NULL;
}
