/*
 * dt_load.c: from a compiled program to loaded, attached BPF.
 *
 *   group the enabled probes by attach point -> generate one program each (codegen)
 *   -> create the maps, sized by what codegen used -> swap map fds into the code
 *   -> load (with the verifier log on failure) -> fill name/dispatch/string maps
 *   -> BEGIN runs, the rest attaches; at the end everything detaches, then END runs.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../codegen/dt_codegen.h"
#include "../providers/dt_provider.h"
#include "dt_runtime.h"

static dt_bpfprog_t *
dt_rt_prog_for(dt_handle_t *dtp, dt_probe_t *prp)
{
	struct dt_provider *pv = prp->provider;
	int group = pv->ops->group(prp);
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
	bp->flags = prp->flags;
	snprintf(bp->name, sizeof(bp->name), "dt_%s_%d", pv->name, group);
	dt_vec_push(&dtp->bpfprogs, bp);
	return bp;
}

/*
 * The BTF that describes a program's functions, for the kernel's func_info: main (name) at
 * instruction 0 and each subprogram of ir->funcs, each taking its arguments as 64-bit
 * integers and returning an int. What it buys is the global ones (library routines): the
 * kernel verifies each of those once, not at every call (dt_cg_lib.c). *info gets one entry
 * per function, in the order of their instructions. NULL (no BTF: every subprogram is then
 * static) when the program has no global function or the BTF cannot be made.
 */
static struct btf *
dt_rt_prog_btf(const char *name, const dt_irbuf_t *ir, struct bpf_func_info **info)
{
	struct btf *btf;
	int u64, i32, proto[6], id;
	bool global = false;

	for (size_t i = 0; i < ir->funcs.len; i++)
		global |= ir->funcs.data[i].global;
	if (!global || !(btf = btf__new_empty()))
		return NULL;
	*info = dt_xcalloc(ir->funcs.len + 1, sizeof(**info));
	u64 = btf__add_int(btf, "unsigned long long", 8, 0);
	i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	if (u64 < 0 || i32 < 0)
		goto fail;
	for (int n = 0; n <= 5; n++) {
		proto[n] = btf__add_func_proto(btf, i32);
		if (proto[n] < 0)
			goto fail;
		for (int a = 0; a < n; a++) {
			char pname[4] = {'a', (char)('1' + a), 0};

			if (btf__add_func_param(btf, pname, u64) < 0)
				goto fail;
		}
	}
	if ((id = btf__add_func(btf, name, BTF_FUNC_STATIC, proto[1])) < 0)
		goto fail;
	(*info)[0].type_id = (uint32_t)id;
	for (size_t i = 0; i < ir->funcs.len; i++) {
		const dt_irfunc_t *f = &ir->funcs.data[i];

		id = btf__add_func(btf, f->name, f->global ? BTF_FUNC_GLOBAL : BTF_FUNC_STATIC,
				   proto[DT_MIN(f->nargs, 5)]);
		if (id < 0)
			goto fail;
		(*info)[i + 1].insn_off = (uint32_t)dt_ir_func_at(ir, f);
		(*info)[i + 1].type_id = (uint32_t)id;
	}
	if (btf__load_into_kernel(btf) < 0)
		goto fail;
	return btf;
fail:
	btf__free(btf);
	free(*info);
	*info = NULL;
	return NULL;
}

int
dt_rt_prog_load(dt_handle_t *dtp, int prog_type, const char *name, const dt_irbuf_t *ir)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	const struct bpf_insn *insns = ir->insns;
	size_t logsz = 4 << 20, ninsns = ir->len;
	struct bpf_func_info *info = NULL;
	struct btf *btf = dt_rt_prog_btf(name, ir, &info);
	char *log;
	int fd, err;

	if (btf) {
		opts.prog_btf_fd = (uint32_t)btf__fd(btf);
		opts.func_info = info;
		opts.func_info_cnt = (uint32_t)ir->funcs.len + 1;
		opts.func_info_rec_size = sizeof(*info);
	}
	fd = bpf_prog_load((enum bpf_prog_type)prog_type, name, "GPL", insns, ninsns, &opts);
	if (fd >= 0)
		goto out;
	err = -errno;
	if (err == -EPERM) {
		fprintf(stderr, "dtrace: failed to load BPF program %s: %s (tracing needs root, or "
			"CAP_BPF and CAP_PERFMON)\n", name, strerror(-err));
		fd = err;
		goto out;
	}
	/* Again with the verifier's log, to say why. */
	log = dt_xmalloc(logsz);
	log[0] = '\0';
	opts.log_buf = log;
	opts.log_size = (uint32_t)logsz;
	opts.log_level = 1;
	fd = bpf_prog_load((enum bpf_prog_type)prog_type, name, "GPL", insns, ninsns, &opts);
	if (fd >= 0) {
		free(log);
		goto out;
	}
	fprintf(stderr, "dtrace: failed to load BPF program %s: %s\n", name, strerror(errno));
	if (strstr(log, "cannot use helper bpf_probe_write_user"))
		fprintf(stderr, "dtrace: copyout( ) and copyoutstr( ) need bpf_probe_write_user, "
			"which the kernel does not allow in this program type (raw tracepoint "
			"and perf event programs may not write user memory)\n");
	{
		/* The last lines say what went wrong; -x bpflog shows everything. */
		size_t len = strlen(log);
		const char *p = log + len;
		int lines = 0;

		while (!dtp->opts.bpflog && p > log && lines < 12)
			if (*--p == '\n')
				lines++;
		if (p != log)
			fprintf(stderr, "dtrace: verifier log (last lines; -x bpflog for all):\n");
		fprintf(stderr, "%s\n", p == log ? p : p + 1);
	}
	free(log);
	fd = err;
out:
	/* the kernel keeps its own reference to the BTF of a loaded program */
	btf__free(btf);
	free(info);
	return fd;
}

/*
 * gotol: a program "gotol +0; r0 = 0; exit" loads where the verifier knows BPF_JMP32 | BPF_JA
 * (Linux 6.4). DTRACE_NOGOTOL=1 in the environment pretends it does not, so the refusal a
 * long clause gets on older kernels can be tested here.
 */
bool
dt_rt_have_gotol(dt_handle_t *dtp)
{
	if (!dtp->gotol) {
		struct bpf_insn p[] = {
			dt_insn(BPF_JMP32 | BPF_JA, 0, 0, 0, 0),
			DT_MOV64_IMM(0, 0),
			DT_EXIT(),
		};
		const char *no = getenv("DTRACE_NOGOTOL");
		int fd = -1;

		if (!no || !*no || !strcmp(no, "0"))
			fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "dt_gotol", "GPL", p, 3, NULL);
		dtp->gotol = fd >= 0 ? 1 : 2;
		if (fd >= 0)
			close(fd);
	}
	return dtp->gotol == 1;
}

static int
dt_rt_map(const char *name, enum bpf_map_type type, uint32_t ksz, uint32_t vsz, uint32_t n,
	  uint32_t flags)
{
	LIBBPF_OPTS(bpf_map_create_opts, opts, .map_flags = flags);
	int fd = bpf_map_create(type, name, ksz, vsz, n, &opts);

	if (fd < 0) {
		int err = -errno;

		fprintf(stderr, "dtrace: failed to create BPF map %s: %s\n", name, strerror(errno));
		return err;
	}
	return fd;
}

static uint32_t
dt_pow2(uint64_t n)
{
	uint64_t p = 4096;

	while (p < n && p < (1ULL << 30))
		p <<= 1;
	return (uint32_t)p;
}

/*
 * The ring buffer: one, shared by every CPU, of bufsize bytes (DTrace's bufsize is per CPU,
 * but one shared buffer drained at a fill watermark needs no per-CPU slack, and the consumer
 * maps the whole buffer twice, which counts in its resident memory). A program whose only
 * probes are BEGIN and END
 * writes a few records from this thread, drained at once, so it gets a small buffer: the
 * consumer maps the whole buffer (twice, for wrap-around), and that mapping is most of its
 * resident memory.
 */
static uint64_t
dt_rt_bufsize(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;
	uint64_t need = 0;

	for (size_t i = 0; i < prog->probes.len; i++)
		if (!(prog->probes.data[i]->flags & DT_PRF_IN_CONSUMER))
			return dtp->opts.bufsize;
	for (int c = 0; c < prog->nclauses; c++)
		need += prog->clauses[c]->recsize + 16;
	return DT_MIN(DT_MAX(4 * need, 64 * 1024ULL), dtp->opts.bufsize);
}

static int
dt_rt_maps(dt_handle_t *dtp, uint32_t temp_max)
{
	dt_program_t *prog = dtp->prog;
	/* zero padding of strsize after the last string: a comparison may read that far */
	uint32_t strtab_sz = (uint32_t)DT_ALIGN(prog->strtab.len + dtp->opts.strsize + 1, 8);
	uint32_t nprobes = (uint32_t)dtp->probes.len;
	int *m = dtp->map_fds;
	uint32_t zero = 0;

	dtp->mstate_size = (uint32_t)DT_ALIGN(DT_MST_TEMP + temp_max, 8);
	if (dtp->mstate_size > 32768) {
		fprintf(stderr, "dtrace: the program needs %u bytes of scratch space per CPU; "
			"at most 32768 are possible (reduce strsize)\n", dtp->mstate_size);
		return -E2BIG;
	}
	if ((m[DT_MAP_RINGBUF] = dt_rt_map("dt_buf", BPF_MAP_TYPE_RINGBUF, 0, 0,
					    dt_pow2(dt_rt_bufsize(dtp)), 0)) < 0 ||
	    (m[DT_MAP_MSTATE] = dt_rt_map("dt_mstate", BPF_MAP_TYPE_PERCPU_ARRAY, 4,
					   dtp->mstate_size, 1, 0)) < 0 ||
	    (m[DT_MAP_STATE] = dt_rt_map("dt_state", BPF_MAP_TYPE_ARRAY, 4,
					  DT_ST_SIZE + prog->globals_size, 1, 0)) < 0 ||
	    (m[DT_MAP_STATS] = dt_rt_map("dt_stats", BPF_MAP_TYPE_PERCPU_ARRAY, 4, DT_STATS_SIZE,
					  1, 0)) < 0 ||
	    (m[DT_MAP_PROBES] = dt_rt_map("dt_probes", BPF_MAP_TYPE_ARRAY, 4, DT_PRB_SIZE, nprobes,
					   0)) < 0 ||
	    (m[DT_MAP_STRTAB] = dt_rt_map("dt_strtab", BPF_MAP_TYPE_ARRAY, 4, strtab_sz, 1,
					   BPF_F_RDONLY_PROG)) < 0 ||
	    (m[DT_MAP_SPEC] = dt_rt_map("dt_spec", BPF_MAP_TYPE_ARRAY, 4,
					 (uint32_t)DT_ALIGN(8 * (dtp->opts.nspec + 1), 8), 1,
					 0)) < 0)
		return -1;

	/* String literals: written once, then frozen (bpf_strncmp wants a read-only map). */
	{
		char *buf = dt_xcalloc(1, strtab_sz);

		if (prog->strtab.len)
			memcpy(buf, prog->strtab.data, prog->strtab.len);
		if (bpf_map_update_elem(m[DT_MAP_STRTAB], &zero, buf, BPF_ANY) < 0 ||
		    bpf_map_freeze(m[DT_MAP_STRTAB]) < 0) {
			free(buf);
			fprintf(stderr, "dtrace: failed to set up the string table: %s\n",
				strerror(errno));
			return -1;
		}
		free(buf);
	}
	/* Probe names for probeprov, probemod, probefunc and probename. */
	for (size_t i = 0; i < prog->probes.len; i++) {
		dt_probe_t *prp = prog->probes.data[i];
		char v[DT_PRB_SIZE] = {0};

		strncpy(v + DT_PRB_PROV, prp->prov, DT_PRB_FIELD - 1);
		strncpy(v + DT_PRB_MOD, prp->mod, DT_PRB_FIELD - 1);
		strncpy(v + DT_PRB_FUNC, prp->func, DT_PRB_FIELD - 1);
		strncpy(v + DT_PRB_NAME, prp->name, DT_PRB_FIELD - 1);
		if (bpf_map_update_elem(m[DT_MAP_PROBES], &prp->id, v, BPF_ANY) < 0)
			return -1;
	}
	/* Thread-local variables and associative arrays: one hash map each, dynvarsize apart. */
	dtp->dyn_fds = dt_xcalloc((size_t)prog->ndynvars + 1, sizeof(int));
	for (int i = 0; i < prog->ndynvars; i++)
		dtp->dyn_fds[i] = -1;
	for (size_t i = 0; i < prog->vars.len; i++) {
		dt_var_t *v = prog->vars.data[i];
		uint32_t ksz, n;
		char name[24];

		if (v->kind != DT_VK_SELF && v->kind != DT_VK_ASSOC)
			continue;
		ksz = v->kind == DT_VK_SELF ? 8 : v->keysize;
		n = (uint32_t)DT_MAX(dtp->opts.dynvarsize / (ksz + v->size + 64), 1024U);
		snprintf(name, sizeof(name), "dt_%s_%.12s", v->kind == DT_VK_SELF ? "self" : "arr",
			 v->name);
		for (char *c = name; *c; c++)	/* map names take letters, digits, _ and . */
			if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			      (*c >= '0' && *c <= '9') || *c == '_' || *c == '.'))
				*c = '_';
		dtp->dyn_fds[v->dynid] = dt_rt_map(name, BPF_MAP_TYPE_HASH, ksz, v->size, n, 0);
		if (dtp->dyn_fds[v->dynid] < 0)
			return -1;
	}
	/* Aggregations. */
	dtp->agg_fds = dt_xcalloc((size_t)prog->naggs + 1, sizeof(int));
	for (int i = 0; i < prog->naggs; i++)
		dtp->agg_fds[i] = -1;
	for (int i = 0; i < prog->naggs; i++) {
		dt_aggdesc_t *ad = prog->aggs[i];
		char name[24];

		snprintf(name, sizeof(name), "dt_agg_%d", i % 10000);
		if (ad->nkeys == 0) {
			dtp->agg_fds[i] = dt_rt_map(name, BPF_MAP_TYPE_PERCPU_ARRAY, 4,
						    (ad->nwords + 1) * 8, 1, 0);
		} else {
			uint64_t per = ad->keysize + ad->nwords * 8ULL;
			uint64_t n = DT_MAX(dtp->opts.aggsize / per, 1024ULL);

			dtp->agg_fds[i] = dt_rt_map(name, BPF_MAP_TYPE_PERCPU_HASH, ad->keysize,
						    ad->nwords * 8, (uint32_t)DT_MIN(n, 1U << 22),
						    BPF_F_NO_PREALLOC);
		}
		if (dtp->agg_fds[i] < 0)
			return -1;
	}
	return 0;
}

/* Swap map indices in ld_imm64 instructions for the maps' fds (DT_MAP_DISPATCH: the
 * program's own, dispatch_fd). */
static void
dt_rt_relocate(dt_handle_t *dtp, struct bpf_insn *insns, size_t n, int dispatch_fd)
{
	for (size_t i = 0; i < n; i++) {
		struct bpf_insn *in = &insns[i];

		if (in->code != (BPF_LD | BPF_DW | BPF_IMM))
			continue;
		if (in->src_reg == BPF_PSEUDO_MAP_FD || in->src_reg == BPF_PSEUDO_MAP_VALUE) {
			int idx = in->imm;

			if (idx == DT_MAP_DISPATCH)
				in->imm = dispatch_fd;
			else if (idx < DT_NMAPS_FIXED)
				in->imm = dtp->map_fds[idx];
			else if (idx < DT_NMAPS_FIXED + dtp->prog->naggs)
				in->imm = dtp->agg_fds[idx - DT_NMAPS_FIXED];
			else
				in->imm = dtp->dyn_fds[idx - DT_NMAPS_FIXED - dtp->prog->naggs];
		}
		i++;	/* the second half of ld_imm64 */
	}
}

static int dt_rt_reclaim_load(dt_handle_t *dtp);

/*
 * A shared program's dispatch map: for each probe it serves, at the provider's key, the probe
 * id and the mask of the clauses (by their index in the program) that enable it.
 */
static int
dt_rt_dispatch_fill(dt_handle_t *dtp, dt_bpfprog_t *bp)
{
	const struct dt_provider_ops *ops = bp->prov->ops;

	for (size_t i = 0; i < bp->probes.len; i++) {
		dt_probe_t *prp = bp->probes.data[i];
		uint64_t v[DT_DISP_VALSIZE / 8] = {prp->id};
		uint32_t key = ops->dispatch_key(prp);

		if (key >= ops->ndispatch)
			continue;	/* cannot fire */
		for (size_t c = 0; c < bp->clauses.len; c++) {
			dt_clause_t *cl = bp->clauses.data[c];

			for (size_t k = 0; k < cl->probes.len; k++)
				if (cl->probes.data[k] == prp)
					v[1 + c / 64] |= 1ULL << (c % 64);
		}
		if (bpf_map_update_elem(bp->dispatch_fd, &key, v, BPF_ANY) < 0)
			return -errno;
	}
	return 0;
}

/*
 * bufpolicy=fill: the room kept free in every CPU's buffer for END's records, so they fit
 * even in a full one (DTrace's reserve): what END's clauses write, summed. The consumer
 * refuses to start tracing when it is more than bufsize.
 */
static uint64_t
dt_rt_end_reserve(const dt_program_t *prog)
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

/* A code generation failure: at its clause, as a compile error, when it has one. */
static void
dt_rt_cg_error(dt_handle_t *dtp, const dt_cg_t *cg, const dt_bpfprog_t *bp)
{
	const char *msg = cg->err ? cg->err : "unknown error";
	dt_arena_t arena;
	dt_diags_t diags;
	dt_diag_t *d;

	if (!cg->err_loc.src) {
		fprintf(stderr, "dtrace: failed to generate code for %s: %s\n", bp->name, msg);
		return;
	}
	dt_arena_init(&arena);
	dt_diags_init(&diags, &arena);
	d = dt_diag_error(&diags, D_UNKNOWN, cg->err_loc, "%s", msg);
	if (d && cg->err_hint)
		dt_diag_hint(&diags, d, "%s", cg->err_hint);
	dt_diags_print(&diags, stderr, dtp->opts.errtags);
	dt_arena_fini(&arena);
}

int
dt_rt_load(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;
	dt_cg_t *cgs;
	uint32_t temp_max = 64;
	int err = 0;

	if (dtp->opts.bufpolicy == DT_BUFPOLICY_FILL)
		dtp->end_reserve = dt_rt_end_reserve(prog);
	/* Group probes into programs, then give each program its clauses in order. */
	for (size_t i = 0; i < prog->probes.len; i++) {
		dt_bpfprog_t *bp = dt_rt_prog_for(dtp, prog->probes.data[i]);

		dt_vec_push(&bp->probes, prog->probes.data[i]);
		bp->flags |= prog->probes.data[i]->flags;
		if (bp->probes.len > 1)
			bp->probe = NULL;
	}
	for (size_t b = 0; b < dtp->bpfprogs.len; b++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[b];

		for (int c = 0; c < prog->nclauses; c++) {
			dt_clause_t *cl = prog->clauses[c];
			bool in = false;

			for (size_t k = 0; k < cl->probes.len && !in; k++)
				for (size_t j = 0; j < bp->probes.len && !in; j++)
					in = cl->probes.data[k] == bp->probes.data[j];
			if (in)
				dt_vec_push(&bp->clauses, cl);
		}
	}

	cgs = dt_xcalloc(dtp->bpfprogs.len + 1, sizeof(*cgs));
	for (size_t b = 0; b < dtp->bpfprogs.len; b++) {
		dt_cg_t *cg = &cgs[b];

		cg->dtp = dtp;
		cg->prog = prog;
		cg->strsize = dtp->opts.strsize;
		dt_ir_init(&cg->ir);
		if (dt_cg_program(cg, dtp->bpfprogs.data[b]) < 0) {
			dt_rt_cg_error(dtp, cg, dtp->bpfprogs.data[b]);
			err = -1;
			goto out;
		}
		temp_max = DT_MAX(temp_max, cg->temp_max);
	}
	if ((err = dt_rt_maps(dtp, temp_max)) < 0 || (err = dt_rt_reclaim_load(dtp)) < 0)
		goto out;
	for (size_t b = 0; b < dtp->bpfprogs.len; b++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[b];
		dt_cg_t *cg = &cgs[b];

		if (dtp->opts.disasm)
			dt_disasm_ir(stderr, bp->name, &cg->ir);
		if (bp->prov->ops->dispatch_key &&
		    (bp->dispatch_fd = dt_rt_map("dt_disp", BPF_MAP_TYPE_ARRAY, 4, DT_DISP_VALSIZE,
						 bp->prov->ops->ndispatch, 0)) < 0) {
			err = bp->dispatch_fd;
			goto out;
		}
		dt_rt_relocate(dtp, cg->ir.insns, cg->ir.len, bp->dispatch_fd);
		bp->fd = dt_rt_prog_load(dtp, bp->prog_type, bp->name, &cg->ir);
		if (bp->fd < 0) {
			err = bp->fd;
			goto out;
		}
		if (bp->dispatch_fd >= 0 && (err = dt_rt_dispatch_fill(dtp, bp)) < 0) {
			fprintf(stderr, "dtrace: failed to set up %s: %s\n", bp->name,
				strerror(-err));
			goto out;
		}
	}
out:
	for (size_t b = 0; b < dtp->bpfprogs.len; b++)
		dt_ir_fini(&cgs[b].ir);
	free(cgs);
	return err;
}

/*
 * Thread-local variables must not outlive their thread (a new thread may get the same id):
 * a small program on the sched_process_exit raw tracepoint, which runs in the exiting
 * thread, deletes that thread's element from every self-> variable's map.
 */
static int
dt_rt_reclaim_load(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;
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
		n++;
	}
	dt_ir_emit(&ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(&ir, DT_EXIT());
	if (n) {
		dt_rt_relocate(dtp, ir.insns, ir.len, -1);
		dtp->reclaim_fd = dt_rt_prog_load(dtp, BPF_PROG_TYPE_RAW_TRACEPOINT, "dt_reclaim",
						  &ir);
	}
	dt_ir_fini(&ir);
	return n && dtp->reclaim_fd < 0 ? dtp->reclaim_fd : 0;
}

/* The program the consumer runs for BEGIN, END or ERROR (DT_PRF_*), if the program has one. */
static dt_bpfprog_t *
dt_rt_consumer_prog(dt_handle_t *dtp, unsigned prflag)
{
	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[i];

		if (bp->flags & prflag)
			return bp;
	}
	return NULL;
}

/*
 * Run a program once on this thread. The thread is moved to the first CPU it may use for
 * the run, so BEGIN and END report a stable CPU (DTrace shows them on CPU 0) while execname,
 * pid and the rest stay the consumer's own, as they must.
 */
int
dt_rt_prog_run(int prog_fd, const uint64_t *args)
{
	uint64_t ctx[8] = {0};
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx, .ctx_size_in = sizeof(ctx));

	if (args)
		memcpy(ctx, args, sizeof(ctx));
	cpu_set_t orig, one;
	bool pinned = false;
	int err = 0;

	if (sched_getaffinity(0, sizeof(orig), &orig) == 0) {
		for (int c = 0; c < CPU_SETSIZE; c++) {
			if (CPU_ISSET(c, &orig)) {
				CPU_ZERO(&one);
				CPU_SET(c, &one);
				pinned = sched_setaffinity(0, sizeof(one), &one) == 0;
				break;
			}
		}
	}
	if (bpf_prog_test_run_opts(prog_fd, &opts) < 0)
		err = -errno;
	if (pinned)
		sched_setaffinity(0, sizeof(orig), &orig);
	return err;
}

static int
dt_rt_run_once(dt_handle_t *dtp, unsigned prflag)
{
	dt_bpfprog_t *bp = dt_rt_consumer_prog(dtp, prflag);
	int err;

	if (!bp)
		return 0;
	if ((err = dt_rt_prog_run(bp->fd, NULL)) < 0)
		fprintf(stderr, "dtrace: failed to run %s: %s\n", bp->probes.data[0]->name,
			strerror(-err));
	return err;
}

int
dt_rt_error(dt_handle_t *dtp, const uint64_t args[8])
{
	dt_bpfprog_t *bp = dt_rt_consumer_prog(dtp, DT_PRF_ERROR);

	return bp ? dt_rt_prog_run(bp->fd, args) : 0;
}

int
dt_rt_begin(dt_handle_t *dtp)
{
	return dt_rt_run_once(dtp, DT_PRF_BEGIN);
}

int
dt_rt_end(dt_handle_t *dtp)
{
	return dt_rt_run_once(dtp, DT_PRF_END);
}

int
dt_rt_attach(dt_handle_t *dtp)
{
	if (dtp->reclaim_fd >= 0) {
		dtp->reclaim_link = bpf_raw_tracepoint_open("sched_process_exit", dtp->reclaim_fd);
		if (dtp->reclaim_link < 0) {
			fprintf(stderr, "dtrace: failed to attach the thread-exit cleanup: %s\n",
				strerror(errno));
			return -errno;
		}
	}
	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[i];
		int err;

		if ((bp->flags & DT_PRF_IN_CONSUMER) || !bp->prov->ops->attach)
			continue;	/* run, never attached */
		if ((err = bp->prov->ops->attach(dtp, bp)) < 0) {
			dt_probe_t *prp = bp->probes.len ? bp->probes.data[0] : NULL;

			fprintf(stderr, "dtrace: failed to enable %s:%s:%s:%s: %s\n",
				prp ? prp->prov : "?", prp ? prp->mod : "", prp ? prp->func : "",
				prp ? prp->name : "", strerror(-err));
			dt_rt_detach(dtp);
			return err;
		}
	}
	return 0;
}

void
dt_rt_detach(dt_handle_t *dtp)
{
	if (dtp->reclaim_link >= 0) {
		close(dtp->reclaim_link);
		dtp->reclaim_link = -1;
	}
	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[i];

		if (bp->prov->ops->detach)
			bp->prov->ops->detach(dtp, bp);
		for (size_t k = 0; k < bp->link_fds.len; k++)
			close(bp->link_fds.data[k]);
		bp->link_fds.len = 0;
	}
}
