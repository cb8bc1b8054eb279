/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_tp.c: the base of the providers whose probes ride kernel tracepoints (proc, sched, io,
 * ip, tcp, udp): their probe tables (dt_provider.h says how one is written), one BPF program
 * per raw tracepoint serving every probe and clause on it, the values a probe's arguments and
 * conditions are computed from, and attaching.
 *
 * Why raw tracepoints: a raw tracepoint program gets the tracepoint's own arguments (the
 * TP_PROTO: task_struct pointers, not the copies the perf event's format holds), costs less
 * per event than a perf tracepoint (+18 ns against +84 ns for an empty program, measured for
 * the syscall provider) and detaches at once. The kernel's BTF types those arguments: the
 * typedef btf_trace_<tracepoint> is a pointer to a function whose parameters, after the
 * first (void *), are the TP_PROTO's.
 *
 * The program of a tracepoint (its group): the prologue tries the sites of each enabled probe
 * on it, in table order. A site whose condition holds dispatches (the runtime's dispatch map,
 * keyed by the probe's index in its table, says which clauses want it), computes the native
 * arguments into the context and runs the clauses; then the program jumps back into the
 * prologue (cg->again) and goes on with the next probe's sites. The fp-16 slot holds where
 * to go on: the index of the next probe to try.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/bpf.h>

#include "../common/dt_ksyms.h"
#include "dt_provider.h"

#define FP_TP_NEXT (-16)	/* the next probe to try (table index) */
#define FP_TP_READ (-24)	/* a kernel read's 8 bytes */
#define FP_TP_LHS (-40)		/* a condition's left value while the right is computed */

typedef struct dt_tp_state {
	dt_handle_t *dtp;
	const dt_tp_probe_t *probes;
	size_t n;
	dt_probe_t **made;	/* per table entry, its probe once made */
	int *chosen;		/* per entry: the site whose tracepoint it rides (-1: none;
				 * -2: not looked at yet) */
} dt_tp_state_t;

void
dt_tp_init(dt_handle_t *dtp, dt_provider_t *pv, const dt_tp_probe_t *probes, size_t n)
{
	dt_tp_state_t *st = dt_arena_alloc(&dtp->arena, sizeof(*st));

	st->dtp = dtp;
	st->probes = probes;
	st->n = DT_MIN(n, (size_t)DT_TP_MAXPROBES);
	st->made = dt_arena_alloc(&dtp->arena, sizeof(*st->made) * st->n);
	st->chosen = dt_arena_alloc(&dtp->arena, sizeof(*st->chosen) * st->n);
	for (size_t i = 0; i < st->n; i++)
		st->chosen[i] = -2;
	pv->data = st;
}

/* Tracepoint k (0-based) of a site's "a|b" into buf; false past the last. */
static bool
dt_tp_nth(const char *tps, int k, char *buf, size_t size)
{
	const char *e;

	for (; k > 0 && tps; k--)
		tps = (tps = strchr(tps, '|')) ? tps + 1 : NULL;
	if (!tps)
		return false;
	e = strchr(tps, '|');
	snprintf(buf, size, "%.*s", (int)(e ? (size_t)(e - tps) : strlen(tps)), tps);
	return true;
}

static bool
dt_tp_exists1(dt_handle_t *dtp, const char *name)
{
	char sym[160];
	uint64_t addr;

	if (!dtp->ksyms)
		dtp->ksyms = dt_ksyms_new(NULL);
	snprintf(sym, sizeof(sym), "__traceiter_%s", name);
	return dt_ksym_by_name(dtp->ksyms, NULL, sym, &addr) == 0;
}

/* A site's tracepoints ("sched_wakeup|sched_wakeup_new") exist when the first does. */
bool
dt_tp_exists(dt_handle_t *dtp, const char *name)
{
	char tp[128];

	return dt_tp_nth(name, 0, tp, sizeof(tp)) && dt_tp_exists1(dtp, tp);
}

/* Every one of "a|b" the kernel has (they share the first's arguments). */
int
dt_tp_attach_raw(struct dt_bpfprog *bp, const char *name)
{
	char tp[128];

	for (int k = 0; dt_tp_nth(name, k, tp, sizeof(tp)); k++) {
		int fd = bpf_raw_tracepoint_open(tp, bp->fd);

		if (fd < 0 && (k == 0 || errno != ENOENT))
			return -errno;
		if (fd >= 0)
			dt_vec_push(&bp->link_fds, fd);
	}
	return 0;
}

void
dt_tp_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	dt_tp_state_t *st = pv->data;

	if (!dt_glob_match(pd->mod, "") || !dt_glob_match(pd->func, ""))
		return;
	for (size_t i = 0; i < st->n; i++)
		if (!st->made[i] && dt_glob_match(pd->name, st->probes[i].name))
			st->made[i] = dt_probe_add(dtp, pv, "", "", st->probes[i].name,
						   (void *)(uintptr_t)i);
}

#define TP_INDEX(prp) ((size_t)(uintptr_t)(prp)->pdata)

/* The site whose tracepoint the probe rides here: the first that exists; -1 if none. */
static int
dt_tp_chosen(dt_tp_state_t *st, size_t i)
{
	if (st->chosen[i] == -2) {
		st->chosen[i] = -1;
		for (int k = 0; k < DT_TP_MAXSITES && st->probes[i].sites[k].tp; k++) {
			if (dt_tp_exists(st->dtp, st->probes[i].sites[k].tp)) {
				st->chosen[i] = k;
				break;
			}
		}
	}
	return st->chosen[i];
}

/* The group of a tracepoint: where it first appears in the table (probe * sites + site). */
int
dt_tp_group(const dt_probe_t *prp)
{
	dt_tp_state_t *st = prp->provider->data;
	size_t i = TP_INDEX(prp);
	int k = dt_tp_chosen(st, i);
	const char *tp;

	if (k < 0)
		return -1 - (int)i;	/* its own program, refused by the prologue */
	tp = st->probes[i].sites[k].tp;
	for (size_t j = 0; j <= i; j++)
		for (int s = 0; s < DT_TP_MAXSITES && st->probes[j].sites[s].tp; s++)
			if (strcmp(st->probes[j].sites[s].tp, tp) == 0)
				return (int)j * DT_TP_MAXSITES + s;
	return -1 - (int)i;
}

uint32_t
dt_tp_dispatch_key(const dt_probe_t *prp)
{
	return (uint32_t)TP_INDEX(prp);
}

int
dt_tp_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max)
{
	const dt_tp_probe_t *p = &((dt_tp_state_t *)prp->provider->data)->probes[TP_INDEX(prp)];
	int n = 0;

	while (n < max && n < DT_TP_MAXARGS && p->args[n].type)
		n++;
	for (int i = 0; i < n; i++) {
		types[i] = p->args[i].type;
		if (p->args[i].xlate) {
			if (!prp->argxl)
				prp->argxl = dt_arena_alloc(&dtp->arena, sizeof(char *) * (size_t)n);
			prp->argxl[i] = p->args[i].xlate;
		}
	}
	return n;
}

int
dt_tp_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	dt_tp_state_t *st = bp->prov->data;
	dt_probe_t *prp = bp->probes.data[0];
	int k = dt_tp_chosen(st, TP_INDEX(prp));

	return k < 0 ? -ENOENT : dt_tp_attach_raw(bp, st->probes[TP_INDEX(prp)].sites[k].tp);
}

void
dt_tp_stack_skip(dt_cg_t *cg, const char *tp)
{
	char first[112];

	/* stack() starts where the tracepoint is: skip the clause's subprogram, this program,
	 * bpf_trace_run<N> and __bpf_trace_<tp>; and the tracepoint's iterator, which the
	 * kernel calls only when several programs are attached to it */
	cg->stack_skip = 4;
	dt_tp_nth(tp, 0, first, sizeof(first));
	snprintf(cg->skip_sym, sizeof(cg->skip_sym), "__traceiter_%s", first);
}

/* ---- values ------------------------------------------------------------------------------ */

typedef struct dt_tpx {
	dt_cg_t *cg;
	const char *tp;
	const char *expr;	/* the whole, for messages */
	const char *p;		/* where parsing is */
	bool failed;
} dt_tpx_t;

static void
dt_tpx_fail(dt_tpx_t *x, const char *why)
{
	static char msg[256];

	if (!x->failed)
		snprintf(msg, sizeof(msg), "tracepoint %s: cannot compute \"%s\" on this kernel: %s",
			 x->tp, x->expr, why);
	x->failed = true;
	dt_cg_fail(x->cg, msg);
}

static void
dt_tpx_space(dt_tpx_t *x)
{
	while (*x->p == ' ')
		x->p++;
}

static size_t
dt_tpx_word(dt_tpx_t *x, char *buf, size_t size)
{
	size_t n = 0;

	dt_tpx_space(x);
	while ((x->p[n] >= 'a' && x->p[n] <= 'z') || (x->p[n] >= 'A' && x->p[n] <= 'Z') ||
	       (x->p[n] >= '0' && x->p[n] <= '9') || x->p[n] == '_')
		n++;
	if (n >= size)
		n = size - 1;
	memcpy(buf, x->p, n);
	buf[n] = '\0';
	x->p += n;
	return n;
}

/* Parameter k (0-based, after the void *) of the tracepoint's prototype, or NULL. */
static const dt_type_t *
dt_tpx_param(dt_tpx_t *x, int k)
{
	char name[160], first[128];
	const dt_type_t *t;

	dt_tp_nth(x->tp, 0, first, sizeof(first));
	snprintf(name, sizeof(name), "btf_trace_%s", first);
	t = dt_type_lookup(x->cg->cc, name, NULL);
	if (!t || (t = dt_type_resolve(t))->kind != DT_TYPE_PTR || !t->base)
		return NULL;
	t = dt_type_resolve(t->base);
	if (t->kind != DT_TYPE_FUNC || (uint32_t)k + 1 >= t->nparams)
		return NULL;
	return t->params[k + 1];
}

/* r0 = the size bytes of kernel memory at r0 + off (0 when unreadable), as type t. */
static void
dt_tpx_load(dt_tpx_t *x, uint32_t off, const dt_type_t *t)
{
	dt_irbuf_t *ir = &x->cg->ir;
	const dt_type_t *r = dt_type_resolve(t);
	uint32_t size = r->size;

	if ((r->kind != DT_TYPE_INT && r->kind != DT_TYPE_PTR && r->kind != DT_TYPE_ENUM) ||
	    (size != 1 && size != 2 && size != 4 && size != 8)) {
		dt_tpx_fail(x, "a value must be an integer or a pointer");
		return;
	}
	dt_ir_emit(ir, DT_MOV64_REG(3, 0));
	if (off)
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, (int32_t)off));
	dt_prov_kread(ir, FP_TP_READ, (uint32_t)size);
	dt_cg_normalize(x->cg, 0, size, r->kind == DT_TYPE_INT && r->is_signed);
}

/*
 * One value: r0 = it, *type = its type (NULL: a constant, long). Members: "->m" reads
 * through a pointer, ".m" stays in the object; the address is kept as r0 + off until a
 * value is needed.
 */
static void
dt_tpx_value(dt_tpx_t *x, const dt_type_t **type)
{
	dt_irbuf_t *ir = &x->cg->ir;
	dt_compile_t *cc = x->cg->cc;
	const dt_type_t *t = NULL;
	char w[128];
	bool lval = false;	/* r0 + off is the address of an object of type t */
	uint32_t off = 0;

	dt_tpx_space(x);
	*type = NULL;
	if (*x->p == '-') {
		x->p++;
		dt_tpx_value(x, type);
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_NEG, 0, 0));
		return;
	}
	if (*x->p == '&') {
		uint64_t addr;

		x->p++;
		dt_tpx_word(x, w, sizeof(w));
		if (!x->cg->dtp->ksyms)
			x->cg->dtp->ksyms = dt_ksyms_new(NULL);
		/* 0 where the kernel has no such function: a site meant for other kernels */
		if (dt_ksym_by_name(x->cg->dtp->ksyms, NULL, w, &addr) < 0)
			addr = 0;
		dt_ir_ld_imm64(ir, 0, addr);
		return;
	}
	if (*x->p >= '0' && *x->p <= '9') {
		char *end;
		long long v = strtoll(x->p, &end, 0);

		x->p = end;
		dt_cg_int(x->cg, 0, (uint64_t)v);
		return;
	}
	dt_tpx_word(x, w, sizeof(w));
	if (strcmp(w, "cpu") == 0) {
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_smp_processor_id));
		return;
	}
	if (strcmp(w, "cur") == 0) {
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_current_task));
		t = dt_type_lookup(cc, "struct task_struct *", NULL);
	} else if (w[0] == 'a' && w[1] >= '0' && w[1] <= '9' && !w[2]) {
		int k = w[1] - '0';

		if (!(t = dt_tpx_param(x, k))) {
			dt_tpx_fail(x, "the tracepoint has no such argument (btf_trace_ typedef)");
			return;
		}
		dt_ir_emit(ir, DT_LDX(BPF_DW, 0, 6, (int16_t)(8 * k)));
		if (dt_type_resolve(t)->kind == DT_TYPE_INT)
			dt_cg_normalize(x->cg, 0, dt_type_resolve(t)->size,
					dt_type_resolve(t)->is_signed);
	} else {
		dt_tpx_fail(x, "unknown name");
		return;
	}
	if (!t) {
		dt_tpx_fail(x, "no kernel types (BTF)");
		return;
	}
	for (;;) {
		bool arrow = x->p[0] == '-' && x->p[1] == '>';
		const dt_type_t *r, *mt;
		uint32_t moff, bsize;

		dt_tpx_space(x);
		if (!arrow && *x->p != '.')
			break;
		x->p += arrow ? 2 : 1;
		r = dt_type_resolve(t);
		if (arrow) {
			if (r->kind != DT_TYPE_PTR || !r->base) {
				dt_tpx_fail(x, "-> of a non-pointer");
				return;
			}
			if (lval)
				dt_tpx_load(x, off, t);	/* the pointer's value */
			off = 0;
			r = dt_type_resolve(r->base);
		} else if (!lval) {
			dt_tpx_fail(x, ". of a value");
			return;
		}
		dt_tpx_word(x, w, sizeof(w));
		if (dt_type_member(cc, r, w, &moff, &mt, NULL, &bsize) < 0 || bsize) {
			dt_tpx_fail(x, bsize ? "a bit-field" : cc->type_errmsg);
			return;
		}
		off += moff;
		t = mt;
		lval = true;
	}
	if (lval)
		dt_tpx_load(x, off, t);
	*type = t;
}

bool
dt_tp_value(dt_cg_t *cg, const char *tp, const char *expr)
{
	dt_tpx_t x = {.cg = cg, .tp = tp, .expr = expr, .p = expr};
	const dt_type_t *t;

	dt_tpx_value(&x, &t);
	dt_tpx_space(&x);
	if (*x.p && !x.failed)
		dt_tpx_fail(&x, "unexpected text");
	return !x.failed;
}

static bool
dt_tpx_signed(const dt_type_t *t)
{
	return !t || (dt_type_resolve(t)->kind == DT_TYPE_INT && dt_type_resolve(t)->is_signed) ||
	       dt_type_resolve(t)->kind == DT_TYPE_ENUM;
}

/* Jump to no unless every condition of when holds. */
static bool
dt_tpx_when(dt_cg_t *cg, const char *tp, const char *when, int no)
{
	static const struct { const char *op; int jop, sjop; } ops[] = {
		{"==", BPF_JEQ, BPF_JEQ}, {"!=", BPF_JNE, BPF_JNE}, {"<=", BPF_JLE, BPF_JSLE},
		{">=", BPF_JGE, BPF_JSGE}, {"<", BPF_JLT, BPF_JSLT}, {">", BPF_JGT, BPF_JSGT},
		{"&", BPF_JSET, BPF_JSET},
	};
	dt_tpx_t x = {.cg = cg, .tp = tp, .expr = when, .p = when};
	dt_irbuf_t *ir = &cg->ir;

	while (!x.failed) {
		const dt_type_t *lt, *rt;
		size_t k;
		int yes = dt_ir_label(ir);

		dt_tpx_value(&x, &lt);
		dt_tpx_space(&x);
		for (k = 0; k < DT_ARRAY_SIZE(ops); k++)
			if (strncmp(x.p, ops[k].op, strlen(ops[k].op)) == 0)
				break;
		if (x.failed)
			break;
		if (k == DT_ARRAY_SIZE(ops)) {
			dt_tpx_fail(&x, "a comparison expected");
			break;
		}
		x.p += strlen(ops[k].op);
		dt_ir_emit(ir, DT_STX(BPF_DW, 10, 0, FP_TP_LHS));
		dt_tpx_value(&x, &rt);
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_TP_LHS));
		dt_ir_jmp_reg(ir, dt_tpx_signed(lt) && dt_tpx_signed(rt) ? ops[k].sjop : ops[k].jop,
			      1, 0, yes);
		dt_ir_ja(ir, no);
		dt_ir_place(ir, yes);
		dt_tpx_space(&x);
		if (!*x.p)
			break;
		if (strncmp(x.p, "&&", 2) != 0) {
			dt_tpx_fail(&x, "&& expected");
			break;
		}
		x.p += 2;
	}
	return !x.failed;
}

/* ---- the program of a tracepoint -------------------------------------------------------- */

static bool
dt_tp_enabled(struct dt_bpfprog *bp, size_t i)
{
	for (size_t k = 0; k < bp->probes.len; k++)
		if (TP_INDEX(bp->probes.data[k]) == i)
			return true;
	return false;
}

bool
dt_tp_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_tp_state_t *st = bp->prov->data;
	dt_irbuf_t *ir = &cg->ir;
	dt_probe_t *first = bp->probes.data[0];
	int k0 = dt_tp_chosen(st, TP_INDEX(first)), again = dt_ir_label(ir), run;
	const char *tp;
	int *start;

	if (k0 < 0) {
		static char msg[256];
		const dt_tp_probe_t *p = &st->probes[TP_INDEX(first)];

		snprintf(msg, sizeof(msg), "probe %s:::%s is not available on this kernel: it "
			 "needs %s", bp->prov->name, p->name,
			 p->needs ? p->needs : p->sites[0].tp ? p->sites[0].tp : "kprobes");
		dt_cg_fail(cg, msg);
		return false;
	}
	tp = st->probes[TP_INDEX(first)].sites[k0].tp;
	dt_tp_stack_skip(cg, tp);
	run = dt_ir_label(ir);
	start = dt_xcalloc(st->n, sizeof(int));
	for (size_t i = 0; i < st->n; i++)
		start[i] = dt_ir_label(ir);

	/* from the first enabled probe; after the clauses, from where fp-16 says */
	for (size_t i = 0; i < st->n; i++) {
		if (dt_tp_enabled(bp, i)) {
			dt_ir_emit(ir, DT_ST(BPF_DW, 10, FP_TP_NEXT, (int32_t)i));
			break;
		}
	}
	dt_ir_place(ir, again);
	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_TP_NEXT));
	for (size_t i = 0; i < st->n; i++)
		if (dt_tp_enabled(bp, i))
			dt_ir_jmp_imm(ir, BPF_JEQ, 1, (int32_t)i, start[i]);
	dt_ir_ja(ir, cg->prog_exit);

	for (size_t i = 0; i < st->n; i++) {
		const dt_tp_probe_t *p = &st->probes[i];
		size_t next = i + 1;

		dt_ir_place(ir, start[i]);
		if (!dt_tp_enabled(bp, i))
			continue;
		/* where to go after this probe: the next enabled one, or out */
		while (next < st->n && !dt_tp_enabled(bp, next))
			next++;
		dt_ir_emit(ir, DT_ST(BPF_DW, 10, FP_TP_NEXT, (int32_t)next));
		/* the kernel refuses unreachable code: nothing after a site that always fires */
		bool always = false;

		for (int k = 0; k < DT_TP_MAXSITES && p->sites[k].tp && !always; k++) {
			const dt_tp_site_t *s = &p->sites[k];
			int no = dt_ir_label(ir);

			if (strcmp(s->tp, tp) != 0)
				continue;
			always = !s->when;
			if (s->when && !dt_tpx_when(cg, tp, s->when, no))
				goto fail;
			dt_ir_emit(ir, DT_ST(BPF_W, 10, -4, (int32_t)i));
			dt_prov_dispatch(cg, next < st->n ? start[next] : cg->prog_exit);
			if (needs & DT_NEED_ARGS) {
				for (int a = 0; a < 10; a++) {
					if (a < DT_TP_MAXARGS && s->args[a]) {
						if (!dt_tp_value(cg, tp, s->args[a]))
							goto fail;
						dt_ir_emit(ir, DT_STX(BPF_DW, 7, 0,
								      DT_MST_ARGS + 8 * a));
					} else {
						dt_ir_emit(ir, DT_ST(BPF_DW, 7,
								     DT_MST_ARGS + 8 * a, 0));
					}
				}
			}
			if (needs & DT_NEED_ERRNO)
				dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
			dt_ir_ja(ir, run);
			if (!always)
				dt_ir_place(ir, no);
		}
		/* no site's condition held */
		if (!always)
			dt_ir_ja(ir, next < st->n ? start[next] : cg->prog_exit);
	}
	dt_ir_place(ir, run);
	free(start);
	cg->again = true;
	cg->again_label = again;
	return true;
fail:
	free(start);
	return false;
}
