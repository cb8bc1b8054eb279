/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_load.c: from a finished program (dt_cg_link's) to loaded, attached BPF.
 *
 *   create the maps, sized by the program (code generation decided the scratch value's size),
 *   and each shared program's dispatch map -> swap map fds into the code -> load (on failure,
 *   the verifier's rejection mapped back to the D source) -> fill name/dispatch/string maps
 *   -> BEGIN runs, the rest attaches; at the end everything detaches, then END runs.
 */
#include <errno.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../codegen/dt_codegen.h"
#include "../providers/dt_provider.h"
#include "dt_runtime.h"

/* Does line p (up to end) start "N: (", an instruction the verifier walked? Then N. */
static long
dt_rt_log_insn(const char *p, const char *end)
{
	char *e;
	long n;

	if (p == end || *p < '0' || *p > '9')
		return -1;
	n = strtol(p, &e, 10);
	return e + 3 <= end && e[0] == ':' && e[1] == ' ' && e[2] == '(' ? n : -1;
}

long
dt_rt_verifier_insn(const char *log, const char **reason, int *rlen)
{
	const char *p, *nl, *after = NULL;
	long failed = -1, n;
	char *e;

	*reason = NULL;
	*rlen = 0;
	/* the instructions walked, each as "N: (opcode) ...": the failing one is the last */
	for (p = log; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if ((n = dt_rt_log_insn(p, nl)) >= 0) {
			failed = n;
			after = *nl ? nl + 1 : nl;
		}
	}
	/* the reason: the first line after it that says something (not a register state,
	 * "N: R1=..." or "from N to M: ...", nor the summary) */
	for (p = after; p && *p && !*reason; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (nl > p && strncmp(p, "processed ", 10) != 0 && strncmp(p, "from ", 5) != 0 &&
		    !(*p >= '0' && *p <= '9' && strtol(p, &e, 10) >= 0 && e[0] == ':')) {
			*reason = p;
			*rlen = (int)(nl - p);
		}
	}
	return failed;
}

/* The function of bp's code that instruction at lies in: a subprogram, or NULL for main. */
static const dt_irfunc_t *
dt_rt_func_of(const dt_irbuf_t *ir, size_t at)
{
	const dt_irfunc_t *f = NULL;

	for (size_t i = 0; i < ir->funcs.len; i++)	/* placed in order */
		if (dt_ir_func_at(ir, &ir->funcs.data[i]) <= at)
			f = &ir->funcs.data[i];
	return f;
}

/*
 * Say where in the D source the verifier rejected bp, from its log (level 1). The failing
 * instruction's number counts from the program's first instruction through every subprogram
 * (clauses, library routines), as the code lies in bp->code, so bp->code->locs[N] is the node
 * it came from. An instruction of no node (dispatch code around a clause) points at the last
 * one walked in the same function that has one. Returns false, having said only which
 * function it was in, when there is none (a prologue, a library routine).
 */
static bool
dt_rt_verifier_where(const dt_bpfprog_t *bp, const char *log)
{
	const dt_irbuf_t *ir = bp->code;
	const dt_loc_t *loc = NULL;
	const dt_irfunc_t *func;
	const char *p, *nl, *reason;
	int rlen;
	long failed = dt_rt_verifier_insn(log, &reason, &rlen), n;

	if (failed < 0 || (size_t)failed >= ir->len)
		return false;
	func = dt_rt_func_of(ir, (size_t)failed);
	for (p = log; *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		n = dt_rt_log_insn(p, nl);
		if (n >= 0 && (size_t)n < ir->len && ir->locs[n] && ir->locs[n]->src &&
		    ir->locs[n]->line > 0 && dt_rt_func_of(ir, (size_t)n) == func)
			loc = ir->locs[n];
	}
	if (!reason) {
		reason = "(no reason given)";
		rlen = (int)strlen(reason);
	}
	if (!loc) {
		fprintf(stderr, "dtrace: the kernel's verifier rejected program %s at instruction "
			"%ld (in %s): %.*s\n", bp->name, failed, func ? func->name : "its prologue",
			rlen, reason);
		return false;
	}
	fprintf(stderr, "%s:%d:%d: error: the kernel's verifier rejected program %s: %.*s\n",
		dt_loc_file(*loc), loc->line, loc->col > 0 ? loc->col : 1, bp->name, rlen, reason);
	dt_loc_show(stderr, *loc);
	return true;
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

/*
 * The verifier follows every path through a program, up to a million instructions in all
 * and 8192 branches left to come back to: past either it refuses the whole program. Which
 * clauses made the paths is not in its log, so name them all, and what makes paths many.
 */
static void
dt_rt_too_complex(const dt_bpfprog_t *bp)
{
	fprintf(stderr, "dtrace: program %s is too complex for the kernel's verifier, which "
		"follows every path through it up to a limit (a million instructions, 8192 "
		"pending branches): split long clauses, and compute string functions once into "
		"this-> variables rather than in predicates and conditions; its clauses:",
		bp->name);
	for (size_t i = 0; i < bp->clauses.len; i++) {
		const dt_loc_t *l = &bp->clauses.data[i]->node->loc;

		fprintf(stderr, " %s:%d", l->src && l->src->name ? l->src->name : "-n", l->line);
	}
	fputc('\n', stderr);
}

/* Load bp's code; on failure reload with the verifier's log and say where and why. */
int
dt_rt_prog_load(dt_handle_t *dtp, const dt_bpfprog_t *bp)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	const dt_irbuf_t *ir = bp->code;
	const struct bpf_insn *insns = ir->insns;
	const char *name = bp->name;
	int prog_type = bp->prog_type;
	size_t logsz = 4 << 20, ninsns = ir->len;
	struct bpf_func_info *info = NULL;
	struct btf *btf = dt_rt_prog_btf(name, ir, &info);
	char *log;
	int fd, err;

	opts.expected_attach_type = (enum bpf_attach_type)bp->attach_type;
	opts.attach_btf_id = bp->attach_btf_id;
	if (btf) {
		opts.prog_btf_fd = (uint32_t)btf__fd(btf);
		opts.func_info = info;
		opts.func_info_cnt = (uint32_t)ir->funcs.len + 1;
		opts.func_info_rec_size = sizeof(*info);
	}
	fd = bpf_prog_load((enum bpf_prog_type)prog_type, name, DT_BPF_LICENSE, insns, ninsns,
			   &opts);
	if (fd >= 0)
		goto out;
	err = -errno;
	dtp->kernel_refused = true;
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
	fd = bpf_prog_load((enum bpf_prog_type)prog_type, name, DT_BPF_LICENSE, insns, ninsns,
			   &opts);
	if (fd >= 0) {
		free(log);
		goto out;
	}
	/* the first attempt's reason: this one may add ENOSPC, for a log longer than ours */
	fprintf(stderr, "dtrace: failed to load BPF program %s: %s\n", name, strerror(-err));
	if (strstr(log, "cannot use helper bpf_probe_write_user"))
		fprintf(stderr, "dtrace: copyout( ) and copyoutstr( ) need bpf_probe_write_user, "
			"which the kernel does not allow in this program type (raw tracepoint "
			"and perf event programs may not write user memory)\n");
	/*
	 * E2BIG is the verifier giving up (too many instructions walked, too many pending
	 * branches); the log does not always say so: a load was seen refused with E2BIG at
	 * 453,106 instructions walked and no reason in the log.
	 */
	if (err == -E2BIG || strstr(log, "BPF program is too large") ||
	    strstr(log, "jumps is too complex"))
		dt_rt_too_complex(bp);
	if (dt_rt_verifier_where(bp, log)) {
		if (dtp->opts.bpflog)
			fprintf(stderr, "dtrace: verifier log:\n%s\n", log);
		else
			fprintf(stderr, "   = hint: -x bpflog shows the verifier's log\n");
	} else {
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
			fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "dt_gotol",
					   DT_BPF_LICENSE, p, 3, NULL);
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

/* Room for probes made while tracing (libraries a process loads later). */
#define DT_LATER_PROBES 8192

/* A probe's names in the probes map, for probeprov, probemod, probefunc and probename. */
static int
dt_rt_probe_names(dt_handle_t *dtp, const dt_probe_t *prp)
{
	char v[DT_PRB_SIZE] = {0};

	strncpy(v + DT_PRB_PROV, prp->prov, DT_PRB_FIELD - 1);
	strncpy(v + DT_PRB_MOD, prp->mod, DT_PRB_FIELD - 1);
	strncpy(v + DT_PRB_FUNC, prp->func, DT_PRB_FIELD - 1);
	strncpy(v + DT_PRB_NAME, prp->name, DT_PRB_FIELD - 1);
	return bpf_map_update_elem(dtp->map_fds[DT_MAP_PROBES], &prp->id, v, BPF_ANY);
}

/*
 * Which aggregations must be preallocated: those a program updates from a probe that may fire
 * with interrupts off (a tick, the scheduler, an arbitrary kernel function). There the
 * kernel's map allocator hands out about one new element per interrupt and refills only once
 * interrupts are on again, so a second new key in one firing would be dropped. Preallocating
 * a per-CPU hash costs one per-CPU allocation per entry (0.35 s at the default aggsize), so
 * aggregations updated only from probes marked DT_PRF_TASK, or in the consumer, are not.
 * Returns a calloc'ed flag per aggregation.
 */
static bool *
dt_rt_agg_prealloc(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;
	bool *pre = dt_xcalloc((size_t)prog->naggs + 1, sizeof(bool));

	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[i];
		bool task = true;

		if (bp->flags & DT_PRF_IN_CONSUMER)
			continue;
		for (size_t k = 0; k < bp->probes.len; k++)
			if (!(bp->probes.data[k]->flags & DT_PRF_TASK))
				task = false;
		if (task || !bp->code)
			continue;
		for (size_t k = 0; k < bp->code->len; k++) {
			const struct bpf_insn *in = &bp->code->insns[k];
			int idx = in->imm - DT_NMAPS_FIXED;

			if (in->code != (BPF_LD | BPF_DW | BPF_IMM) ||
			    (in->src_reg != BPF_PSEUDO_MAP_FD &&
			     in->src_reg != BPF_PSEUDO_MAP_VALUE) || in->imm == DT_MAP_DISPATCH)
				continue;
			if (idx >= 0 && idx < prog->naggs)
				pre[idx] = true;
			/* an array of maps: all its maps alike (the kernel asks it) */
			idx -= prog->naggs + prog->ndynvars;
			for (int a = 0; idx >= 0 && a < prog->naggs; a++)
				if (prog->aggs[a]->group == idx)
					pre[a] = true;
		}
	}
	return pre;
}

/*
 * The arrays of maps of a program with many aggregations (dt_link_agg_groups): one per shape,
 * each aggregation's own map at its slot. 0, or -1 after the message.
 */
static int
dt_rt_agg_groups(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;

	dtp->group_fds = dt_xcalloc((size_t)prog->nagg_groups + 1, sizeof(int));
	for (int g = 0; g < prog->nagg_groups; g++) {
		uint32_t n = 0;
		int first = -1;

		for (int i = 0; i < prog->naggs; i++) {
			if (prog->aggs[i]->group == g) {
				n++;
				if (first < 0)
					first = dtp->agg_fds[i];
			}
		}
		LIBBPF_OPTS(bpf_map_create_opts, opts, .inner_map_fd = (uint32_t)first);
		dtp->group_fds[g] = bpf_map_create(BPF_MAP_TYPE_ARRAY_OF_MAPS, "dt_aggs", 4, 4, n,
						   &opts);
		if (dtp->group_fds[g] < 0) {
			fprintf(stderr, "dtrace: failed to create BPF map dt_aggs: %s\n",
				strerror(errno));
			return -1;
		}
		for (int i = 0; i < prog->naggs; i++) {
			uint32_t fd = (uint32_t)dtp->agg_fds[i];

			if (prog->aggs[i]->group == g &&
			    bpf_map_update_elem(dtp->group_fds[g], &prog->aggs[i]->slot, &fd,
						BPF_ANY) < 0) {
				fprintf(stderr, "dtrace: failed to fill BPF map dt_aggs: %s\n",
					strerror(errno));
				return -1;
			}
		}
	}
	return 0;
}

static int
dt_rt_maps(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;
	/* zero padding of strsize after the last string: a comparison may read that far */
	uint32_t strtab_sz = (uint32_t)DT_ALIGN(prog->strtab.len + dt_strslot(dtp), 8);
	uint32_t nprobes = (uint32_t)dtp->probes.len;
	int *m = dtp->map_fds;

	for (size_t i = 0; i < dtp->bpfprogs.len; i++)
		if (dtp->bpfprogs.data[i]->prov->ops->proc_update) {
			nprobes += DT_LATER_PROBES;
			break;
		}
	uint32_t zero = 0;

	if ((m[DT_MAP_RINGBUF] = dt_rt_map("dt_buf", BPF_MAP_TYPE_RINGBUF, 0, 0,
					    dt_pow2(dt_rt_bufsize(dtp)), 0)) < 0 ||
	    (m[DT_MAP_MSTATE] = dt_rt_map("dt_mstate", BPF_MAP_TYPE_PERCPU_ARRAY, 4,
					   prog->mstate_size, 1, 0)) < 0 ||
	    (m[DT_MAP_STATE] = dt_rt_map("dt_state", BPF_MAP_TYPE_ARRAY, 4,
					  DT_ST_SIZE + prog->globals_size, 1, BPF_F_MMAPABLE)) < 0 ||
	    (m[DT_MAP_STATS] = dt_rt_map("dt_stats", BPF_MAP_TYPE_PERCPU_ARRAY, 4, DT_STATS_SIZE,
					  1, 0)) < 0 ||
	    (m[DT_MAP_PROBES] = dt_rt_map("dt_probes", BPF_MAP_TYPE_ARRAY, 4, DT_PRB_SIZE, nprobes,
					   0)) < 0 ||
	    (m[DT_MAP_STRTAB] = dt_rt_map("dt_strtab", BPF_MAP_TYPE_ARRAY, 4, strtab_sz, 1,
					   BPF_F_RDONLY_PROG)) < 0 ||
	    (m[DT_MAP_SPEC] = dt_rt_map("dt_spec", BPF_MAP_TYPE_ARRAY, 4,
					 (uint32_t)DT_ALIGN(8 * (dtp->opts.nspec + 1), 8), 1,
					 0)) < 0 ||
	    (m[DT_MAP_THREAD] = dt_rt_map("dt_thread", BPF_MAP_TYPE_HASH, 8, 8, DT_THREAD_MAX,
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
	for (size_t i = 0; i < prog->probes.len; i++)
		if (dt_rt_probe_names(dtp, prog->probes.data[i]) < 0)
			return -1;
	/* Thread-local variables and associative arrays: one hash map each, dynvarsize apart. */
	dtp->dyn_fds = dt_xcalloc((size_t)prog->ndynvars + 1, sizeof(int));
	for (int i = 0; i < prog->ndynvars; i++)
		dtp->dyn_fds[i] = -1;
	for (size_t i = 0; i < prog->vars.len; i++) {
		dt_var_t *v = prog->vars.data[i];
		char name[24];

		if (v->kind != DT_VK_SELF && v->kind != DT_VK_ASSOC)
			continue;
		snprintf(name, sizeof(name), "dt_%s_%.12s", v->kind == DT_VK_SELF ? "self" : "arr",
			 v->name);
		for (char *c = name; *c; c++)	/* map names take letters, digits, _ and . */
			if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			      (*c >= '0' && *c <= '9') || *c == '_' || *c == '.'))
				*c = '_';
		dtp->dyn_fds[v->dynid] = dt_rt_map(name, BPF_MAP_TYPE_HASH, dt_dyn_key_size(v),
						   v->size, dt_dyn_map_entries(dtp->opts.dynvarsize, v),
						   0);
		if (dtp->dyn_fds[v->dynid] < 0)
			return -1;
	}
	/* Aggregations. */
	bool *prealloc = dt_rt_agg_prealloc(dtp);

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
						    prealloc[i] ? 0 : BPF_F_NO_PREALLOC);
		}
		if (dtp->agg_fds[i] < 0) {
			free(prealloc);
			return -1;
		}
	}
	free(prealloc);
	return dt_rt_agg_groups(dtp);
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
			else if (idx < DT_NMAPS_FIXED + dtp->prog->naggs + dtp->prog->ndynvars)
				in->imm = dtp->dyn_fds[idx - DT_NMAPS_FIXED - dtp->prog->naggs];
			else
				in->imm = dtp->group_fds[idx - DT_NMAPS_FIXED - dtp->prog->naggs -
							 dtp->prog->ndynvars];
		}
		i++;	/* the second half of ld_imm64 */
	}
}

/*
 * A shared program's dispatch map: for each probe it serves, at the provider's key, the probe
 * id and the mask of the clauses (by their index in the program) that enable it.
 */
int
dt_rt_dispatch_probe(dt_handle_t *dtp, dt_bpfprog_t *bp, dt_probe_t *prp)
{
	uint64_t v[DT_DISP_VALSIZE / 8] = {prp->id};
	uint32_t key = bp->prov->ops->dispatch_key(prp);

	if (key >= bp->ndispatch)
		return -ENOSPC;	/* cannot fire */
	if (dt_rt_probe_names(dtp, prp) < 0)
		return errno == E2BIG ? -ENOSPC : -errno;
	for (size_t c = 0; c < bp->clauses.len; c++) {
		dt_clause_t *cl = bp->clauses.data[c];

		for (size_t k = 0; k < cl->probes.len; k++)
			if (cl->probes.data[k] == prp)
				v[1 + c / 64] |= 1ULL << (c % 64);
	}
	return bpf_map_update_elem(bp->dispatch_fd, &key, v, BPF_ANY) < 0 ? -errno : 0;
}

static int
dt_rt_dispatch_fill(dt_handle_t *dtp, dt_bpfprog_t *bp)
{
	for (size_t i = 0; i < bp->probes.len; i++) {
		int err = dt_rt_dispatch_probe(dtp, bp, bp->probes.data[i]);

		if (err < 0 && err != -ENOSPC)
			return err;
	}
	return 0;
}

int
dt_rt_load(dt_handle_t *dtp)
{
	dt_bpfprog_t *rc = dtp->reclaim;
	int err;

	if ((err = dt_rt_maps(dtp)) < 0) {
		dtp->kernel_refused = true;	/* all its failures are the kernel's */
		return err;
	}
	if (rc) {
		dt_rt_relocate(dtp, rc->code->insns, rc->code->len, -1);
		if ((rc->fd = dt_rt_prog_load(dtp, rc)) < 0)
			return rc->fd;
	}
	for (size_t b = 0; b < dtp->bpfprogs.len; b++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[b];

		if (dtp->intr && *dtp->intr)
			return -EINTR;	/* a signal: thousands of programs take seconds */
		const struct dt_provider_ops *ops = bp->prov->ops;

		bp->ndispatch = ops->dispatch_size ? ops->dispatch_size(dtp, bp) : ops->ndispatch;
		if (ops->attach_type)
			bp->attach_type = ops->attach_type(dtp, bp);
		if (ops->dispatch_key &&
		    (bp->dispatch_fd = dt_rt_map("dt_disp", BPF_MAP_TYPE_ARRAY, 4, DT_DISP_VALSIZE,
						 bp->ndispatch, 0)) < 0) {
			dtp->kernel_refused = true;
			return bp->dispatch_fd;
		}
		dt_rt_relocate(dtp, bp->code->insns, bp->code->len, bp->dispatch_fd);
		if ((bp->fd = dt_rt_prog_load(dtp, bp)) < 0)
			return bp->fd;
		if (bp->dispatch_fd >= 0 && (err = dt_rt_dispatch_fill(dtp, bp)) < 0) {
			fprintf(stderr, "dtrace: failed to set up %s: %s\n", bp->name,
				strerror(-err));
			return err;
		}
	}
	return 0;
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
	if (dtp->reclaim) {
		dtp->reclaim_link = bpf_raw_tracepoint_open("sched_process_exit",
							    dtp->reclaim->fd);
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
		if (dtp->intr && *dtp->intr) {
			/* A signal: thousands of probes take seconds to attach; stop now. */
			dt_rt_detach(dtp);
			return -EINTR;
		}
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
dt_rt_proc_update(dt_handle_t *dtp, pid_t pid)
{
	for (int i = 0; i < dtp->nproviders; i++) {
		struct dt_provider *pv = dtp->providers[i];

		if (pv->pid == pid && pv->ops->proc_update)
			pv->ops->proc_update(dtp, pv);
	}
}

bool
dt_rt_proc_watched(dt_handle_t *dtp, pid_t pid)
{
	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		const dt_bpfprog_t *bp = dtp->bpfprogs.data[i];

		if (bp->prov->pid == pid && bp->prov->ops->proc_update)
			return true;
	}
	return false;
}

/*
 * Stop every probe at once, before detaching them: the state goes to draining, which every
 * program's prologue checks (as after exit()). Detaching takes long (a perf event waits a
 * grace period each) and the probes would keep the ring full meanwhile. The word is written
 * through the map's mapping: an update writes the whole value, over the globals that clauses
 * store meanwhile.
 */
/* Did a clause call exit()? The activity word is no longer 0 then. */
bool
dt_rt_exited(dt_handle_t *dtp)
{
	size_t len = (size_t)sysconf(_SC_PAGESIZE);
	void *p = MAP_FAILED;
	uint64_t v;

	if (dtp->map_fds[DT_MAP_STATE] >= 0)
		p = mmap(NULL, len, PROT_READ, MAP_SHARED, dtp->map_fds[DT_MAP_STATE], 0);
	if (p == MAP_FAILED)
		return false;
	v = __atomic_load_n((uint64_t *)((char *)p + DT_ST_ACTIVITY), __ATOMIC_ACQUIRE);
	munmap(p, len);
	return v != 0;
}

void
dt_rt_stop(dt_handle_t *dtp)
{
	size_t len = (size_t)sysconf(_SC_PAGESIZE);
	void *p = MAP_FAILED;

	if (dtp->map_fds[DT_MAP_STATE] >= 0)
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED,
			 dtp->map_fds[DT_MAP_STATE], 0);
	if (p == MAP_FAILED) {
		dt_rt_detach(dtp);
		return;
	}
	__atomic_store_n((uint64_t *)((char *)p + DT_ST_ACTIVITY), 1, __ATOMIC_RELEASE);
	munmap(p, len);
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
