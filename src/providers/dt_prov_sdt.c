/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_sdt.c: every kernel tracepoint as a probe: sdt:GROUP::EVENT, as Oracle's DTrace for
 * Linux names them (sdt:sched::sched_switch). The tracepoint provider
 * (dt_prov_tracepoint.c) makes the same events its probes through dt_sdt_provide, with
 * bpftrace's arguments (the tracepoint's record).
 *
 * The probes are the events under tracefs' events/, each a raw tracepoint of the same name:
 * not the syscalls group (perf events of the sys_enter and sys_exit tracepoints: the syscall
 * provider has those), nor ftrace's own or dynamic (kprobe, uprobe, ...) events. (Asking
 * kallsyms about each would cost seconds for dtrace -l.) Each is one raw tracepoint program (dt_tp.c): args[N]
 * is the tracepoint's argument N, its TP_PROTO, typed by the kernel's BTF (the typedef
 * btf_trace_EVENT): sdt:sched::sched_switch has args[0] bool preempt, args[1] struct
 * task_struct *prev, args[2] struct task_struct *next, args[3] unsigned int prev_state, so
 * args[1]->comm is the thread leaving. dtrace -l -v shows the types.
 */
#include <dirent.h>
#include <string.h>
#include <unistd.h>

#include "dt_provider.h"

typedef struct sdt_probe {
	dt_sdt_names_t names;	/* first: what the tracepoint provider reads */
	uint32_t next;		/* the next probe id in its hash chain (0: none) */
} sdt_probe_t;

#define SDT_EVENT(prp) (((const sdt_probe_t *)(prp)->pdata)->names.event)
#define SDT_NBUCKETS 4096

/* pv->data: the probes made, by "group:event" (chained through their pdata's next). */
typedef struct sdt_state {
	uint32_t head[SDT_NBUCKETS];
	unsigned prflags;	/* DT_PRF_* of the probes made */
} sdt_state_t;

/* groups that are not tracepoints with a raw tracepoint (syscalls: only for the tracepoint
 * provider, whose probes are perf events) */
static const char *const sdt_skip[] = {"syscalls", "ftrace", "kprobes", "uprobes", "eprobes",
				       "synthetic"};

static uint32_t
sdt_hash(const char *group, const char *event)
{
	uint32_t h = 5381;

	for (const char *p = group; *p; p++)
		h = h * 33 + (uint8_t)*p;
	for (const char *p = event; *p; p++)
		h = h * 33 + (uint8_t)*p;
	return h % SDT_NBUCKETS;
}

static void
sdt_make(dt_handle_t *dtp, dt_provider_t *pv, const char *group, const char *event)
{
	sdt_state_t *st = pv->data;
	uint32_t h = sdt_hash(group, event);
	sdt_probe_t *sp;
	dt_probe_t *prp;

	for (uint32_t id = st->head[h]; id; id = ((sdt_probe_t *)prp->pdata)->next) {
		prp = dtp->probes.data[id];
		if (strcmp(prp->mod, group) == 0 && strcmp(prp->name, event) == 0)
			return;
	}
	sp = dt_arena_alloc(&dtp->arena, sizeof(*sp));
	sp->names.group = dt_arena_strdup(&dtp->arena, group);
	sp->names.event = dt_arena_strdup(&dtp->arena, event);
	prp = dt_probe_add(dtp, pv, sp->names.group, "", sp->names.event, sp);
	prp->flags |= st->prflags;
	sp->next = st->head[h];
	st->head[h] = prp->id;
}

/* The events of one group the description's name matches. */
static void
sdt_provide_group(dt_handle_t *dtp, dt_provider_t *pv, const char *dir, const char *group,
		  const char *name)
{
	char path[1024];
	struct dirent *de;
	DIR *d;

	if (*name && !dt_is_glob(name)) {
		snprintf(path, sizeof(path), "%s/%s/%s/format", dir, group, name);
		if (access(path, R_OK) == 0)
			sdt_make(dtp, pv, group, name);
		return;
	}
	snprintf(path, sizeof(path), "%s/%s", dir, group);
	if (!(d = opendir(path)))
		return;
	while ((de = readdir(d)))
		if (de->d_type == DT_DIR && de->d_name[0] != '.' &&
		    dt_glob_match(name, de->d_name))
			sdt_make(dtp, pv, group, de->d_name);
	closedir(d);
}

static bool
sdt_skipped(const char *group, bool syscalls)
{
	for (size_t i = syscalls ? 1 : 0; i < DT_ARRAY_SIZE(sdt_skip); i++)
		if (strcmp(group, sdt_skip[i]) == 0)
			return true;
	return false;
}

void
dt_sdt_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd, unsigned prflags)
{
	bool syscalls = prflags & DT_PRF_ARGS_RECORD;
	const char *tfs;
	char dir[512];
	struct dirent *de;
	DIR *d;

	if (!pv->data)
		pv->data = dt_arena_alloc(&dtp->arena, sizeof(sdt_state_t));
	((sdt_state_t *)pv->data)->prflags = prflags;
	if (!dt_glob_match(pd->func, "") || !(tfs = dt_tracefs()))
		return;
	snprintf(dir, sizeof(dir), "%s/events", tfs);
	if (*pd->mod && !dt_is_glob(pd->mod)) {
		if (!sdt_skipped(pd->mod, syscalls))
			sdt_provide_group(dtp, pv, dir, pd->mod, pd->name);
		return;
	}
	if (!(d = opendir(dir)))
		return;
	while ((de = readdir(d))) {
		if (de->d_type == DT_DIR && de->d_name[0] != '.' &&
		    dt_glob_match(pd->mod, de->d_name) && !sdt_skipped(de->d_name, syscalls))
			sdt_provide_group(dtp, pv, dir, de->d_name, pd->name);
	}
	closedir(d);
}

static void
sdt_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	dt_sdt_provide(dtp, pv, pd, 0);
}

/* The tracepoint's prototype (the function type btf_trace_EVENT points to), or NULL. */
static const dt_type_t *
sdt_proto(dt_compile_t *cc, const char *event)
{
	char name[256];
	const dt_type_t *t;

	if (!cc)
		return NULL;
	snprintf(name, sizeof(name), "btf_trace_%s", event);
	t = dt_type_lookup(cc, name, NULL);
	if (!t || (t = dt_type_resolve(t))->kind != DT_TYPE_PTR || !t->base ||
	    (t = dt_type_resolve(t->base))->kind != DT_TYPE_FUNC || t->nparams < 1)
		return NULL;
	return t;
}

static int
sdt_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max)
{
	const dt_type_t *f = sdt_proto(dtp->cc, SDT_EVENT(prp));
	int n = 0;

	dt_strbuf_t sb = {0};

	for (uint32_t k = 1; f && k < f->nparams && n < max; k++) {
		dt_sb_reset(&sb);
		dt_type_name_of(f->params[k], &sb);
		types[n++] = dt_arena_strdup(&dtp->arena, dt_sb_str(&sb));
	}
	dt_sb_free(&sb);
	return n;
}

static int
sdt_group(const dt_probe_t *prp)
{
	return (int)prp->id;
}

static bool
sdt_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	const char *event = SDT_EVENT(bp->probe);
	const dt_type_t *f = sdt_proto(cg->cc, event);
	dt_irbuf_t *ir = &cg->ir;

	dt_tp_stack_skip(cg, event);
	dt_cg_mstate(cg);
	dt_prov_store_prid(cg, bp->probe->id);
	if (needs & DT_NEED_ARGS) {
		for (int a = 0; a < 10; a++) {
			if (f && (uint32_t)a + 1 < f->nparams) {
				char v[4] = {'a', (char)('0' + a), '\0'};

				if (!dt_tp_value(cg, event, v))
					return false;
				dt_ir_emit(ir, DT_STX(BPF_DW, 7, 0, DT_MST_ARGS + 8 * a));
			} else {
				dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * a, 0));
			}
		}
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	return false;
}

static int
sdt_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	return dt_tp_attach_raw(bp, SDT_EVENT(bp->probe));
}

/* The Solaris Dynamic Tracing Guide's stability table for the sdt provider */
static const dt_pattr_t sdt_pattr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, ISA),
	DT_ATTR(PRIVATE, PRIVATE, ISA),
};

const dt_provider_ops_t dt_prov_sdt_ops = {
	.pattr = &sdt_pattr,
	.provide = sdt_provide,
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.group = sdt_group,
	.prologue = sdt_prologue,
	.probe_info = sdt_probe_info,
	.attach = sdt_attach,
};
