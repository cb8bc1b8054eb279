/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_syscall.c: the syscall provider: entry and return of every system call.
 *
 * Every syscall probe rides one of two raw tracepoints, sys_enter and sys_exit, and the
 * program dispatches on the syscall number (the runtime's dispatch map, keyed by number,
 * says which probe this is and which clauses want it).
 *
 * Why raw tracepoints: one perf-event tracepoint per syscall costs 70-105 ms each to detach
 * (a grace period per unregister; 30 s for 360 of them), a raw tracepoint about 0.2 ms; and an
 * empty program costs +18 ns per event on a raw tracepoint against +84 ns on a perf one.
 *
 * The probe list comes from the kernel UAPI syscall table compiled in at build time, so
 * listing and matching need no tracefs scan; probes are made only for the syscalls a
 * description names (or every one for a glob that matches them all).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../common/dt_ksyms.h"
#include "dt_provider.h"

#define SC_MAXNR 1024	/* dispatch map size: above every x86-64 syscall number */

enum { SC_ENTRY = 1, SC_RETURN = 2 };

/* pdata: the syscall number, kept in the pointer. */
#define SC_NR(prp) ((uint32_t)(uintptr_t)(prp)->pdata)

static const struct { const char *name; int nr; } sc_table[] = {
#define DT_SYSCALL(n, nr) {#n, nr},
#include "dt_syscalls_gen.h"
#undef DT_SYSCALL
};

/* pv->data: per table entry, its entry and return probes once made. */
typedef dt_probe_t *sc_made_t[2];

static void
syscall_make(dt_handle_t *dtp, dt_provider_t *pv, size_t i, const char *name)
{
	static const char *const names[2] = {"entry", "return"};
	sc_made_t *made = pv->data;

	for (int k = 0; k < 2; k++) {
		if (made[i][k] || !dt_glob_match(name, names[k]))
			continue;
		made[i][k] = dt_probe_add(dtp, pv, "vmlinux", sc_table[i].name, names[k],
					  (void *)(uintptr_t)sc_table[i].nr);
		made[i][k]->flags |= DT_PRF_BOUNDARY | DT_PRF_TASK;
	}
}

static void
syscall_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	if (!pv->data)
		pv->data = dt_arena_alloc(&dtp->arena, sizeof(sc_made_t) * DT_ARRAY_SIZE(sc_table));
	if (!dt_glob_match(pd->mod, "vmlinux"))
		return;
	for (size_t i = 0; i < DT_ARRAY_SIZE(sc_table); i++)
		if (dt_glob_match(pd->func, sc_table[i].name))
			syscall_make(dtp, pv, i, pd->name);
}

static int
syscall_group(const dt_probe_t *prp)
{
	return strcmp(prp->name, "entry") == 0 ? SC_ENTRY : SC_RETURN;
}

/*
 * The syscall argument registers (dt_pt_regs.c) lie in [r10, orig_ax) of struct pt_regs: the
 * prologue copies those 64 bytes with one probe read.
 */
#define PTREGS_COPY_OFF DT_PTREGS_R10
#define PTREGS_COPY_LEN (DT_PTREGS_ORIG_AX - DT_PTREGS_R10)

static bool
syscall_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir);
	bool entry = bp->group == SC_ENTRY;

	/* stack() starts at the syscall path: skip the clause's subprogram, this program,
	 * bpf_trace_run2 and the tracepoint's __bpf_trace_sys_enter/exit (seen on 6.18; the
	 * consumer drops any such frame that is left, should another kernel have more); the
	 * tracepoint's iterator too, which the kernel calls only when several programs are
	 * attached to the tracepoint (else it calls ours direct). */
	cg->stack_skip = 4;
	snprintf(cg->skip_sym, sizeof(cg->skip_sym), "%s",
		 entry ? "__traceiter_sys_enter" : "__traceiter_sys_exit");
	/* The syscall number: sys_enter passes it as args[1]; sys_exit has only regs. */
	if (entry) {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, 8));
		dt_ir_emit(ir, DT_STX(BPF_W, 10, 1, -4));
	} else {
		dt_ir_emit(ir, DT_MOV64_REG(1, 10));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, -8));
		dt_ir_emit(ir, DT_MOV64_IMM(2, 8));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 6, 0));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, DT_PTREGS_ORIG_AX));
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_probe_read_kernel));
		dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, out);
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, -8));
		dt_ir_emit(ir, DT_STX(BPF_W, 10, 1, -4));
	}
	dt_prov_dispatch(cg, out);

	if (entry && (needs & DT_NEED_ARGS)) {
		/* One probe read of the argument registers into the temporaries, then spread. */
		dt_ir_emit(ir, DT_MOV64_REG(1, 7));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, DT_MST_TEMP));
		dt_ir_emit(ir, DT_MOV64_IMM(2, PTREGS_COPY_LEN));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 6, 0));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, PTREGS_COPY_OFF));
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_probe_read_kernel));
		for (int i = 0; i < 6; i++) {
			dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7,
					      DT_MST_TEMP - PTREGS_COPY_OFF +
					      dt_pt_regs_arg(DT_CALLCONV_SYSCALL, i)));
			dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8 * i));
		}
		for (int i = 6; i < 10; i++)
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
		cg->temp_max = DT_MAX(cg->temp_max, (uint32_t)PTREGS_COPY_LEN);
	}
	if (!entry && (needs & (DT_NEED_ARGS | DT_NEED_ERRNO))) {
		/* arg0 = arg1 = the return value; errno = -ret for -4095..-1, else 0. */
		int ok = dt_ir_label(ir);

		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, 8));
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS));
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8));
		for (int i = 2; i < 10; i++)
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
		dt_ir_emit(ir, DT_MOV64_IMM(2, 0));
		dt_ir_jmp_imm(ir, BPF_JSGE, 1, 0, ok);
		dt_ir_jmp_imm(ir, BPF_JSLT, 1, -4095, ok);
		dt_ir_emit(ir, DT_MOV64_REG(2, 1));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_NEG, 2, 0));
		dt_ir_place(ir, ok);
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 2, DT_MST_ERRNO));
	} else if (entry && (needs & DT_NEED_ERRNO)) {
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	}

	dt_prov_dispatch_out(cg, out);
	return true;
}

static uint32_t
syscall_dispatch_key(const dt_probe_t *prp)
{
	return SC_NR(prp);
}

/*
 * args[] types: the syscall tracepoint's format in tracefs lists the arguments after the
 * common fields and __syscall_nr ("field:const char * filename; offset:24; ..."). Read only
 * when a program uses args[] (or -l -v asks), for that syscall alone. On return, args[0]
 * and args[1] are the return value (long).
 */
static int
syscall_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max)
{
	const char *tfs;
	char path[512], line[512];
	FILE *fp;
	int n = 0;

	if (prp->flags & DT_PRF_RETURN) {
		for (n = 0; n < 2 && n < max; n++)
			types[n] = "long";
		return n;
	}
	if (!(tfs = dt_tracefs()))
		return 0;
	snprintf(path, sizeof(path), "%s/events/syscalls/sys_enter_%s/format", tfs, prp->func);
	if (!(fp = fopen(path, "r")))
		return 0;
	while (n < max && fgets(line, sizeof(line), fp)) {
		char *f = strstr(line, "field:"), *semi, *name;

		if (!f || strstr(line, "common_") || strstr(line, "__syscall_nr"))
			continue;
		f += 6;
		if (!(semi = strchr(f, ';')))
			continue;
		*semi = '\0';
		/* the last word is the name; what is before it the type */
		name = semi;
		while (name > f && name[-1] != ' ' && name[-1] != '*')
			name--;
		while (name > f && name[-1] == ' ')
			name--;
		*name = '\0';
		types[n++] = dt_arena_strdup(&dtp->arena, f);
	}
	fclose(fp);
	return n;
}

static int
syscall_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	int fd = bpf_raw_tracepoint_open(bp->group == SC_ENTRY ? "sys_enter" : "sys_exit", bp->fd);

	if (fd < 0)
		return -errno;
	dt_vec_push(&bp->link_fds, fd);
	return 0;
}

/* The Solaris Dynamic Tracing Guide's stability table for the syscall provider */
static const dt_pattr_t syscall_pattr = {
	DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(UNSTABLE, UNSTABLE, ISA),
	DT_ATTR(EVOLVING, EVOLVING, COMMON),
	DT_ATTR(UNSTABLE, UNSTABLE, ISA),
};

const dt_provider_ops_t dt_prov_syscall_ops = {
	.pattr = &syscall_pattr,
	.provide = syscall_provide,
	.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT,
	.group = syscall_group,
	.prologue = syscall_prologue,
	.dispatch_key = syscall_dispatch_key,
	.ndispatch = SC_MAXNR,
	.probe_info = syscall_probe_info,
	.attach = syscall_attach,
};
