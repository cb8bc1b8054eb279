/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_fbt.c: the fbt provider: fbt:MODULE:FUNCTION:entry and :return for every kernel
 * function the kernel can trace ("vmlinux" for the core kernel, as DTrace for Linux names it).
 *
 * The functions: tracefs's available_filter_functions ("name" or "name [module]"), the ones
 * ftrace (and so kprobes on their first instruction) can hook. Where that file cannot be read
 * (this project's own test machine refuses it), /proc/kallsyms's text symbols, so listing
 * works on every kernel even where attaching cannot. Probes are made only for the functions
 * a description names (dtrace -l -P fbt makes them all).
 *
 * Attaching, in this order (the first the kernel has; probed once per run):
 *   0. fentry/fexit (BPF trampolines), for programs that name few fbt probes (at most
 *      FBT_FENTRY_MAX, all core kernel functions in BTF with at most 6 arguments): one
 *      program and one verifier run per function, the arguments straight from the
 *      trampoline's context. The kernel's check of that: an empty fentry program is loaded
 *      and attached to one of the functions, and detached, at compile time.
 *   1. kprobe_multi: one program for every entry probe (another for every return probe),
 *      attached to all its functions by one BPF_TRACE_KPROBE_MULTI link (Linux 5.18,
 *      CONFIG_FPROBE): one verifier run and one link however many functions, which is what
 *      makes fbt::vfs_*:entry or fbt:ext4::entry quick to start and to stop.
 *   2. one perf kprobe (the kprobe PMU, or a kprobe_events entry in tracefs where the kernel
 *      has no PMU) per function, every one linked to the same loaded program.
 * Either way each link carries a BPF cookie, the probe's index in its program: the prologue
 * reads it (bpf_get_attach_cookie) and finds the probe and its clauses in the program's
 * dispatch map, as the syscall provider does with the syscall number.
 *   3. none of these (no kprobes, trampolines refused): compiling a program that enables
 *      fbt probes fails with the reason, at the description.
 * DTRACE_FBT_ATTACH=kprobe, pmu or tracefs in the environment takes that way (tests take
 * each way on kernels that have several).
 *
 * Arguments: arg0 .. arg9 are the function's arguments on entry (uint64_t, from the
 * registers and stack the kprobe saw, dt_pt_regs.c); on return arg1 is the return value
 * (ax) and arg0 the return's offset, which a kretprobe does not know (0). args[] are typed
 * by the function's prototype in the kernel's BTF (core kernel functions): args[0]->f_path
 * at vfs_read's entry; on return args[1] has the function's return type. The provider
 * reads the BTF for that itself, when a program uses args[] on an fbt probe or -l -v lists
 * one: probe_info is given no compiler, whose BTF handle the rest of the run shares.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <stdarg.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "../common/dt_ksyms.h"
#include "dt_provider.h"

enum { FBT_ENTRY = 0, FBT_RETURN = 1 };

/* Program groups: 1 every entry probe on kprobes, 2 every return; FBT_GROUP_FENTRY + the
 * probe's id: one probe on a trampoline. */
#define FBT_GROUP_FENTRY 16
#define FBT_FENTRY_MAX 8	/* more fbt probes in a program: kprobes, one verifier run */
#define FBT_FENTRY_MAXARGS 6	/* what every x86-64 trampoline takes (6.1: no more) */

/* How this kernel lets fbt attach (probed once per run, at the first program). */
typedef enum fbt_how {
	FBT_HOW_UNKNOWN = 0,
	FBT_HOW_MULTI,		/* kprobe_multi links */
	FBT_HOW_PMU,		/* a perf kprobe per function, from the kprobe PMU */
	FBT_HOW_TRACEFS,	/* a perf kprobe per function, from tracefs kprobe_events */
	FBT_HOW_NONE,		/* no kprobes */
} fbt_how_t;

typedef struct fbt_func {
	const char *name, *mod;
} fbt_func_t;

typedef DT_VEC(fbt_func_t) fbt_funcs_t;
typedef DT_VEC(uint32_t) fbt_set_t;	/* (module, name) seen: index + 1 of the function */

typedef struct fbt_state {
	bool loaded;
	fbt_func_t *funcs;		/* every traceable function, once each */
	size_t nfuncs;
	dt_probe_t **made[2];		/* per function: its entry and return probes, once made */
	uint32_t *key[2];		/* per function: its probe's index in its program */
	fbt_how_t how;
	int pmu_type, pmu_retbit;	/* FBT_HOW_PMU: the kprobe PMU's type and retprobe bit */
	char why[768];			/* FBT_HOW_NONE: what the kernel lacks */
	int nevents;			/* FBT_HOW_TRACEFS: kprobe_events entries made so far */
	struct btf *btf;		/* for args[]' types and fentry, read when first asked */
	bool btf_tried;
	size_t nmade;			/* probes made: how many a program may enable */
	int tramp;			/* BPF trampolines: 0 not tried yet, 1 work, -errno */
} fbt_state_t;

#define FBT_FUNC(prp) ((uint32_t)(uintptr_t)(prp)->pdata)
#define FBT_SIDE(prp) (((prp)->flags & DT_PRF_RETURN) ? FBT_RETURN : FBT_ENTRY)

/* ---- the function list ----------------------------------------------------------------- */

static uint64_t
fbt_hash(const char *mod, const char *name)
{
	uint64_t h = 1469598103934665603ULL;

	for (const char *p = mod; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	h = (h ^ '`') * 1099511628211ULL;
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 1099511628211ULL;
	return h;
}

/* Is (mod, name) in the table yet? If not, take it (set is 2^bits slots, 0 = empty). */
static bool
fbt_seen(uint32_t *set, unsigned bits, const fbt_func_t *funcs, const char *mod,
	 const char *name, uint32_t idx)
{
	uint64_t mask = (1ULL << bits) - 1, h = fbt_hash(mod, name) & mask;

	for (;; h = (h + 1) & mask) {
		const fbt_func_t *f;

		if (!set[h]) {
			set[h] = idx + 1;
			return false;
		}
		f = &funcs[set[h] - 1];
		if (strcmp(f->name, name) == 0 && strcmp(f->mod, mod) == 0)
			return true;
	}
}

/*
 * Add a function. Names are made once in the handle's arena; a module's functions come in
 * runs, so its name is interned per run.
 */
static void
fbt_add(dt_handle_t *dtp, fbt_funcs_t *funcs, fbt_set_t *set, unsigned *bits,
	const char *name, const char *mod)
{
	const char *lastmod = funcs->len ? funcs->data[funcs->len - 1].mod : NULL;
	fbt_func_t f;

	if ((funcs->len + 1) * 2 > set->len) {	/* grow the set and rehash */
		size_t n = set->len ? set->len * 2 : 1 << 16;

		*bits = 0;
		while ((1UL << *bits) < n)
			(*bits)++;
		free(set->data);
		set->data = dt_xcalloc(n, sizeof(uint32_t));
		set->len = set->cap = n;
		for (size_t i = 0; i < funcs->len; i++)
			fbt_seen(set->data, *bits, funcs->data, funcs->data[i].mod,
				 funcs->data[i].name, (uint32_t)i);
	}
	if (fbt_seen(set->data, *bits, funcs->data, mod, name, (uint32_t)funcs->len))
		return;		/* static functions of one name in one module: one probe */
	f.name = dt_arena_strdup(&dtp->arena, name);
	f.mod = lastmod && strcmp(lastmod, mod) == 0 ? lastmod : dt_arena_strdup(&dtp->arena, mod);
	dt_vec_push(funcs, f);	/* at the index fbt_seen put in the set */
}

/* available_filter_functions: "name" or "name [module]" per line. */
static bool
fbt_read_filter(dt_handle_t *dtp, fbt_funcs_t *funcs, fbt_set_t *set, unsigned *bits)
{
	const char *tfs = dt_tracefs();
	char path[512], *line = NULL;
	size_t cap = 0;
	FILE *fp;

	if (!tfs)
		return false;
	snprintf(path, sizeof(path), "%s/available_filter_functions", tfs);
	if (!(fp = fopen(path, "re")))
		return false;
	while (getline(&line, &cap, fp) > 0) {
		char *name = line, *mod = NULL, *p = line + strcspn(line, " \t\n");

		if (*p == ' ' || *p == '\t') {
			*p++ = '\0';
			p += strspn(p, " \t");
			if (*p == '[') {
				mod = ++p;
				p[strcspn(p, "]\n")] = '\0';
			}
		} else {
			*p = '\0';
		}
		if (*name)
			fbt_add(dtp, funcs, set, bits, name, mod && *mod ? mod : "vmlinux");
	}
	free(line);
	fclose(fp);
	return funcs->len > 0;
}

/* Where available_filter_functions cannot be read: kallsyms's functions, less the compiler's
 * pieces of functions (name.cold, name.isra.0) and the kernel's padding (__pfx_name). */
static void
fbt_read_kallsyms(dt_handle_t *dtp, fbt_funcs_t *funcs, fbt_set_t *set, unsigned *bits)
{
	const char *name, *mod;
	size_t n;

	if (!dtp->ksyms)
		dtp->ksyms = dt_ksyms_new(NULL);
	n = dt_ksyms_count(dtp->ksyms);
	for (size_t i = 0; i < n; i++) {
		name = dt_ksym_nth(dtp->ksyms, i, NULL, &mod);
		if (!name || strchr(name, '.') || strncmp(name, "__pfx_", 6) == 0)
			continue;
		fbt_add(dtp, funcs, set, bits, name, mod);
	}
}

static fbt_state_t *
fbt_state(dt_handle_t *dtp, dt_provider_t *pv)
{
	fbt_state_t *st = pv->data;
	fbt_set_t set = {0};
	fbt_funcs_t funcs = {0};
	unsigned bits = 0;

	if (!st)
		st = pv->data = dt_arena_alloc(&dtp->arena, sizeof(*st));
	if (st->loaded)
		return st;
	st->loaded = true;
	if (!fbt_read_filter(dtp, &funcs, &set, &bits))
		fbt_read_kallsyms(dtp, &funcs, &set, &bits);
	free(set.data);
	/* in the handle's arena, as the probes that point into it */
	st->nfuncs = funcs.len;
	st->funcs = dt_arena_alloc(&dtp->arena, sizeof(*st->funcs) * (funcs.len + 1));
	if (funcs.len)
		memcpy(st->funcs, funcs.data, sizeof(*st->funcs) * funcs.len);
	dt_vec_free(&funcs);
	for (int k = 0; k < 2; k++) {
		st->made[k] = dt_arena_alloc(&dtp->arena, sizeof(dt_probe_t *) * (st->nfuncs + 1));
		st->key[k] = dt_arena_alloc(&dtp->arena, sizeof(uint32_t) * (st->nfuncs + 1));
	}
	return st;
}

static void
fbt_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	static const char *const names[2] = {"entry", "return"};
	bool want[2] = {dt_glob_match(pd->name, names[0]), dt_glob_match(pd->name, names[1])};
	fbt_state_t *st;

	if (!want[0] && !want[1])
		return;
	st = fbt_state(dtp, pv);
	for (size_t i = 0; i < st->nfuncs; i++) {
		const fbt_func_t *f = &st->funcs[i];

		if (!dt_glob_match(pd->func, f->name) || !dt_glob_match(pd->mod, f->mod))
			continue;
		for (int k = 0; k < 2; k++)
			if (want[k] && !st->made[k][i]) {
				st->made[k][i] = dt_probe_add(dtp, pv, f->mod, f->name, names[k],
							      (void *)(uintptr_t)i);
				st->nmade++;
			}
	}
}

/* ---- what the kernel has --------------------------------------------------------------- */

/* A small integer from a sysfs file ("6\n", or "config:0" after the colon); -1 if none. */
static int
fbt_read_int(const char *path)
{
	char buf[64] = "", *p;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strchr(buf, ':');
	return (int)strtol(p ? p + 1 : buf, NULL, 10);
}

/*
 * kprobe_multi links: a program loads with that attach type (5.18+), and a link to a function
 * that does not exist fails for that reason (ENOENT, ESRCH, EINVAL) rather than with
 * EOPNOTSUPP (a kernel without CONFIG_FPROBE). Nothing is attached either way.
 */
static bool
fbt_have_multi(void)
{
	static const char *const none[] = {"dtrace_fbt_no_such_function"};
	struct bpf_insn insns[] = {DT_MOV64_IMM(0, 0), DT_EXIT()};
	LIBBPF_OPTS(bpf_prog_load_opts, po, .expected_attach_type = BPF_TRACE_KPROBE_MULTI);
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	int pfd, lfd, err;

	pfd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_fbt_probe", DT_BPF_LICENSE, insns, 2, &po);
	if (pfd < 0)
		return false;
	lo.kprobe_multi.syms = (const char **)none;
	lo.kprobe_multi.cnt = 1;
	lfd = bpf_link_create(pfd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	err = errno;
	if (lfd >= 0)
		close(lfd);
	close(pfd);
	return lfd >= 0 || err != EOPNOTSUPP;
}

static fbt_how_t
fbt_how(fbt_state_t *st)
{
	const char *tfs, *force;
	char path[512];

	if (st->how)
		return st->how;
	st->pmu_type = fbt_read_int("/sys/bus/event_source/devices/kprobe/type");
	st->pmu_retbit = fbt_read_int("/sys/bus/event_source/devices/kprobe/format/retprobe");
	tfs = dt_tracefs();
	snprintf(path, sizeof(path), "%s/kprobe_events", tfs ? tfs : "/sys/kernel/tracing");
	if (st->pmu_type < 0 && access(path, W_OK) < 0) {
		snprintf(st->why, sizeof(st->why), "this kernel has no kprobes (no kprobe PMU in "
			 "/sys/bus/event_source/devices, no %s)", path);
		return st->how = FBT_HOW_NONE;
	}
	/* DTRACE_FBT_ATTACH=pmu or tracefs: the tests take each path on kernels that have more */
	force = getenv("DTRACE_FBT_ATTACH");
	if (!force && fbt_have_multi())
		return st->how = FBT_HOW_MULTI;
	if (force && strcmp(force, "kprobe") == 0 && fbt_have_multi())
		return st->how = FBT_HOW_MULTI;
	if (force && strcmp(force, "tracefs") == 0)
		return st->how = FBT_HOW_TRACEFS;
	return st->how = st->pmu_type >= 0 && st->pmu_retbit >= 0 ? FBT_HOW_PMU
								  : FBT_HOW_TRACEFS;
}

/* The prototype of a core kernel function in BTF (and the function's id), or NULL. */
static const struct btf_type *
fbt_proto(fbt_state_t *st, const dt_probe_t *prp, int *id)
{
	const struct btf_type *fn;

	if (strcmp(prp->mod, "vmlinux") != 0)
		return NULL;
	if (!st->btf_tried) {
		st->btf_tried = true;
		st->btf = btf__load_vmlinux_btf();
		if (libbpf_get_error(st->btf))
			st->btf = NULL;
	}
	if (!st->btf || (*id = btf__find_by_name_kind(st->btf, prp->func, BTF_KIND_FUNC)) <= 0)
		return NULL;
	fn = btf__type_by_id(st->btf, (uint32_t)*id);
	fn = fn ? btf__type_by_id(st->btf, fn->type) : NULL;
	return fn && btf_is_func_proto(fn) ? fn : NULL;
}

/* Does the kernel attach fentry programs? An empty one on function id, attached and closed. */
static bool
fbt_have_trampolines(fbt_state_t *st, int id)
{
	struct bpf_insn insns[] = {DT_MOV64_IMM(0, 0), DT_EXIT()};
	LIBBPF_OPTS(bpf_prog_load_opts, po, .expected_attach_type = BPF_TRACE_FENTRY,
		    .attach_btf_id = (uint32_t)id);
	int pfd, lfd;

	if (st->tramp)
		return st->tramp > 0;
	pfd = bpf_prog_load(BPF_PROG_TYPE_TRACING, "dt_fbt_probe", DT_BPF_LICENSE, insns, 2, &po);
	if (pfd < 0)
		return (st->tramp = -errno), false;
	lfd = bpf_raw_tracepoint_open(NULL, pfd);
	st->tramp = lfd >= 0 ? 1 : -errno;
	if (lfd >= 0)
		close(lfd);
	close(pfd);
	return st->tramp > 0;
}

/* ---- programs -------------------------------------------------------------------------- */

/*
 * A probe of a program that names few fbt probes goes on a trampoline where the kernel has
 * them (its own program); the others share the kprobe programs. The probes made are those
 * the program's descriptions named, so nmade is how many it enables.
 */
static int
fbt_group(const dt_probe_t *prp)
{
	fbt_state_t *st = prp->provider->data;
	const struct btf_type *proto;
	int id;

	if (!getenv("DTRACE_FBT_ATTACH") && st->nmade <= FBT_FENTRY_MAX &&
	    (proto = fbt_proto(st, prp, &id)) && btf_vlen(proto) <= FBT_FENTRY_MAXARGS &&
	    fbt_have_trampolines(st, id))
		return FBT_GROUP_FENTRY + (int)prp->id;
	return FBT_SIDE(prp) + 1;
}

static uint32_t
fbt_dispatch_key(const dt_probe_t *prp)
{
	fbt_state_t *st = prp->provider->data;

	return st->key[FBT_SIDE(prp)][FBT_FUNC(prp)];
}

/* The program's dispatch map: one entry per probe, at its index (fbt_prologue's keys). */
static uint32_t
fbt_dispatch_size(dt_handle_t *dtp, const struct dt_bpfprog *bp)
{
	return (uint32_t)bp->probes.len;
}

/* A kprobe_multi program is loaded for that link type; a perf kprobe's for none. */
static int
fbt_attach_type(dt_handle_t *dtp, const struct dt_bpfprog *bp)
{
	fbt_state_t *st = bp->prov->data;

	if (bp->group >= FBT_GROUP_FENTRY)
		return FBT_SIDE(bp->probes.data[0]) == FBT_RETURN ? BPF_TRACE_FEXIT
								    : BPF_TRACE_FENTRY;
	return st->how == FBT_HOW_MULTI ? BPF_TRACE_KPROBE_MULTI : 0;
}

/* The first description of bp's first clause that names fbt: where an error points. */
static dt_loc_t
fbt_desc_loc(const dt_bpfprog_t *bp)
{
	const dt_node_t *cl = bp->clauses.len ? bp->clauses.data[0]->node : NULL;

	for (size_t i = 0; cl && i < cl->list.len; i++)
		if (dt_glob_match(cl->list.data[i]->prov, "fbt"))
			return cl->list.data[i]->loc;
	return cl ? cl->loc : (dt_loc_t){0};
}

/* The tail both prologues end with: errno, and the way out for firings no clause wants. */
static void
fbt_prologue_end(dt_cg_t *cg, unsigned needs, int out)
{
	dt_irbuf_t *ir = &cg->ir;
	int go = dt_ir_label(ir);

	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	dt_ir_ja(ir, go);
	dt_ir_place(ir, out);
	dt_ir_emit(ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(ir, DT_EXIT());
	dt_ir_place(ir, go);
}

/*
 * An fentry or fexit program: its context is the function's arguments, 8 bytes each (then
 * the return value, for fexit), as BTF says. One probe: its dispatch key is 0.
 */
static bool
fbt_prologue_fentry(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	fbt_state_t *st = bp->prov->data;
	const dt_probe_t *prp = bp->probes.data[0];
	const struct btf_type *proto;
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir), id = 0, nargs;
	bool ret = FBT_SIDE(prp) == FBT_RETURN;

	proto = fbt_proto(st, prp, &id);
	nargs = proto ? btf_vlen(proto) : 0;
	bp->prog_type = BPF_PROG_TYPE_TRACING;
	bp->attach_btf_id = (uint32_t)id;
	st->key[FBT_SIDE(prp)][FBT_FUNC(prp)] = 0;
	/* stack(): skip this program's two frames and the trampoline's: the first frame left
	 * is in the traced function, the second its caller's (caller), as on a kprobe */
	cg->stack_skip = 3;
	dt_ir_emit(ir, DT_ST(BPF_W, 10, -4, 0));
	dt_prov_dispatch(cg, out);
	if (needs & DT_NEED_ARGS) {
		for (int i = 0; i < DT_MAX_ARGS; i++) {
			int16_t dst = (int16_t)(DT_MST_ARGS + 8 * i);
			int from = ret ? (i == 1 && proto && proto->type ? nargs : -1)
				       : (i < nargs ? i : -1);

			if (from < 0) {
				dt_ir_emit(ir, DT_ST(BPF_DW, 7, dst, 0));
				continue;
			}
			dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, (int16_t)(8 * from)));
			dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, dst));
		}
	}
	fbt_prologue_end(cg, needs, out);
	return true;
}

static bool
fbt_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	fbt_state_t *st = bp->prov->data;
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir);
	bool ret = bp->group - 1 == FBT_RETURN;

	if (bp->group >= FBT_GROUP_FENTRY)
		return fbt_prologue_fentry(cg, bp, needs);
	if (fbt_how(st) == FBT_HOW_NONE) {
		const dt_probe_t *prp = bp->probes.data[0];
		int id;

		if (!st->tramp && fbt_proto(st, prp, &id))
			fbt_have_trampolines(st, id);
		cg->err = dt_arena_printf(&cg->cc->arena, "probe %s:%s:%s:%s cannot be enabled: "
					  "%s%s%s%s", prp->prov, prp->mod, prp->func, prp->name,
					  st->why, st->tramp < 0 ? ", and it refuses BPF trampolines "
					  "(fentry: " : "", st->tramp < 0 ? strerror(-st->tramp) : "",
					  st->tramp < 0 ? ")" : "");
		cg->err_hint = "fbt needs a kernel built with CONFIG_KPROBES and "
			       "CONFIG_KPROBE_EVENTS, or one that allows BPF trampolines (most "
			       "distributions' kernels do both)";
		cg->err_loc = fbt_desc_loc(bp);
		return false;
	}
	/* The probe's index in this program: its link's cookie, and its dispatch key. */
	for (size_t i = 0; i < bp->probes.len; i++) {
		const dt_probe_t *prp = bp->probes.data[i];

		st->key[FBT_SIDE(prp)][FBT_FUNC(prp)] = (uint32_t)i;
	}

	/* stack() starts at the traced function (the kprobe's registers), caller is its
	 * caller: nothing of the tracing machinery is on that stack. */
	cg->stack_skip = 0;
	dt_ir_emit(ir, DT_MOV64_REG(1, 6));
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_attach_cookie));
	dt_ir_emit(ir, DT_STX(BPF_W, 10, 0, -4));
	dt_prov_dispatch(cg, out);

	if ((needs & DT_NEED_ARGS) && !ret) {
		dt_pt_regs_load_args(cg, 6, DT_MAX_ARGS, false);
	} else if (needs & DT_NEED_ARGS) {
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS, 0));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, DT_PTREGS_AX));
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8));
		for (int i = 2; i < DT_MAX_ARGS; i++)
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
	}
	fbt_prologue_end(cg, needs, out);
	return true;
}

/* ---- argument types -------------------------------------------------------------------- */

static void
fbt_dump_printf(void *ctx, const char *fmt, va_list ap)
{
	dt_sb_vprintf(ctx, fmt, ap);
}

/* BTF type id's C spelling ("struct file *", "const char *"), in the handle's arena. */
static const char *
fbt_spell(dt_handle_t *dtp, fbt_state_t *st, uint32_t id)
{
	LIBBPF_OPTS(btf_dump_emit_type_decl_opts, o, .field_name = "");
	dt_strbuf_t sb = {0};
	struct btf_dump *d = btf_dump__new(st->btf, fbt_dump_printf, &sb, NULL);
	const char *s = NULL;

	if (!libbpf_get_error(d) && btf_dump__emit_type_decl(d, id, &o) == 0)
		s = dt_arena_strdup(&dtp->arena, dt_sb_str(&sb));
	if (!libbpf_get_error(d))
		btf_dump__free(d);
	dt_sb_free(&sb);
	return s;
}

/*
 * args[]: the prototype of a core kernel function from BTF. Entry: its parameters; return:
 * args[0] the offset (int), args[1] the return value (none for a void function).
 */
static int
fbt_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max)
{
	fbt_state_t *st = prp->provider->data;
	const struct btf_type *proto;
	const struct btf_param *pa;
	int id, n = 0;

	if (!(proto = fbt_proto(st, prp, &id)))
		return 0;
	if (FBT_SIDE(prp) == FBT_RETURN) {
		types[n++] = "int";
		if (proto->type && n < max && (types[n] = fbt_spell(dtp, st, proto->type)))
			n++;
		return n;
	}
	pa = btf_params(proto);
	for (int i = 0; i < btf_vlen(proto) && n < max; i++) {
		if (!pa[i].type)
			break;	/* "...": no type */
		if (!(types[n] = fbt_spell(dtp, st, pa[i].type)))
			break;
		n++;
	}
	return n;
}

/* ---- attaching ------------------------------------------------------------------------- */

typedef struct fbt_sym {
	const char *name;
	uint64_t cookie;
} fbt_sym_t;

static int
fbt_sym_cmp(const void *l, const void *r)
{
	return strcmp(((const fbt_sym_t *)l)->name, ((const fbt_sym_t *)r)->name);
}

/*
 * One kprobe_multi link for every function of the program. The kernel looks the names up
 * with a binary search, so they go sorted (cookies alongside); a name two modules share is
 * given once (the kernel would refuse the duplicate), to the first.
 */
static int
fbt_attach_multi(struct dt_bpfprog *bp, bool ret)
{
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	size_t n = bp->probes.len, m = 0;
	fbt_sym_t *s = dt_xcalloc(n, sizeof(*s));
	const char **syms = dt_xcalloc(n, sizeof(*syms));
	__u64 *cookies = dt_xcalloc(n, sizeof(*cookies));
	int fd, err = 0;

	for (size_t i = 0; i < n; i++)
		s[i] = (fbt_sym_t){bp->probes.data[i]->func, i};
	qsort(s, n, sizeof(*s), fbt_sym_cmp);
	for (size_t i = 0; i < n; i++) {
		if (m && strcmp(syms[m - 1], s[i].name) == 0)
			continue;
		syms[m] = s[i].name;
		cookies[m++] = s[i].cookie;
	}
	lo.kprobe_multi.syms = syms;
	lo.kprobe_multi.cookies = cookies;
	lo.kprobe_multi.cnt = (uint32_t)m;
	lo.kprobe_multi.flags = ret ? BPF_F_KPROBE_MULTI_RETURN : 0;
	fd = bpf_link_create(bp->fd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	if (fd < 0)
		err = -errno;
	else
		dt_vec_push(&bp->link_fds, fd);
	free(s);
	free(syms);
	free(cookies);
	return err;
}

/* tracefs kprobe_events: a line written (or removed with "-:..."); 0 or -errno. */
static int
fbt_kprobe_event(const char *line)
{
	const char *tfs = dt_tracefs();
	char path[512];
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/kprobe_events", tfs ? tfs : "/sys/kernel/tracing");
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0)
		return -errno;
	if (write(fd, line, strlen(line)) < 0)
		err = -errno;
	close(fd);
	return err;
}

/* The perf event of one kprobe on func: from the PMU, or a tracefs event made for it. */
static int
fbt_perf_kprobe(fbt_state_t *st, const char *func, bool ret)
{
	struct perf_event_attr attr;
	char line[512];

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	if (st->how == FBT_HOW_PMU) {
		attr.type = (uint32_t)st->pmu_type;
		attr.config = ret ? 1ULL << st->pmu_retbit : 0;
		attr.config1 = (uint64_t)(uintptr_t)func;
	} else {
		const char *tfs = dt_tracefs();
		char path[640];
		int id, err;

		snprintf(line, sizeof(line), "%c:dtrace_fbt_%d/p%d %s\n", ret ? 'r' : 'p',
			 (int)getpid(), st->nevents, func);
		if ((err = fbt_kprobe_event(line)) < 0)
			return err;
		snprintf(path, sizeof(path), "%s/events/dtrace_fbt_%d/p%d/id",
			 tfs ? tfs : "/sys/kernel/tracing", (int)getpid(), st->nevents++);
		if ((id = fbt_read_int(path)) < 0)
			return -ENOENT;
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.config = (uint64_t)id;
	}
	{
		int pfd = (int)syscall(SYS_perf_event_open, &attr, -1, 0, -1,
				       PERF_FLAG_FD_CLOEXEC);

		return pfd < 0 ? -errno : pfd;
	}
}

/*
 * One perf kprobe per function, each linked to the program with its cookie. A function ftrace
 * lists may still refuse a kprobe (the kernel's kprobe blacklist: EADDRNOTAVAIL, EINVAL):
 * among many, those are left out and counted, as a glob means the functions it can trace.
 */
static int
fbt_attach_each(dt_handle_t *dtp, fbt_state_t *st, struct dt_bpfprog *bp, bool ret)
{
	size_t nrefused = 0;
	const char *first = NULL;

	dt_prov_raise_nofile();
	for (size_t i = 0; i < bp->probes.len; i++) {
		LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = i);
		int pfd, lfd;

		if (dtp->intr && *dtp->intr)
			return -EINTR;
		pfd = fbt_perf_kprobe(st, bp->probes.data[i]->func, ret);
		if ((pfd == -EADDRNOTAVAIL || pfd == -EINVAL) && bp->probes.len > 1) {
			if (!nrefused++)
				first = bp->probes.data[i]->func;
			continue;
		}
		if (pfd < 0)
			return pfd;
		dt_vec_push(&bp->perf_fds, pfd);
		if ((lfd = bpf_link_create(bp->fd, pfd, BPF_PERF_EVENT, &lo)) < 0)
			return -errno;
		dt_vec_push(&bp->link_fds, lfd);
	}
	if (nrefused == bp->probes.len)
		return -EADDRNOTAVAIL;
	if (nrefused)
		fprintf(stderr, "dtrace: %zu of %zu fbt %s probes not enabled: the kernel refuses "
			"kprobes on those functions (%s%s)\n", nrefused, bp->probes.len,
			ret ? "return" : "entry", first, nrefused > 1 ? ", ..." : "");
	return 0;
}

static int
fbt_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	fbt_state_t *st = bp->prov->data;
	bool ret = bp->group - 1 == FBT_RETURN;

	if (bp->group >= FBT_GROUP_FENTRY) {
		int fd = bpf_raw_tracepoint_open(NULL, bp->fd);

		if (fd < 0)
			return -errno;
		dt_vec_push(&bp->link_fds, fd);
		return 0;
	}
	if (st->how == FBT_HOW_MULTI)
		return fbt_attach_multi(bp, ret);
	return fbt_attach_each(dtp, st, bp, ret);
}

/* The perf events under the links, and the tracefs events made for them. */
static void
fbt_detach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	fbt_state_t *st = bp->prov->data;
	char line[128];

	for (size_t k = 0; k < bp->perf_fds.len; k++)
		close(bp->perf_fds.data[k]);
	bp->perf_fds.len = 0;
	if (st->how != FBT_HOW_TRACEFS || !st->nevents)
		return;
	/* after every program's links are closed: the last program's detach removes them */
	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		dt_bpfprog_t *o = dtp->bpfprogs.data[i];

		if (o != bp && o->prov == bp->prov && o->perf_fds.len)
			return;
	}
	for (size_t k = 0; k < bp->link_fds.len; k++)
		close(bp->link_fds.data[k]);
	bp->link_fds.len = 0;
	for (int e = 0; e < st->nevents; e++) {
		snprintf(line, sizeof(line), "-:dtrace_fbt_%d/p%d\n", (int)getpid(), e);
		fbt_kprobe_event(line);
	}
	st->nevents = 0;
}

/* What the provider keeps goes with its first probe (all share it); the rest is the arena's. */
static void
fbt_probe_destroy(dt_handle_t *dtp, dt_probe_t *prp)
{
	fbt_state_t *st = prp->provider->data;

	btf__free(st->btf);
	st->btf = NULL;
}

const dt_provider_ops_t dt_prov_fbt_ops = {
	.provide = fbt_provide,
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.group = fbt_group,
	.prologue = fbt_prologue,
	.dispatch_key = fbt_dispatch_key,
	.dispatch_size = fbt_dispatch_size,
	.attach_type = fbt_attach_type,
	.probe_info = fbt_probe_info,
	.attach = fbt_attach,
	.detach = fbt_detach,
	.probe_destroy = fbt_probe_destroy,
};
