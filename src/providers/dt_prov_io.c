/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_io.c: the io provider: block I/O starting and completing, on the block layer's
 * tracepoints (dt_tp.c's table-driven base).
 *
 *   io:::start      block_bio_queue     a bio is submitted to a block device
 *   io:::done       block_rq_complete   a request completes: its (first) bio
 *   io:::wait-start submit_bio_wait()'s entry: a thread waits for the bio it submits
 *   io:::wait-done  its return: the wait is over (the bio, kept for the thread from the
 *                   entry, in DT_MAP_THREAD)
 * wait-start and wait-done are where DTrace for Linux puts them; the kernel has no tracepoint
 * there, so they need kprobes (dt_kprobe.c): one program for both, attached to the entry
 * (cookie 0) and, when wait-done is enabled, the return (cookie 1). On a kernel without
 * kprobes they are listed and refused.
 *
 * Every probe's args[] are DTrace's: args[0] a bufinfo_t *, args[1] a devinfo_t *, args[2]
 * a fileinfo_t *, each translated from the struct bio by dlibs/io.d (fileinfo_t names the
 * file whose page-cache pages the bio carries; "<none>" for other I/O, such as O_DIRECT's
 * user pages). A request with no bio (a flush) is not an io:::done.
 */
#include <errno.h>

#include <bpf/bpf.h>

#include "dt_provider.h"

#define IO_ARGS                                                                              \
	{{"bufinfo_t *", "struct bio *"}, {"devinfo_t *", "struct bio *"},                   \
	 {"fileinfo_t *", "struct bio *"}}

static const dt_tp_probe_t io_probes[] = {
	{"start", IO_ARGS, {{"block_bio_queue", NULL, {"a0", "a0", "a0"}}}, NULL},
	{"done", IO_ARGS,
	 {{"block_rq_complete", "a0->bio != 0", {"a0->bio", "a0->bio", "a0->bio"}}}, NULL},
	{"wait-start", IO_ARGS, {{NULL}}, "kprobes (submit_bio_wait)"},
	{"wait-done", IO_ARGS, {{NULL}}, "kprobes (submit_bio_wait)"},
};

enum { IO_WAIT_START = 2, IO_WAIT_DONE = 3 };	/* their indexes in io_probes */

#define IO_GROUP_WAIT 0x10000	/* the program of wait-start and wait-done (dt_tp's groups
				 * are smaller) */
#define IO_WAIT_FUNC "submit_bio_wait"
#define FP_IO_BIO (-16)
#define FP_IO_TID (-24)

/*
 * How this kernel attaches kprobes: what it has is the same for every handle of the process,
 * and tracefs events are named by the process (dtrace_io_PID/pN), so one for all.
 */
static dt_kprobes_t io_kprobes = {.group = "dtrace_io"};

static void
io_init(dt_handle_t *dtp, dt_provider_t *pv)
{
	dt_tp_init(dtp, pv, io_probes, DT_ARRAY_SIZE(io_probes));
}

static bool
io_is_wait(const dt_probe_t *prp)
{
	return dt_tp_dispatch_key(prp) >= IO_WAIT_START;
}

static int
io_group(const dt_probe_t *prp)
{
	if (io_is_wait(prp) && dt_kprobe_how(&io_kprobes) != DT_KP_NONE)
		return IO_GROUP_WAIT;
	return dt_tp_group(prp);	/* without kprobes: refused by dt_tp_prologue */
}

static bool
io_enabled(const struct dt_bpfprog *bp, uint32_t key)
{
	for (size_t i = 0; i < bp->probes.len; i++)
		if (dt_tp_dispatch_key(bp->probes.data[i]) == key)
			return true;
	return false;
}

/* r1 = the key of DT_MAP_THREAD for this thread (at fp+FP_IO_TID), r2 too. */
static void
io_thread_key(dt_irbuf_t *ir)
{
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_current_pid_tgid));
	dt_ir_emit(ir, DT_STX(BPF_DW, 10, 0, FP_IO_TID));
	dt_ir_ld_map(ir, 1, DT_MAP_THREAD);
	dt_ir_emit(ir, DT_MOV64_REG(2, 10));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 2, FP_IO_TID));
}

/*
 * The kprobe program of wait-start and wait-done: at the entry (cookie 0) the bio is the
 * first argument, kept for the thread when wait-done is enabled; at the return the kept bio,
 * taken out (a return without a kept entry, as when dtrace started in between, is not a
 * wait-done).
 */
static bool
io_prologue_wait(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir), ret = dt_ir_label(ir), args = dt_ir_label(ir);
	bool start = io_enabled(bp, IO_WAIT_START), done = io_enabled(bp, IO_WAIT_DONE);

	bp->prog_type = BPF_PROG_TYPE_KPROBE;
	cg->stack_skip = 0;	/* the kprobe's registers: the traced function's stack */
	dt_ir_emit(ir, DT_MOV64_REG(1, 6));
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_attach_cookie));
	dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, ret);

	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, DT_PTREGS_DI));
	dt_ir_emit(ir, DT_STX(BPF_DW, 10, 1, FP_IO_BIO));
	if (done) {
		io_thread_key(ir);
		dt_ir_emit(ir, DT_MOV64_REG(3, 10));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, FP_IO_BIO));
		dt_ir_emit(ir, DT_MOV64_IMM(4, BPF_ANY));
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_map_update_elem));
	}
	if (!start) {
		dt_ir_ja(ir, out);
	} else {
		dt_ir_emit(ir, DT_ST(BPF_W, 10, -4, IO_WAIT_START));
		dt_prov_dispatch(cg, out);
		dt_ir_ja(ir, args);
	}

	dt_ir_place(ir, ret);
	if (!done) {
		dt_ir_ja(ir, out);
	} else {
		io_thread_key(ir);
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_map_lookup_elem));
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, out);
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 0, 0));
		dt_ir_emit(ir, DT_STX(BPF_DW, 10, 1, FP_IO_BIO));
		dt_ir_ld_map(ir, 1, DT_MAP_THREAD);
		dt_ir_emit(ir, DT_MOV64_REG(2, 10));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 2, FP_IO_TID));
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_map_delete_elem));
		dt_ir_emit(ir, DT_ST(BPF_W, 10, -4, IO_WAIT_DONE));
		dt_prov_dispatch(cg, out);
	}

	dt_ir_place(ir, args);
	if (needs & DT_NEED_ARGS) {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_IO_BIO));
		for (int a = 0; a < DT_MAX_ARGS; a++) {
			if (a < 3)
				dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8 * a));
			else
				dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * a, 0));
		}
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	dt_prov_dispatch_out(cg, out);
	return true;
}

static bool
io_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	if (bp->group == IO_GROUP_WAIT)
		return io_prologue_wait(cg, bp, needs);
	return dt_tp_prologue(cg, bp, needs);
}

static int
io_attach_type(dt_handle_t *dtp, const struct dt_bpfprog *bp)
{
	return bp->group == IO_GROUP_WAIT ? dt_kprobe_attach_type(&io_kprobes) : 0;
}

static int
io_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	static const char *const func[] = {IO_WAIT_FUNC};
	static const uint64_t entry = 0, ret = 1;
	int rc;

	if (bp->group != IO_GROUP_WAIT)
		return dt_tp_attach(dtp, bp);
	rc = dt_kprobe_attach(dtp, &io_kprobes, bp, func, &entry, 1, false, "io");
	if (rc == 0 && io_enabled(bp, IO_WAIT_DONE))
		rc = dt_kprobe_attach(dtp, &io_kprobes, bp, func, &ret, 1, true, "io");
	return rc;
}

static void
io_detach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	if (bp->group == IO_GROUP_WAIT)
		dt_kprobe_detach(dtp, &io_kprobes, bp);
}

const dt_provider_ops_t dt_prov_io_ops = {
	.init = io_init,
	.provide = dt_tp_provide,
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.group = io_group,
	.prologue = io_prologue,
	.dispatch_key = dt_tp_dispatch_key,
	.ndispatch = DT_TP_MAXPROBES,
	.probe_info = dt_tp_probe_info,
	.attach = io_attach,
	.detach = io_detach,
	.attach_type = io_attach_type,
	.pattr = &dt_prov_pattr_isa,
};
