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
	dt_kprobes_t kp;		/* how this kernel attaches kprobes (dt_kprobe.c) */
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

	if (!st) {
		st = pv->data = dt_arena_alloc(&dtp->arena, sizeof(*st));
		st->kp.group = "dtrace_fbt";
	}
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
	return dt_kprobe_attach_type(&st->kp);
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
	if (dt_kprobe_how(&st->kp) == DT_KP_NONE) {
		const dt_probe_t *prp = bp->probes.data[0];
		int id;

		if (!st->tramp && fbt_proto(st, prp, &id))
			fbt_have_trampolines(st, id);
		cg->err = dt_arena_printf(&cg->cc->arena, "probe %s:%s:%s:%s cannot be enabled: "
					  "%s%s%s%s", prp->prov, prp->mod, prp->func, prp->name,
					  st->kp.why, st->tramp < 0 ? ", and it refuses BPF trampolines "
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
	{
		const char **funcs = dt_xcalloc(bp->probes.len + 1, sizeof(*funcs));
		int rc;

		for (size_t i = 0; i < bp->probes.len; i++)
			funcs[i] = bp->probes.data[i]->func;
		rc = dt_kprobe_attach(dtp, &st->kp, bp, funcs, NULL, bp->probes.len, ret, "fbt");
		free(funcs);
		return rc;
	}
}

static void
fbt_detach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	dt_kprobe_detach(dtp, &((fbt_state_t *)bp->prov->data)->kp, bp);
}

/* What the provider keeps goes with its first probe (all share it); the rest is the arena's. */
static void
fbt_probe_destroy(dt_handle_t *dtp, dt_probe_t *prp)
{
	fbt_state_t *st = prp->provider->data;

	btf__free(st->btf);
	st->btf = NULL;
}

/* The Solaris Dynamic Tracing Guide's stability table for the fbt provider */
static const dt_pattr_t fbt_pattr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, ISA),
};

const dt_provider_ops_t dt_prov_fbt_ops = {
	.pattr = &fbt_pattr,
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
