/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_pt_regs.c: probe arguments from the x86-64 struct pt_regs, for every provider whose
 * program's context is (or starts with) the registers of the traced code: kprobe and uprobe
 * programs (fbt, pid, usdt), perf events (profile), and the registers a syscall entry saved.
 *
 *   struct pt_regs (x86-64, as the kernel's UAPI header lays it out; 8 bytes each)
 *     0 r15   8 r14  16 r13  24 r12  32 bp   40 bx   48 r11  56 r10  64 r9   72 r8
 *    80 ax   88 cx   96 dx  104 si  112 di  120 orig_ax  128 ip  136 cs  144 flags
 *   152 sp  160 ss                                                        (168 bytes)
 *
 * Arguments, by the calling convention in force where the probe fires:
 *   function entry (SysV ABI)  di si dx cx r8 r9, then the stack: arg N (N >= 6) at
 *                              sp + 8 * (N - 5), above the return address at sp
 *   system call entry          di si dx r10 r8 r9 (the syscall instruction takes cx)
 *   function return            ax (the return value)
 */
#include "dt_provider.h"

static const int16_t dt_pt_regs_func[6] = {
	DT_PTREGS_DI, DT_PTREGS_SI, DT_PTREGS_DX, DT_PTREGS_CX, DT_PTREGS_R8, DT_PTREGS_R9,
};
static const int16_t dt_pt_regs_sys[6] = {
	DT_PTREGS_DI, DT_PTREGS_SI, DT_PTREGS_DX, DT_PTREGS_R10, DT_PTREGS_R8, DT_PTREGS_R9,
};

int
dt_pt_regs_arg(dt_callconv_t cc, int n)
{
	if (n < 0 || n >= 6)
		return -1;
	return cc == DT_CALLCONV_SYSCALL ? dt_pt_regs_sys[n] : dt_pt_regs_func[n];
}

int
dt_pt_regs_stack_arg(int n)
{
	return n < 6 ? -1 : 8 * (n - 5);
}

void
dt_pt_regs_load_args(dt_cg_t *cg, int regs, int nargs, bool user)
{
	dt_irbuf_t *ir = &cg->ir;

	for (int i = 0; i < DT_MAX_ARGS; i++) {
		int16_t dst = (int16_t)(DT_MST_ARGS + 8 * i);

		if (i >= nargs) {
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, dst, 0));
		} else if (i < 6) {
			dt_ir_emit(ir, DT_LDX(BPF_DW, 1, regs, (int16_t)dt_pt_regs_arg(
						      DT_CALLCONV_FUNC, i)));
			dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, dst));
		} else {
			/* from the traced code's stack; the read zeroes the value on a fault */
			dt_ir_emit(ir, DT_LDX(BPF_DW, 3, regs, DT_PTREGS_SP));
			dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, dt_pt_regs_stack_arg(i)));
			dt_ir_emit(ir, DT_MOV64_REG(1, 7));
			dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, dst));
			dt_ir_emit(ir, DT_MOV64_IMM(2, 8));
			dt_ir_emit(ir, DT_CALL(user ? BPF_FUNC_probe_read_user :
					       BPF_FUNC_probe_read_kernel));
		}
	}
}
