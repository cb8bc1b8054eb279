/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_provider.c: the provider interface without the kernel: probes are made when a
 * description asks for them (and only those), per-process providers get an instance per
 * process, and providers free their probes' data when the handle goes; the shared pt_regs
 * argument module against the kernel's UAPI layout of struct pt_regs.
 */
#include <stddef.h>
#include <asm/ptrace.h>

#include "providers/dt_provider.h"
#include "unit.h"

static int
count_probe(dt_probe_t *prp, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

static int
iter(dt_handle_t *dtp, const char *prov, const char *mod, const char *func, const char *name)
{
	int n = 0;

	UNIT_EQ_INT(dt_probe_iter(dtp, prov, mod, func, name, count_probe, &n), n);
	return n;
}

/* Nothing but the dtrace provider's probes exists before a description asks. */
UNIT_TEST(provide_lazily)
{
	dt_handle_t *dtp = dt_handle_new();

	UNIT_EQ_INT(dtp->probes.len, 4);	/* id 0, BEGIN, END, ERROR */
	UNIT_EQ_INT(iter(dtp, "syscall", "", "getpid", "entry"), 1);
	UNIT_EQ_INT(dtp->probes.len, 5);
	/* asked again: the same probe, not another */
	UNIT_EQ_INT(iter(dtp, "", "", "getpid", "entry"), 1);
	UNIT_EQ_INT(dtp->probes.len, 5);
	UNIT_EQ_INT(iter(dtp, "syscall", "vmlinux", "getpid", ""), 2);
	UNIT_EQ_INT(dtp->probes.len, 6);
	UNIT_TRUE(dtp->probes.data[4]->flags & DT_PRF_ENTRY);
	UNIT_TRUE(dtp->probes.data[5]->flags & DT_PRF_RETURN);
	UNIT_TRUE(dtp->probes.data[5]->flags & DT_PRF_BOUNDARY);
	UNIT_TRUE(dtp->probes.data[1]->flags & DT_PRF_BEGIN);
	UNIT_EQ_INT(iter(dtp, "syscall", "nosuchmod", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "profile", "", "", "tick-3ms"), 1);
	UNIT_EQ_INT(dtp->probes.len, 7);
	dt_handle_free(dtp);
}

/* An all-empty description makes every probe: what dtrace -l lists. */
UNIT_TEST(provide_all)
{
	dt_handle_t *dtp = dt_handle_new();
	int all = iter(dtp, "", "", "", "");

	UNIT_TRUE(all > 600);
	UNIT_EQ_INT((size_t)all, dtp->probes.len - 1);
	UNIT_EQ_INT(iter(dtp, "", "", "", ""), all);
	dt_handle_free(dtp);
}

static int test_destroyed;

static void
test_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	static const char *const funcs[] = {"main", "f"};

	for (size_t i = 0; i < DT_ARRAY_SIZE(funcs); i++) {
		bool made = false;

		if (!dt_glob_match(pd->func, funcs[i]) || !dt_glob_match(pd->name, "entry"))
			continue;
		for (size_t k = 1; k < dtp->probes.len; k++)
			made |= dtp->probes.data[k]->provider == pv &&
				strcmp(dtp->probes.data[k]->func, funcs[i]) == 0;
		if (!made) {
			int *pid = dt_xmalloc(sizeof(*pid));

			*pid = pv->pid;
			dt_probe_add(dtp, pv, "a.out", funcs[i], "entry", pid);
		}
	}
}

static void
test_probe_destroy(dt_handle_t *dtp, dt_probe_t *prp)
{
	test_destroyed++;
	free(prp->pdata);
}

static const dt_provider_ops_t test_ops = {
	.provide = test_provide,
	.probe_destroy = test_probe_destroy,
};

/* "utest1234" names the instance for process 1234, made on first use. */
UNIT_TEST(per_process)
{
	dt_handle_t *dtp = dt_handle_new();
	int nprov = dtp->nproviders;
	dt_probe_t *prp;

	dt_prov_register(dtp, "utest", &test_ops, DT_PROV_PER_PROCESS);
	/* the template has no probes of its own; a glob makes no instance */
	UNIT_EQ_INT(iter(dtp, "utest", "", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "utest*", "", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "utestx1", "", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "utest0", "", "", ""), 0);
	UNIT_EQ_INT(dtp->nproviders, nprov + 1);
	UNIT_EQ_INT(iter(dtp, "utest1234", "", "main", "entry"), 1);
	UNIT_EQ_INT(dtp->nproviders, nprov + 2);
	prp = dtp->probes.data[dtp->probes.len - 1];
	UNIT_EQ_STR(prp->prov, "utest1234");
	UNIT_EQ_INT(prp->provider->pid, 1234);
	UNIT_EQ_INT(*(int *)prp->pdata, 1234);
	/* the same instance again; another process gets its own */
	UNIT_EQ_INT(iter(dtp, "utest1234", "", "", ""), 2);
	UNIT_EQ_INT(iter(dtp, "utest99", "", "f", ""), 1);
	UNIT_EQ_INT(dtp->nproviders, nprov + 3);
	/* a glob matches the instances made so far */
	UNIT_EQ_INT(iter(dtp, "utest*", "", "", "entry"), 4);
	UNIT_EQ_INT(iter(dtp, "utest*", "", "main", ""), 2);
	test_destroyed = 0;
	dt_handle_free(dtp);
	UNIT_EQ_INT(test_destroyed, 4);
}

/* The offsets are the UAPI header's (an independent statement of the layout). */
UNIT_TEST(pt_regs_offsets)
{
	static const struct { int ours, uapi; } t[] = {
		{DT_PTREGS_R15, offsetof(struct pt_regs, r15)},
		{DT_PTREGS_BP, offsetof(struct pt_regs, rbp)},
		{DT_PTREGS_R10, offsetof(struct pt_regs, r10)},
		{DT_PTREGS_R9, offsetof(struct pt_regs, r9)},
		{DT_PTREGS_R8, offsetof(struct pt_regs, r8)},
		{DT_PTREGS_AX, offsetof(struct pt_regs, rax)},
		{DT_PTREGS_CX, offsetof(struct pt_regs, rcx)},
		{DT_PTREGS_DX, offsetof(struct pt_regs, rdx)},
		{DT_PTREGS_SI, offsetof(struct pt_regs, rsi)},
		{DT_PTREGS_DI, offsetof(struct pt_regs, rdi)},
		{DT_PTREGS_ORIG_AX, offsetof(struct pt_regs, orig_rax)},
		{DT_PTREGS_IP, offsetof(struct pt_regs, rip)},
		{DT_PTREGS_CS, offsetof(struct pt_regs, cs)},
		{DT_PTREGS_FLAGS, offsetof(struct pt_regs, eflags)},
		{DT_PTREGS_SP, offsetof(struct pt_regs, rsp)},
		{DT_PTREGS_SS, offsetof(struct pt_regs, ss)},
		{DT_PTREGS_SIZE, sizeof(struct pt_regs)},
	};
	static const int func[6] = {
		offsetof(struct pt_regs, rdi), offsetof(struct pt_regs, rsi),
		offsetof(struct pt_regs, rdx), offsetof(struct pt_regs, rcx),
		offsetof(struct pt_regs, r8), offsetof(struct pt_regs, r9),
	};

	for (size_t i = 0; i < DT_ARRAY_SIZE(t); i++)
		UNIT_EQ_INT(t[i].ours, t[i].uapi);
	for (int n = 0; n < 6; n++) {
		UNIT_EQ_INT(dt_pt_regs_arg(DT_CALLCONV_FUNC, n), func[n]);
		/* a system call takes its fourth argument in r10, the rest as a function */
		UNIT_EQ_INT(dt_pt_regs_arg(DT_CALLCONV_SYSCALL, n),
			    n == 3 ? (int)offsetof(struct pt_regs, r10) : func[n]);
		UNIT_EQ_INT(dt_pt_regs_stack_arg(n), -1);
	}
	UNIT_EQ_INT(dt_pt_regs_arg(DT_CALLCONV_FUNC, 6), -1);
	UNIT_EQ_INT(dt_pt_regs_arg(DT_CALLCONV_FUNC, -1), -1);
	/* above the return address */
	UNIT_EQ_INT(dt_pt_regs_stack_arg(6), 8);
	UNIT_EQ_INT(dt_pt_regs_stack_arg(7), 16);
}

/* The prologue code: registers read straight from the context, stack arguments copied. */
UNIT_TEST(pt_regs_load_args)
{
	dt_cg_t cg;
	const struct bpf_insn *in;
	size_t k = 0;

	memset(&cg, 0, sizeof(cg));
	dt_ir_init(&cg.ir);
	dt_pt_regs_load_args(&cg, 6, 8, true);
	in = cg.ir.insns;
	for (int i = 0; i < 6; i++) {
		UNIT_EQ_INT(in[k].code, BPF_LDX | BPF_DW | BPF_MEM);
		UNIT_EQ_INT(in[k].src_reg, 6);
		UNIT_EQ_INT(in[k].off, dt_pt_regs_arg(DT_CALLCONV_FUNC, i));
		UNIT_EQ_INT(in[k + 1].code, BPF_STX | BPF_DW | BPF_MEM);
		UNIT_EQ_INT(in[k + 1].dst_reg, 7);
		UNIT_EQ_INT(in[k + 1].off, DT_MST_ARGS + 8 * i);
		k += 2;
	}
	for (int i = 6; i < 8; i++) {
		UNIT_EQ_INT(in[k].code, BPF_LDX | BPF_DW | BPF_MEM);	/* r3 = sp */
		UNIT_EQ_INT(in[k].dst_reg, 3);
		UNIT_EQ_INT(in[k].off, DT_PTREGS_SP);
		UNIT_EQ_INT(in[k + 1].imm, 8 * (i - 5));		/* r3 += slot */
		UNIT_EQ_INT(in[k + 3].imm, DT_MST_ARGS + 8 * i);	/* r1 = r7 + dst */
		UNIT_EQ_INT(in[k + 4].imm, 8);				/* r2 = 8 */
		UNIT_EQ_INT(in[k + 5].code, BPF_JMP | BPF_CALL);
		UNIT_EQ_INT(in[k + 5].imm, BPF_FUNC_probe_read_user);
		k += 6;
	}
	for (int i = 8; i < DT_MAX_ARGS; i++) {
		UNIT_EQ_INT(in[k].code, BPF_ST | BPF_DW | BPF_MEM);
		UNIT_EQ_INT(in[k].off, DT_MST_ARGS + 8 * i);
		UNIT_EQ_INT(in[k].imm, 0);
		k++;
	}
	UNIT_EQ_INT(cg.ir.len, k);
	/* kernel stacks (kprobes) are read as the kernel's */
	dt_ir_fini(&cg.ir);
	memset(&cg, 0, sizeof(cg));
	dt_ir_init(&cg.ir);
	dt_pt_regs_load_args(&cg, 6, 7, false);
	UNIT_EQ_INT(cg.ir.insns[12 + 5].imm, BPF_FUNC_probe_read_kernel);
	dt_ir_fini(&cg.ir);
}

UNIT_MAIN()
