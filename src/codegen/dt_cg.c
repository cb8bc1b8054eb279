/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_cg.c: code generation for clauses: expressions, actions, aggregations.
 *
 * A tree walk that leaves every expression's value in r0: an integer, normalized to its D
 * type (sign- or zero-extended to 64 bits), or for strings a pointer to a NUL-terminated
 * buffer (string table, scratch temporaries, the probe-name map) or 0, DTrace's NULL string
 * (dt_cg_str.c). Binary operators spill the left operand to a stack slot while the right one
 * is computed, so helper calls inside operands are safe.
 *
 * A clause is:
 *
 *     [clause mask test]  [predicate]  [reserve record -> r8, header]
 *     statements (data go to r8 + item offset; aggregations update their maps)
 *     [submit record]
 *   fault:  discard record, emit a fault record        (faults jump here)
 *   skip:
 *
 * The record is reserved after the predicate so a false predicate costs no buffer space, and
 * submitted whole, so a fault never leaves a partial record.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bpf/libbpf.h>

#include "../common/dt_ksyms.h"
#include "../runtime/dt_runtime.h"
#include "dt_codegen.h"



/* Where a variable reference's storage is: its variable and, for maps, the key's place. */
typedef struct dt_lval {
	dt_var_t *v;		/* NULL: D memory (x.m, a[i]) at the address in stack slot koff */
	int kreg;		/* SELF: 10 (stack), ASSOC: 7 (scratch) */
	int32_t koff;
	const dt_type_t *mtype;	/* D memory: the type there */
	const dt_node_t *bitfield;	/* D memory: the MEMBER node when it is a bit-field */
} dt_lval_t;

static void dt_cg_lval(dt_cg_t *cg, dt_node_t *n, struct dt_lval *lv);
static void dt_cg_lval_load(dt_cg_t *cg, const struct dt_lval *lv);
static void dt_cg_assign(dt_cg_t *cg, dt_node_t *n);
static void dt_cg_kvalue(dt_cg_t *cg, dt_node_t *n);
static void dt_cg_dbits_load(dt_cg_t *cg, const dt_lval_t *lv);
static void dt_cg_dbits_store(dt_cg_t *cg, const dt_lval_t *lv, int slot);
static void dt_cg_var(dt_cg_t *cg, dt_node_t *n);
static void dt_cg_kread(dt_cg_t *cg, int32_t off, int size);
static void dt_cg_stack_flags(dt_cg_t *cg, int fmt);
static void dt_cg_dyn_addr(dt_cg_t *cg, dt_node_t *n);

void
dt_cg_fail(dt_cg_t *cg, const char *msg)
{
	if (cg->err)
		return;
	cg->err = msg;
	/* the node being generated (between clauses: none; dt_cg_program names the clause) */
	if (IR(cg)->loc)
		cg->err_loc = *IR(cg)->loc;
}

/* The BPF size of a load or store of "size" bytes (1, 2, 4 or 8). */
static int
dt_cg_bpf_size(uint32_t size)
{
	return size == 8 ? BPF_DW : size == 4 ? BPF_W : size == 2 ? BPF_H : BPF_B;
}

/* ---- temporaries ---------------------------------------------------------------------- */

int
dt_cg_push(dt_cg_t *cg)
{
	int off = FP_SPILL0 - cg->stack_depth;

	if (cg->stack_depth / 8 >= FP_MAXSPILL) {
		dt_cg_fail(cg, "expression too deeply nested");
		return off;
	}
	EMIT(cg, DT_STX(BPF_DW, 10, 0, off));
	cg->stack_depth += 8;
	cg->stack_max = DT_MAX(cg->stack_max, cg->stack_depth);
	return off;
}

void
dt_cg_pop(dt_cg_t *cg, int reg)
{
	cg->stack_depth -= 8;
	EMIT(cg, DT_LDX(BPF_DW, reg, 10, (FP_SPILL0 - cg->stack_depth)));
}

/* A scratch area in the per-CPU value, live until the end of the clause. */
uint32_t
dt_cg_temp(dt_cg_t *cg, uint32_t size)
{
	uint32_t off = DT_MST_TEMP + cg->temp_off;

	cg->temp_off += (uint32_t)DT_ALIGN(size, 8);
	cg->temp_max = DT_MAX(cg->temp_max, cg->temp_off);
	return off;
}

/* Zero [r7 + off, r7 + off + size). */
void
dt_cg_zero(dt_cg_t *cg, int base, uint32_t off, uint32_t size)
{
	for (uint32_t i = 0; i < size; i += 8)
		EMIT(cg, DT_ST(BPF_DW, base, (off + i), 0));
}

/* r = the probe id (u32) from the scratch value. */
void
dt_cg_prid(dt_cg_t *cg, int reg)
{
	EMIT(cg, DT_LDX(BPF_DW, reg, 7, DT_MST_PRID));
}

/* ---- types ---------------------------------------------------------------------------- */

static bool
dt_cg_is_str(const dt_node_t *n)
{
	return n->type && n->type->kind == DT_TYPE_STRING;
}

/* Truncate and extend reg to an integer type of size/signedness. */
void
dt_cg_normalize(dt_cg_t *cg, int reg, uint32_t size, bool is_signed)
{
	int sh = 64 - 8 * (int)size;

	if (size >= 8)
		return;
	if (!is_signed && size == 4) {
		EMIT(cg, DT_ALU32_REG(BPF_MOV, reg, reg));
		return;
	}
	EMIT(cg, DT_ALU64_IMM(BPF_LSH, reg, sh));
	EMIT(cg, DT_ALU64_IMM(is_signed ? BPF_ARSH : BPF_RSH, reg, sh));
}

void
dt_cg_conv(dt_cg_t *cg, int reg, const dt_type_t *from, const dt_type_t *to)
{
	if (!to || !from || to->kind != DT_TYPE_INT)
		return;
	if (to->size < from->size || (to->size == from->size && to->is_signed != from->is_signed))
		dt_cg_normalize(cg, reg, to->size, to->is_signed);
}

/* The common type of a comparison's operands (C's usual arithmetic conversions). */
static const dt_type_t *
dt_cg_common(dt_cg_t *cg, const dt_type_t *a, const dt_type_t *b)
{
	dt_compile_t *cc = NULL;
	uint32_t sa = DT_MAX(a->size, 4u), sb = DT_MAX(b->size, 4u);
	bool ua = a->size >= 4 && !a->is_signed, ub = b->size >= 4 && !b->is_signed;
	static dt_type_t t[4] = {
		{DT_TYPE_INT, "int", 4, true, NULL, 0, 0},
		{DT_TYPE_INT, "unsigned int", 4, false, NULL, 0, 0},
		{DT_TYPE_INT, "long", 8, true, NULL, 0, 0},
		{DT_TYPE_INT, "unsigned long", 8, false, NULL, 0, 0},
	};

	(void)cc;
	if (sa == sb)
		return &t[(sa == 8 ? 2 : 0) + ((ua || ub) ? 1 : 0)];
	if (sa > sb)
		return &t[2 + (ua ? 1 : 0)];
	return &t[2 + (ub ? 1 : 0)];
}

/* ---- kernel types --------------------------------------------------------------------- */

/*
 * Byte offset of member "mem" in the kernel's "struct sname", through anonymous members (the
 * kernel puts most of mm_struct in one), or -1. The compiler's BTF and types answer: one BTF
 * handle per compile, already loaded when sema read a kernel type.
 */
int
dt_cg_btf_offset(dt_cg_t *cg, const char *sname, const char *mem)
{
	const dt_type_t *t = dt_type_kstruct(cg->cc, sname);
	uint32_t off;

	if (!t || dt_type_member(cg->cc, t, mem, &off, NULL, NULL, NULL) < 0)
		return -1;
	return (int)off;
}

/* realtime - TAI, now: walltimestamp adds it to the kernel's TAI clock. */
int64_t
dt_cg_tai_to_real(void)
{
	struct timespec rt, tai;

	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_TAI, &tai);
	return ((int64_t)rt.tv_sec - tai.tv_sec) * 1000000000LL + (rt.tv_nsec - tai.tv_nsec);
}

/* ---- expressions ---------------------------------------------------------------------- */

/*
 * A fault: note its kind and where it happened (the statement number and the source
 * location, by index into the program's fault sites), then take the clause's fault path.
 * Predicates have a path of their own: no record is reserved yet there.
 */
void
dt_cg_fault(dt_cg_t *cg, int kind)
{
	uint64_t site = cg->prog->fault_sites.len;

	if (cg->in_lib) {
		/* the caller reports it, at its call (dt_cg_lib_call) */
		if (kind != DT_FAULT_BADADDR)
			dt_cg_fail(cg, "internal error: a library routine's fault is not a bad address");
		dt_cg_lib_fault(cg);
		return;
	}
	dt_vec_push(&cg->prog->fault_sites, cg->cur_loc);
	if (!dt_fault_has_value((unsigned)kind))
		EMIT(cg, DT_ST(BPF_DW, 7, DT_MST_FADDR, 0));	/* no address for these */
	dt_ir_ld_imm64(IR(cg), 1, dt_fault_word((unsigned)kind, (uint32_t)cg->cur_stmt,
						 (uint32_t)site));
	EMIT(cg, DT_STX(BPF_DW, 7, 1, DT_MST_FAULT));
	if (cg->cur_stmt == 0) {
		cg->pred_fault_used = true;
		dt_ir_ja(IR(cg), cg->pred_fault);
	} else {
		cg->fault_used = true;
		dt_ir_ja(IR(cg), cg->clause_fault);
	}
}

/*
 * r0 = the size-byte value at kernel address r0 + off, read through the stack with one probe
 * read (zero if the read fails: the built-in variables that use it read current's task).
 */
static void
dt_cg_kread(dt_cg_t *cg, int32_t off, int size)
{
	EMIT(cg, DT_MOV64_REG(3, 0));
	if (off)
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, off));
	EMIT(cg, DT_ST(BPF_DW, 10, FP_KEY, 0));
	EMIT(cg, DT_MOV64_REG(1, 10));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, FP_KEY));
	EMIT(cg, DT_MOV64_IMM(2, size));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	EMIT(cg, DT_LDX(dt_cg_bpf_size(size), 0, 10, FP_KEY));
}

/*
 * r0 = uregs[ix] (dt_consts.c numbers them): the user registers the kernel saved on entry
 * from user space at the top of the task's kernel stack (bpf_task_pt_regs: on a system call
 * entry, the very registers sys_enter passes), 0..20 in struct pt_regs's order; 21..25 from
 * the task's thread_struct. A kernel thread has none: an invalid address fault at 0, as in
 * DTrace.
 */
static void
dt_cg_uregs(dt_cg_t *cg, int ix)
{
	/* x86-64's thread_struct: es and ds are unsigned short, the rest unsigned long */
	static const struct { const char *mem; int size; } thr[] = {
		{"ds", 2}, {"es", 2}, {"fsbase", 8}, {"gsbase", 8}, {"trap_nr", 8},
	};
	int flags = dt_cg_btf_offset(cg, "task_struct", "flags");
	int user = dt_ir_label(IR(cg));

	if (flags < 0) {
		dt_cg_fail(cg, "uregs[ ] needs the kernel's BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
	dt_cg_kread(cg, flags, 4);
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 0, 0x00200000));	/* PF_KTHREAD */
	dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, user);
	EMIT(cg, DT_ST(BPF_DW, 7, DT_MST_FADDR, 0));
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	dt_ir_place(IR(cg), user);
	if (ix < 21) {
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_task_btf));
		EMIT(cg, DT_MOV64_REG(1, 0));
		EMIT(cg, DT_CALL(BPF_FUNC_task_pt_regs));
		dt_cg_kread(cg, 8 * ix, 8);
	} else {
		int th = dt_cg_btf_offset(cg, "task_struct", "thread");
		int m = dt_cg_btf_offset(cg, "thread_struct", thr[ix - 21].mem);

		if (th < 0 || m < 0) {
			dt_cg_fail(cg, "uregs[ ] needs the kernel's BTF (/sys/kernel/btf/vmlinux)");
			return;
		}
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
		dt_cg_kread(cg, th + m, thr[ix - 21].size);
	}
}

/*
 * r0 = __psargs, the current process's command line: the first 79 bytes of
 * [mm->arg_start, mm->arg_end) in user memory, the NULs between arguments turned into
 * spaces (PRARGSZ is 80). A task without an mm (a kernel thread) gets the empty string.
 */
static void
dt_cg_psargs(dt_cg_t *cg)
{
	dt_irbuf_t *ir = IR(cg);
	int mm = dt_cg_btf_offset(cg, "task_struct", "mm");
	int as = dt_cg_btf_offset(cg, "mm_struct", "arg_start");
	int ae = dt_cg_btf_offset(cg, "mm_struct", "arg_end");
	uint32_t off = dt_cg_temp(cg, 80);
	int empty = dt_ir_label(ir), loop = dt_ir_label(ir), done = dt_ir_label(ir);
	int keep = dt_ir_label(ir), ok = dt_ir_label(ir);

	if (mm < 0 || as < 0 || ae < 0) {
		dt_cg_fail(cg, "__psargs needs the kernel's BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	dt_cg_zero(cg, 7, off, 80);
	EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
	dt_cg_kread(cg, mm, 8);
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, empty);
	EMIT(cg, DT_MOV64_REG(9, 0));
	dt_cg_kread(cg, ae, 8);
	EMIT(cg, DT_STX(BPF_DW, 10, 0, FP_VAL));
	EMIT(cg, DT_MOV64_REG(0, 9));
	dt_cg_kread(cg, as, 8);
	/* r3 = start, r2 = min(end - start, 79) */
	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_LDX(BPF_DW, 2, 10, FP_VAL));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 2, 3));
	dt_ir_jmp_imm(ir, BPF_JSLE, 2, 0, empty);
	dt_ir_jmp_imm(ir, BPF_JLE, 2, 79, ok);
	EMIT(cg, DT_MOV64_IMM(2, 79));
	dt_ir_place(ir, ok);
	EMIT(cg, DT_STX(BPF_DW, 10, 2, FP_VAL));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_user));
	dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, empty);
	/* NULs before the last byte become spaces; the loop bound is a constant */
	EMIT(cg, DT_LDX(BPF_DW, 4, 10, FP_VAL));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 4, 1));
	EMIT(cg, DT_STX(BPF_DW, 10, 4, FP_VAL));
	EMIT(cg, DT_MOV64_IMM(3, 0));
	dt_ir_place(ir, loop);
	dt_ir_jmp_imm(ir, BPF_JGE, 3, 79, done);
	EMIT(cg, DT_LDX(BPF_DW, 4, 10, FP_VAL));
	dt_ir_jmp_reg(ir, BPF_JGE, 3, 4, done);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 3));
	EMIT(cg, DT_LDX(BPF_B, 2, 1, 0));
	dt_ir_jmp_imm(ir, BPF_JNE, 2, 0, keep);
	EMIT(cg, DT_ST(BPF_B, 1, 0, ' '));
	dt_ir_place(ir, keep);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	dt_ir_ja(ir, loop);
	dt_ir_place(ir, empty);
	dt_cg_zero(cg, 7, off, 8);
	dt_ir_place(ir, done);
	EMIT(cg, DT_ST(BPF_B, 7, (off + 79), 0));
	EMIT(cg, DT_MOV64_REG(0, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)off));
}

static void
dt_cg_var(dt_cg_t *cg, dt_node_t *n)
{
	int id = n->ident_id;

	if (id >= DT_VAR_ARG0 && id < DT_VAR_ARG0 + 10) {
		EMIT(cg, DT_LDX(BPF_DW, 0, 7, (DT_MST_ARGS + 8 * (id - DT_VAR_ARG0))));
		return;
	}
	switch (id) {
	case DT_VAR_PID:
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_pid_tgid));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 0, 32));
		return;
	case DT_VAR_TID:
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_pid_tgid));
		EMIT(cg, DT_ALU32_REG(BPF_MOV, 0, 0));
		return;
	case DT_VAR_UID:
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_uid_gid));
		EMIT(cg, DT_ALU32_REG(BPF_MOV, 0, 0));
		return;
	case DT_VAR_GID:
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_uid_gid));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 0, 32));
		return;
	case DT_VAR_TIMESTAMP: {
		/* the firing's first reading, kept in the scratch value (DT_MST_TSTAMP) */
		int have = dt_ir_label(IR(cg));

		EMIT(cg, DT_LDX(BPF_DW, 0, 7, DT_MST_TSTAMP));
		dt_ir_jmp_imm(IR(cg), BPF_JNE, 0, 0, have);
		EMIT(cg, DT_CALL(BPF_FUNC_ktime_get_ns));
		EMIT(cg, DT_STX(BPF_DW, 7, 0, DT_MST_TSTAMP));
		dt_ir_place(IR(cg), have);
		return;
	}
	case DT_VAR_CPU:
		EMIT(cg, DT_CALL(BPF_FUNC_get_smp_processor_id));
		return;
	case DT_VAR_ERRNO:
		EMIT(cg, DT_LDX(BPF_DW, 0, 7, DT_MST_ERRNO));
		return;
	case DT_VAR_CURTHREAD:
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
		return;
	case DT_VAR_WALLTIMESTAMP:
		/* The kernel's TAI clock is realtime plus the TAI offset (37 s since 2017):
		 * the consumer's realtime/TAI difference, measured when the code is made, maps
		 * it back. */
		EMIT(cg, DT_CALL(BPF_FUNC_ktime_get_tai_ns));
		dt_cg_int(cg, 1, (uint64_t)dt_cg_tai_to_real());
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 0, 1));
		return;
	case DT_VAR_VTIMESTAMP: {
		/* on-CPU time of this thread: current->se.sum_exec_runtime */
		int se = dt_cg_btf_offset(cg, "task_struct", "se");
		int rt = dt_cg_btf_offset(cg, "sched_entity", "sum_exec_runtime");

		if (se < 0 || rt < 0) {
			dt_cg_fail(cg, "vtimestamp needs the kernel's BTF (/sys/kernel/btf/vmlinux)");
			return;
		}
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
		dt_cg_kread(cg, se + rt, 8);
		return;
	}
	case DT_VAR_PSARGS:
		dt_cg_psargs(cg);
		return;
	case DT_VAR_STACKDEPTH: case DT_VAR_USTACKDEPTH: {
		/* the frames bpf_get_stack finds, into a scratch buffer of 127 frames */
		uint32_t off = dt_cg_temp(cg, 127 * 8);
		int ok = dt_ir_label(IR(cg));

		if (id == DT_VAR_STACKDEPTH && cg->in_consumer) {
			/* BEGIN, END and ERROR fire in no kernel code of their own: the
			 * consumer's system call is not their stack (DTrace: 0) */
			EMIT(cg, DT_MOV64_IMM(0, 0));
			return;
		}
		dt_cg_stack_flags(cg, id == DT_VAR_USTACKDEPTH ? DT_RECFMT_USTACK
							: DT_RECFMT_STACK);
		EMIT(cg, DT_MOV64_REG(1, 6));
		EMIT(cg, DT_MOV64_REG(2, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, (int32_t)off));
		EMIT(cg, DT_MOV64_IMM(3, 127 * 8));
		EMIT(cg, DT_CALL(BPF_FUNC_get_stack));
		dt_ir_jmp_imm(IR(cg), BPF_JSGE, 0, 0, ok);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		dt_ir_place(IR(cg), ok);
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 0, 3));
		return;
	}
	case DT_VAR_CALLER: case DT_VAR_UCALLER: {
		/*
		 * The second frame of the kernel (user) stack, as DTrace on Linux takes it: the
		 * first is where the probe fired (in the function that fires the tracepoint, or
		 * the user PC), the second where that function was called from. The helper
		 * zeroes what it does not fill, so no second frame reads 0.
		 */
		uint32_t off = dt_cg_temp(cg, 16);

		dt_cg_stack_into(cg, id == DT_VAR_CALLER ? DT_RECFMT_STACK : DT_RECFMT_USTACK, 7,
				 (int32_t)off, 16);
		EMIT(cg, DT_LDX(BPF_DW, 0, 7, (off + 8)));
		return;
	}
	case DT_VAR_UREGS:
		dt_cg_uregs(cg, n->ureg);
		return;
	case DT_VAR_ID: case DT_VAR_EPID:
		dt_cg_prid(cg, 0);
		return;
	case DT_VAR_PPID: {
		/* current->real_parent->tgid, read with two probe reads through the stack. */
		int parent = dt_cg_btf_offset(cg, "task_struct", "real_parent");
		int tgid = dt_cg_btf_offset(cg, "task_struct", "tgid");

		if (parent < 0 || tgid < 0) {
			dt_cg_fail(cg, "ppid needs the kernel's BTF (/sys/kernel/btf/vmlinux)");
			return;
		}
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
		dt_cg_kread(cg, parent, 8);
		dt_cg_kread(cg, tgid, 4);
		dt_cg_normalize(cg, 0, 4, true);
		return;
	}
	case DT_VAR_EXECNAME: {
		uint32_t off = dt_cg_temp(cg, 16);

		EMIT(cg, DT_MOV64_REG(1, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
		EMIT(cg, DT_MOV64_IMM(2, 16));
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_comm));
		EMIT(cg, DT_MOV64_REG(0, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)off));
		return;
	}
	case DT_VAR_PROBEPROV: case DT_VAR_PROBEMOD: case DT_VAR_PROBEFUNC:
	case DT_VAR_PROBENAME: {
		static const int field[] = {DT_PRB_PROV, DT_PRB_MOD, DT_PRB_FUNC, DT_PRB_NAME};

		dt_cg_prid(cg, 1);
		EMIT(cg, DT_STX(BPF_W, 10, 1, FP_KEY));
		dt_ir_ld_map(IR(cg), 1, DT_MAP_PROBES);
		EMIT(cg, DT_MOV64_REG(2, 10));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, FP_KEY));
		EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
		{
			int ok = dt_ir_label(IR(cg));

			dt_ir_jmp_imm(IR(cg), BPF_JNE, 0, 0, ok);
			dt_cg_fault(cg, DT_FAULT_BADADDR);
			dt_ir_place(IR(cg), ok);
		}
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, field[id - DT_VAR_PROBEPROV]));
		return;
	}
	default:
		dt_cg_fail(cg, "unknown built-in variable");
		return;
	}
}

void
dt_cg_int(dt_cg_t *cg, int reg, uint64_t v)
{
	if ((int64_t)v >= INT32_MIN && (int64_t)v <= INT32_MAX)
		EMIT(cg, DT_MOV64_IMM(reg, (int32_t)v));
	else
		dt_ir_ld_imm64(IR(cg), reg, v);
}

/* r0 = (r1 OP r0) for a comparison jump op; 1 or 0. */
void
dt_cg_setcc(dt_cg_t *cg, int jop, int dst, int src)
{
	int yes = dt_ir_label(IR(cg)), done = dt_ir_label(IR(cg));

	dt_ir_jmp_reg(IR(cg), jop, dst, src, yes);
	EMIT(cg, DT_MOV64_IMM(0, 0));
	dt_ir_ja(IR(cg), done);
	dt_ir_place(IR(cg), yes);
	EMIT(cg, DT_MOV64_IMM(0, 1));
	dt_ir_place(IR(cg), done);
}

static int
dt_cg_cmp_op(dt_tok_kind_t op, bool is_signed)
{
	switch (op) {
	case TOK_EQ: return BPF_JEQ;
	case TOK_NE: return BPF_JNE;
	case TOK_LT: return is_signed ? BPF_JSLT : BPF_JLT;
	case TOK_LE: return is_signed ? BPF_JSLE : BPF_JLE;
	case TOK_GT: return is_signed ? BPF_JSGT : BPF_JGT;
	case TOK_GE: return is_signed ? BPF_JSGE : BPF_JGE;
	default: return BPF_JEQ;
	}
}

static void dt_cg_arith(dt_cg_t *cg, int op, const dt_type_t *t);

/*
 * r1 = r1 / r0 (or r1 % r0) as signed 64-bit values, r0 != 0; clobbers r2. BPF's signed
 * division (sdiv, smod) is a v4 instruction that kernels before 6.6 refuse ("BPF_ALU uses
 * reserved fields": Debian 12's 6.1, RHEL 9's 5.14), so it is done unsigned on the
 * magnitudes: C's truncation toward zero, the remainder with the sign of the quotient as
 * DTrace gives it (not the dividend's), and INT64_MIN / -1 = INT64_MIN as sdiv gives.
 */
static void
dt_cg_sdivmod(dt_cg_t *cg, bool mod)
{
	dt_irbuf_t *ir = IR(cg);
	int apos = dt_ir_label(ir), bpos = dt_ir_label(ir), done = dt_ir_label(ir);

	/* r2's sign bit: the result's, the operands' xor, for % too as DTrace gives it
	 * (19 % -5 is -4 there, not C's 4) */
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_REG(BPF_XOR, 2, 0));
	dt_ir_jmp_imm(ir, BPF_JSGE, 1, 0, apos);
	EMIT(cg, DT_ALU64_IMM(BPF_NEG, 1, 0));
	dt_ir_place(ir, apos);
	dt_ir_jmp_imm(ir, BPF_JSGE, 0, 0, bpos);
	EMIT(cg, DT_ALU64_IMM(BPF_NEG, 0, 0));
	dt_ir_place(ir, bpos);
	EMIT(cg, DT_ALU64_REG(mod ? BPF_MOD : BPF_DIV, 1, 0));
	dt_ir_jmp_imm(ir, BPF_JSGE, 2, 0, done);
	EMIT(cg, DT_ALU64_IMM(BPF_NEG, 1, 0));
	dt_ir_place(ir, done);
}

static void
dt_cg_binary(dt_cg_t *cg, dt_node_t *n)
{
	dt_node_t *l = n->left, *r = n->right;
	const dt_type_t *t = n->type;
	bool is_cmp = n->op == TOK_EQ || n->op == TOK_NE || n->op == TOK_LT || n->op == TOK_LE ||
		      n->op == TOK_GT || n->op == TOK_GE;

	if (is_cmp && dt_cg_is_str(l)) {
		dt_cg_strcmp(cg, l, r);
		EMIT(cg, DT_MOV64_IMM(1, 0));
		dt_cg_setcc(cg, dt_cg_cmp_op(n->op, true), 0, 1);
		return;
	}
	if (n->ptrarith != DT_PTRARITH_NONE) {
		/* pointer arithmetic: scale the integer side, or divide a pointer difference */
		bool lptr = dt_type_resolve(l->type)->kind == DT_TYPE_PTR;
		bool diff = n->ptrarith == DT_PTRARITH_DIFF;
		int64_t esz = n->scale;

		dt_cg_expr(cg, l);
		if (!diff && !lptr && esz > 1)
			EMIT(cg, DT_ALU64_IMM(BPF_MUL, 0, (int32_t)esz));
		dt_cg_push(cg);
		dt_cg_expr(cg, r);
		if (!diff && lptr && esz > 1)
			EMIT(cg, DT_ALU64_IMM(BPF_MUL, 0, (int32_t)esz));
		dt_cg_pop(cg, 1);
		EMIT(cg, DT_ALU64_REG(n->op == TOK_PLUS ? BPF_ADD : BPF_SUB, 1, 0));
		if (diff && esz > 1) {
			EMIT(cg, DT_MOV64_IMM(0, (int32_t)esz));
			dt_cg_sdivmod(cg, false);
		}
		EMIT(cg, DT_MOV64_REG(0, 1));
		return;
	}
	if (is_cmp)
		t = dt_cg_common(cg, l->type, r->type);
	dt_cg_expr(cg, l);
	dt_cg_conv(cg, 0, l->type, t);
	dt_cg_push(cg);
	dt_cg_expr(cg, r);
	if (n->op != TOK_SHL && n->op != TOK_SHR)
		dt_cg_conv(cg, 0, r->type, t);
	dt_cg_pop(cg, 1);
	/* now r1 = left, r0 = right */
	if (is_cmp) {
		dt_cg_setcc(cg, dt_cg_cmp_op(n->op, t->is_signed), 1, 0);
		return;
	}
	dt_cg_arith(cg, n->op, t);
}

static void
dt_cg_arith(dt_cg_t *cg, int op, const dt_type_t *t)
{
	switch (op) {
	case TOK_PLUS: EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 0)); break;
	case TOK_MINUS: EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 0)); break;
	case TOK_STAR: EMIT(cg, DT_ALU64_REG(BPF_MUL, 1, 0)); break;
	case TOK_AMP: EMIT(cg, DT_ALU64_REG(BPF_AND, 1, 0)); break;
	case TOK_PIPE: EMIT(cg, DT_ALU64_REG(BPF_OR, 1, 0)); break;
	case TOK_CARET: EMIT(cg, DT_ALU64_REG(BPF_XOR, 1, 0)); break;
	case TOK_SHL: EMIT(cg, DT_ALU64_REG(BPF_LSH, 1, 0)); break;
	case TOK_SHR:
		EMIT(cg, DT_ALU64_REG(t->is_signed ? BPF_ARSH : BPF_RSH, 1, 0));
		break;
	case TOK_SLASH: case TOK_PERCENT: {
		int ok = dt_ir_label(IR(cg));

		dt_ir_jmp_imm(IR(cg), BPF_JNE, 0, 0, ok);
		dt_cg_fault(cg, DT_FAULT_DIVZERO);
		dt_ir_place(IR(cg), ok);
		if (t->is_signed)
			dt_cg_sdivmod(cg, op == TOK_PERCENT);
		else
			EMIT(cg, DT_ALU64_REG(op == TOK_SLASH ? BPF_DIV : BPF_MOD, 1, 0));
		break;
	}
	default:
		dt_cg_fail(cg, "unsupported binary operator");
		break;
	}
	EMIT(cg, DT_MOV64_REG(0, 1));
	/* DTrace wraps an unsigned result at its type's width; a signed one keeps its 64 bits
	 * until stored or cast (int i; i * i / i is i for i = 100000) */
	if (!t->is_signed)
		dt_cg_normalize(cg, 0, t->size, false);
}

static void
dt_cg_logical(dt_cg_t *cg, dt_node_t *n)
{
	dt_irbuf_t *ir = IR(cg);
	int f = dt_ir_label(ir), t = dt_ir_label(ir), done = dt_ir_label(ir);

	switch (n->op) {
	case TOK_ANDAND:
		dt_cg_expr(cg, n->left);
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, f);
		dt_cg_expr(cg, n->right);
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, f);
		break;
	case TOK_OROR:
		dt_cg_expr(cg, n->left);
		dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, t);
		dt_cg_expr(cg, n->right);
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, f);
		break;
	default: /* ^^: both sides, always */
		dt_cg_expr(cg, n->left);
		EMIT(cg, DT_MOV64_REG(1, 0));
		EMIT(cg, DT_MOV64_IMM(2, 0));
		dt_cg_setcc(cg, BPF_JNE, 1, 2);
		dt_cg_push(cg);
		dt_cg_expr(cg, n->right);
		EMIT(cg, DT_MOV64_REG(1, 0));
		EMIT(cg, DT_MOV64_IMM(2, 0));
		dt_cg_setcc(cg, BPF_JNE, 1, 2);
		dt_cg_pop(cg, 1);
		EMIT(cg, DT_ALU64_REG(BPF_XOR, 0, 1));
		dt_ir_place(ir, f);
		dt_ir_place(ir, t);
		dt_ir_place(ir, done);
		return;
	}
	dt_ir_place(ir, t);
	EMIT(cg, DT_MOV64_IMM(0, 1));
	dt_ir_ja(ir, done);
	dt_ir_place(ir, f);
	EMIT(cg, DT_MOV64_IMM(0, 0));
	dt_ir_place(ir, done);
}

static void
dt_cg_expr_node(dt_cg_t *cg, dt_node_t *n)
{
	switch (n->kind) {
	case DT_NODE_INT:
		dt_cg_int(cg, 0, n->type && n->type->size < 8 && !n->type->is_signed ?
					 (uint32_t)n->ival : n->ival);
		return;
	case DT_NODE_STRING:
		if (n->null_str)
			EMIT(cg, DT_MOV64_IMM(0, 0));
		else
			dt_ir_ld_mapval(IR(cg), 0, DT_MAP_STRTAB,
					dt_cg_strtab(cg, n->text, n->textlen));
		return;
	case DT_NODE_INDEX:
		if (n->ident_kind == DT_IDENT_KINDEX) {
			dt_cg_kvalue(cg, n);
			return;
		}
		if (n->ident_kind == DT_IDENT_VAR) {
			/* args[N]: argN in its declared type */
			const dt_type_t *t = dt_type_resolve(n->type);

			dt_cg_var(cg, n);
			if (t->kind == DT_TYPE_INT)
				dt_cg_normalize(cg, 0, t->size, t->is_signed);
			return;
		}
		/* fall through */
	case DT_NODE_IDENT: case DT_NODE_SELF: case DT_NODE_THIS:
		if (n->ident_kind == DT_IDENT_INLINE) {
			dt_cg_expr(cg, n->left);
			dt_cg_conv(cg, 0, n->left->type, n->type);
			return;
		}
		if (n->ident_kind == DT_IDENT_DVAR) {
			struct dt_lval lv;
			const dt_type_t *t = dt_type_resolve(n->type);

			if (t->kind == DT_TYPE_ARRAY) {
				dt_cg_kaddr(cg, n);	/* an array is its address */
				return;
			}
			if (t->kind == DT_TYPE_STRUCT || t->kind == DT_TYPE_UNION) {
				dt_cg_fail(cg, "struct and union values can only be used through "
					   "their members");
				return;
			}
			dt_cg_lval(cg, n, &lv);
			dt_cg_lval_load(cg, &lv);
			return;
		}
		dt_cg_var(cg, n);
		return;
	case DT_NODE_ASSIGN: case DT_NODE_POSTFIX:
		dt_cg_assign(cg, n);
		return;
	case DT_NODE_CALL:
		if (n->ident_kind == DT_IDENT_VALFN) {
			/* func(), sym(), mod(): the address itself; it prints symbolized */
			dt_cg_expr(cg, n->list.data[0]);
			return;
		}
		dt_cg_subr(cg, n);
		return;
	case DT_NODE_MEMBER:
		dt_cg_kvalue(cg, n);
		return;
	case DT_NODE_CAST:
		dt_cg_expr(cg, n->left);
		if (dt_type_resolve(n->type)->kind != DT_TYPE_VOID)
			dt_cg_normalize(cg, 0, n->type->size, n->type->is_signed);
		return;
	case DT_NODE_STRINGOF:
		dt_cg_expr(cg, n->left);
		if (n->left->type->kind != DT_TYPE_STRING) {
			/* stringof(address): the kernel string there */
			EMIT(cg, DT_MOV64_REG(3, 0));
			dt_cg_copystr(cg, dt_cg_temp(cg, cg->strsize), -1, cg->strsize,
				      BPF_FUNC_probe_read_kernel_str);
		}
		return;
	case DT_NODE_BINARY:
		dt_cg_binary(cg, n);
		return;
	case DT_NODE_LOGICAL:
		dt_cg_logical(cg, n);
		return;
	case DT_NODE_UNARY:
		if (n->op == TOK_INC || n->op == TOK_DEC) {
			dt_cg_assign(cg, n);
			return;
		}
		if (n->op == TOK_STAR) {
			dt_cg_kvalue(cg, n);
			return;
		}
		if (n->op == TOK_AMP) {
			dt_cg_kaddr(cg, n->left);
			return;
		}
		dt_cg_expr(cg, n->left);
		switch (n->op) {
		case TOK_MINUS:
			EMIT(cg, DT_ALU64_IMM(BPF_NEG, 0, 0));
			break;
		case TOK_TILDE:
			EMIT(cg, DT_ALU64_IMM(BPF_XOR, 0, -1));
			break;
		case TOK_BANG:
			EMIT(cg, DT_MOV64_REG(1, 0));
			EMIT(cg, DT_MOV64_IMM(2, 0));
			dt_cg_setcc(cg, BPF_JEQ, 1, 2);
			return;
		default:
			break;
		}
		if (n->type)
			dt_cg_normalize(cg, 0, n->type->size, n->type->is_signed);
		return;
	case DT_NODE_TERNARY: {
		int els = dt_ir_label(IR(cg)), done = dt_ir_label(IR(cg));

		dt_cg_expr(cg, n->cond);
		dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, els);
		dt_cg_expr(cg, n->left);
		dt_cg_conv(cg, 0, n->left->type, n->type);
		dt_ir_ja(IR(cg), done);
		dt_ir_place(IR(cg), els);
		dt_cg_expr(cg, n->right);
		dt_cg_conv(cg, 0, n->right->type, n->type);
		dt_ir_place(IR(cg), done);
		return;
	}
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_DECL: case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY: case DT_NODE_AGG:
	case DT_NODE_MACRO: case DT_NODE_SYMBOL: case DT_NODE_SIZEOF: case DT_NODE_OFFSETOF:
	case DT_NODE_XLATE: case DT_NODE_TYPENAME: case DT_NODE_COUNT:
		/* semantic analysis rewrites these (sizeof is a constant, a macro its value,
		 * ...) or rejects them: reaching here is a compiler bug, said as one */
		dt_cg_fail(cg, "internal error: an expression that semantic analysis did not "
			   "resolve reached code generation");
		return;
	}
}

/* gen(n), the instructions it emits pointing at n (its subexpressions' at them). */
static void
dt_cg_at(dt_cg_t *cg, dt_node_t *n, void (*gen)(dt_cg_t *, dt_node_t *))
{
	const dt_loc_t *outer = IR(cg)->loc;

	IR(cg)->loc = &n->loc;
	gen(cg, n);
	IR(cg)->loc = outer;
}

void
dt_cg_expr(dt_cg_t *cg, dt_node_t *n)
{
	dt_loc_t at = cg->cur_loc;

	dt_cg_at(cg, n, dt_cg_expr_node);
	if (n->str_deref)
		dt_cg_str_nonnull(cg, n, &at);
}

/* ---- variables ------------------------------------------------------------------------ */


static int
dt_cg_dynmap(dt_cg_t *cg, const dt_var_t *v)
{
	return DT_NMAPS_FIXED + cg->prog->naggs + v->dynid;
}

/*
 * dynvarsize is one pool for every thread-local and associative variable, as in DTrace: the
 * state word DT_ST_DYNVARS counts the elements that exist, and a new element takes a place
 * (dt_cg_dyn_take) of the dynvarsize / dyn_elem_max places there are, or is a dynamic
 * variable drop (dt_cg_dyn_drop); deleting one gives its place back (dt_cg_dyn_give).
 */
static uint64_t
dt_cg_dyn_places(dt_cg_t *cg)
{
	return cg->dtp->opts.dynvarsize / DT_MAX(cg->prog->dyn_elem_max, 1);
}

/* state[DT_ST_DYNVARS] += r2, atomically; r0 and r2-r5 stay. */
static void
dt_cg_dyn_count(dt_cg_t *cg, bool fetch)
{
	dt_ir_ld_mapval(IR(cg), 1, DT_MAP_STATE, DT_ST_DYNVARS);
	EMIT(cg, dt_insn(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_ADD | (fetch ? BPF_FETCH : 0)));
}

/* A place for a new element, or (none left) to drop. */
static void
dt_cg_dyn_take(dt_cg_t *cg, int drop)
{
	int ok = dt_ir_label(IR(cg));

	EMIT(cg, DT_MOV64_IMM(2, 1));
	dt_cg_dyn_count(cg, true);
	dt_cg_int(cg, 3, dt_cg_dyn_places(cg));
	dt_ir_jmp_reg(IR(cg), BPF_JLT, 2, 3, ok);
	EMIT(cg, DT_MOV64_IMM(2, -1));
	dt_cg_dyn_count(cg, false);
	dt_ir_ja(IR(cg), drop);
	dt_ir_place(IR(cg), ok);
}

/* A place back to the pool: an element deleted, or a new one not made after all. */
void
dt_cg_dyn_give(dt_irbuf_t *ir)
{
	dt_ir_emit(ir, DT_MOV64_IMM(2, -1));
	dt_ir_ld_mapval(ir, 1, DT_MAP_STATE, DT_ST_DYNVARS);
	dt_ir_emit(ir, dt_insn(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_ADD));
}

/*
 * A dynamic variable drop: counted, and the clause ends there without its record, as in
 * DTrace on Linux (a clause cannot go on with a variable it could not make).
 */
static void
dt_cg_dyn_drop(dt_cg_t *cg)
{
	dt_cg_stat_inc(cg, DT_STAT_DYNDROPS);
	if (cg->cur_stmt == 0 || !cg->clause || !cg->clause->has_record) {
		dt_ir_ja(IR(cg), cg->clause_exit);
		return;
	}
	cg->drop_used = true;
	dt_ir_ja(IR(cg), cg->clause_drop);
}

/* map_update_elem(v's map, lv's key, vreg + voff, flags): r0 its result. */
static void
dt_cg_dyn_update(dt_cg_t *cg, const dt_lval_t *lv, int vreg, int32_t voff, int flags)
{
	dt_ir_ld_map(IR(cg), 1, dt_cg_dynmap(cg, lv->v));
	EMIT(cg, DT_MOV64_REG(2, lv->kreg));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, lv->koff));
	EMIT(cg, DT_MOV64_REG(3, vreg));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, voff));
	EMIT(cg, DT_MOV64_IMM(4, flags));
	EMIT(cg, DT_CALL(BPF_FUNC_map_update_elem));
}

/*
 * Store the value at vreg + voff into lv's element: in place when it exists, else as a new
 * element that takes a place of the pool (when another CPU made it meanwhile, in place).
 * When the pool cannot run out before the maps (dyn_pooled false), one update does it and
 * a full map is the drop.
 */
static void
dt_cg_dyn_store(dt_cg_t *cg, const dt_lval_t *lv, int vreg, int32_t voff)
{
	dt_irbuf_t *ir = IR(cg);
	int done = dt_ir_label(ir), drop;

	if (!cg->prog->dyn_pooled) {
		dt_cg_dyn_update(cg, lv, vreg, voff, BPF_ANY);
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, done);
		dt_cg_dyn_drop(cg);
		dt_ir_place(ir, done);
		return;
	}
	drop = dt_ir_label(ir);
	dt_cg_dyn_update(cg, lv, vreg, voff, BPF_EXIST);
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, done);
	dt_cg_dyn_take(cg, drop);
	dt_cg_dyn_update(cg, lv, vreg, voff, BPF_NOEXIST);
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, done);
	dt_cg_dyn_give(ir);
	dt_cg_dyn_update(cg, lv, vreg, voff, BPF_EXIST);
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, done);
	dt_ir_place(ir, drop);
	dt_cg_dyn_drop(cg);
	dt_ir_place(ir, done);
}

/* Delete lv's element, if any (its place back to the pool). */
static void
dt_cg_dyn_delete(dt_cg_t *cg, const dt_lval_t *lv)
{
	int none;

	dt_ir_ld_map(IR(cg), 1, dt_cg_dynmap(cg, lv->v));
	EMIT(cg, DT_MOV64_REG(2, lv->kreg));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, lv->koff));
	EMIT(cg, DT_CALL(BPF_FUNC_map_delete_elem));
	if (!cg->prog->dyn_pooled)
		return;
	none = dt_ir_label(IR(cg));
	dt_ir_jmp_imm(IR(cg), BPF_JNE, 0, 0, none);
	dt_cg_dyn_give(IR(cg));
	dt_ir_place(IR(cg), none);
}

/* Build what addressing the variable needs: the thread key, or the tuple key. */
static void dt_cg_bytes_into(dt_cg_t *cg, int base, int32_t off, uint32_t size);

static void
dt_cg_lval(dt_cg_t *cg, dt_node_t *n, struct dt_lval *lv)
{
	if (n->ident_kind != DT_IDENT_DVAR) {
		/* D memory, or through a pointer the clause's scratch space: its address, kept
		 * on the stack while the value is computed */
		lv->v = NULL;
		lv->mtype = n->type;
		/* a string's room: a char array's length, or strsize bytes through a string * */
		lv->kreg = (int)(n->char_array ? n->char_array : dt_type_resolve(n->type)->size);
		lv->bitfield = n->kind == DT_NODE_MEMBER && n->bf_width ? n : NULL;
		cg->dmem_store = true;
		dt_cg_kaddr(cg, n);
		cg->dmem_store = false;
		if (!dt_cg_is_dmem(cg, n))
			dt_cg_scratch_ptr(cg, (uint32_t)lv->kreg);
		lv->koff = dt_cg_push(cg);
		return;
	}
	lv->v = cg->prog->vars.data[n->ident_id];
	switch (lv->v->kind) {
	case DT_VK_GLOBAL: case DT_VK_THIS:
		return;
	case DT_VK_SELF:
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_pid_tgid));
		EMIT(cg, DT_STX(BPF_DW, 10, 0, FP_TID));
		lv->kreg = 10;
		lv->koff = FP_TID;
		return;
	case DT_VK_ASSOC: {
		uint32_t koff = dt_cg_temp(cg, lv->v->keysize);

		if (lv->v->per_thread) {
			EMIT(cg, DT_CALL(BPF_FUNC_get_current_pid_tgid));
			EMIT(cg, DT_STX(BPF_DW, 7, 0, koff));
		}
		for (int i = 0; i < lv->v->nkeys; i++) {
			const dt_recitem_t *k = &lv->v->keys[i];
			dt_node_t *e = n->list.data[i];

			if (k->kind == DT_REC_STRING) {
				dt_cg_zero(cg, 7, koff + k->offset, k->size);
				dt_cg_str_into(cg, e, 7, (int32_t)(koff + k->offset), k->size);
			} else if (k->kind == DT_REC_BYTES) {
				dt_cg_zero(cg, 7, koff + k->offset, k->size);
				/* a struct or union: its bytes, copied from where it is */
				dt_cg_kaddr(cg, e);
				dt_cg_bytes_into(cg, 7, (int32_t)(koff + k->offset),
						 dt_type_resolve(e->type)->size);
			} else {
				dt_cg_expr(cg, e);
				EMIT(cg, DT_STX(BPF_DW, 7, 0, (koff + k->offset)));
			}
		}
		lv->kreg = 7;
		lv->koff = (int32_t)koff;
		return;
	}
	}
}

static bool
dt_var_is_str(const dt_var_t *v)
{
	return v->type->kind == DT_TYPE_STRING;
}

/* r0 = address of a GLOBAL or THIS variable's slot. */
static void
dt_cg_slot_addr(dt_cg_t *cg, const dt_var_t *v)
{
	if (v->kind == DT_VK_GLOBAL) {
		dt_ir_ld_mapval(IR(cg), 0, DT_MAP_STATE, DT_ST_SIZE + v->offset);
	} else {
		EMIT(cg, DT_MOV64_REG(0, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)(DT_MST_TEMP + v->offset)));
	}
}

/* r0 = the value (an integer normalized to its type, or a string pointer). */
static void
dt_cg_lval_load(dt_cg_t *cg, const struct dt_lval *lv)
{
	const dt_var_t *v = lv->v;

	if (!v && lv->bitfield) {
		dt_cg_dbits_load(cg, lv);
		return;
	}
	if (!v) {
		const dt_type_t *t = dt_type_resolve(lv->mtype);

		EMIT(cg, DT_LDX(BPF_DW, 1, 10, lv->koff));
		EMIT(cg, DT_LDX(dt_cg_bpf_size(t->size), 0, 1, 0));
		if (t->kind != DT_TYPE_PTR)
			dt_cg_normalize(cg, 0, t->size, t->is_signed);
		return;
	}

	if (v->kind == DT_VK_GLOBAL || v->kind == DT_VK_THIS) {
		dt_cg_slot_addr(cg, v);
	} else {
		int done = dt_ir_label(IR(cg));

		dt_ir_ld_map(IR(cg), 1, dt_cg_dynmap(cg, v));
		EMIT(cg, DT_MOV64_REG(2, lv->kreg));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, lv->koff));
		EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
		/*
		 * Not there: 0, or the NULL string. The test also tells the verifier that
		 * r0 is either 0 or the element, never a pointer that may be null.
		 */
		dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, done);
		if (!dt_var_is_str(v)) {
			EMIT(cg, DT_LDX(BPF_DW, 0, 0, 0));
			dt_cg_normalize(cg, 0, v->type->size, v->type->is_signed);
		}
		dt_ir_place(IR(cg), done);
		return;
	}
	if (!dt_var_is_str(v)) {
		EMIT(cg, DT_LDX(BPF_DW, 0, 0, 0));
		dt_cg_normalize(cg, 0, v->type->size, v->type->is_signed);
	} else {
		/* a slot marked NULL (dt_cg_lval_store) */
		int done = dt_ir_label(IR(cg));

		EMIT(cg, DT_LDX(BPF_H, 1, 0, 0));
		dt_ir_jmp_imm(IR(cg), BPF_JNE, 1, DT_STR_NULL, done);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		dt_ir_place(IR(cg), done);
	}
}

/*
 * Store the value in the stack slot "slot" (an integer, or a string pointer) into the
 * variable. For thread-local and associative variables 0 deletes the element, as in DTrace;
 * a full map counts a dynamic variable drop.
 */
static void
dt_cg_lval_store(dt_cg_t *cg, const dt_lval_t *lv, int slot)
{
	const dt_var_t *v = lv->v;
	dt_irbuf_t *ir = IR(cg);

	if (!v && lv->bitfield) {
		dt_cg_dbits_store(cg, lv, slot);
		return;
	}
	if (!v) {
		EMIT(cg, DT_LDX(BPF_DW, 1, 10, lv->koff));
		if (lv->mtype->kind == DT_TYPE_STRING) {
			/* a string into a char array: at most its length, NUL-terminated */
			EMIT(cg, DT_MOV64_IMM(2, lv->kreg));
			EMIT(cg, DT_LDX(BPF_DW, 3, 10, slot));
			EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
			return;
		}
		EMIT(cg, DT_LDX(BPF_DW, 2, 10, slot));
		EMIT(cg, DT_STX(dt_cg_bpf_size(dt_type_resolve(lv->mtype)->size), 1, 2, 0));
		return;
	}

	if (v->kind == DT_VK_GLOBAL || v->kind == DT_VK_THIS) {
		dt_cg_slot_addr(cg, v);
		if (dt_var_is_str(v)) {
			int copy = dt_ir_label(ir), clear = dt_ir_label(ir), done = dt_ir_label(ir);

			/*
			 * NULL marks the slot; a string clears a mark first (a "" copied
			 * writes its NUL only). A marked slot is never the source: it reads
			 * as 0.
			 */
			EMIT(cg, DT_LDX(BPF_DW, 3, 10, slot));
			dt_ir_jmp_imm(ir, BPF_JNE, 3, 0, copy);
			EMIT(cg, DT_ST(BPF_H, 0, 0, DT_STR_NULL));
			dt_ir_ja(ir, done);
			dt_ir_place(ir, copy);
			EMIT(cg, DT_LDX(BPF_H, 1, 0, 0));
			dt_ir_jmp_imm(ir, BPF_JNE, 1, DT_STR_NULL, clear);
			EMIT(cg, DT_ST(BPF_H, 0, 0, 0));
			dt_ir_place(ir, clear);
			EMIT(cg, DT_MOV64_REG(1, 0));
			EMIT(cg, DT_MOV64_IMM(2, (int32_t)v->size));
			EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
			dt_ir_place(ir, done);
		} else {
			EMIT(cg, DT_LDX(BPF_DW, 1, 10, slot));
			EMIT(cg, DT_STX(BPF_DW, 0, 1, 0));
		}
		return;
	}
	if (dt_var_is_str(v)) {
		/* NULL, like 0, deletes the element */
		uint32_t toff = dt_cg_temp(cg, v->size);
		int del = dt_ir_label(ir), done = dt_ir_label(ir);

		EMIT(cg, DT_LDX(BPF_DW, 3, 10, slot));
		dt_ir_jmp_imm(ir, BPF_JEQ, 3, 0, del);
		EMIT(cg, DT_MOV64_REG(1, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)toff));
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)v->size));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
		dt_cg_dyn_store(cg, lv, 7, (int32_t)toff);
		dt_ir_ja(ir, done);
		dt_ir_place(ir, del);
		dt_cg_dyn_delete(cg, lv);
		dt_ir_place(ir, done);
	} else {
		int del = dt_ir_label(ir), done = dt_ir_label(ir);

		EMIT(cg, DT_LDX(BPF_DW, 1, 10, slot));
		dt_ir_jmp_imm(ir, BPF_JEQ, 1, 0, del);
		EMIT(cg, DT_STX(BPF_DW, 10, 1, FP_VAL));
		dt_cg_dyn_store(cg, lv, 10, FP_VAL);
		dt_ir_ja(ir, done);
		dt_ir_place(ir, del);
		dt_cg_dyn_delete(cg, lv);
		dt_ir_place(ir, done);
	}
}

static int
dt_cg_binop_for(dt_tok_kind_t op)
{
	switch (op) {
	case TOK_ADD_ASSIGN: case TOK_INC: return TOK_PLUS;
	case TOK_SUB_ASSIGN: case TOK_DEC: return TOK_MINUS;
	case TOK_MUL_ASSIGN: return TOK_STAR;
	case TOK_DIV_ASSIGN: return TOK_SLASH;
	case TOK_MOD_ASSIGN: return TOK_PERCENT;
	case TOK_AND_ASSIGN: return TOK_AMP;
	case TOK_OR_ASSIGN: return TOK_PIPE;
	case TOK_XOR_ASSIGN: return TOK_CARET;
	case TOK_SHL_ASSIGN: return TOK_SHL;
	case TOK_SHR_ASSIGN: return TOK_SHR;
	default: return TOK_EOF;
	}
}

/* x = e, x op= e, ++x, x++ ...: r0 = the expression's value. */
static void
dt_cg_assign(dt_cg_t *cg, dt_node_t *n)
{
	dt_node_t *target = n->left;
	dt_lval_t lv;
	int slot, op, old = 0;
	bool post = n->kind == DT_NODE_POSTFIX;
	bool incdec = n->kind == DT_NODE_POSTFIX || n->kind == DT_NODE_UNARY;

	if (n->kind == DT_NODE_ASSIGN && n->assign_kind == DT_ASSIGN_XLCOPY) {
		/* x = xlate<T>(e): the translator's members, one by one */
		for (size_t i = 0; i < n->list.len; i++)
			dt_cg_expr(cg, n->list.data[i]);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		return;
	}
	if (n->kind == DT_NODE_ASSIGN && n->assign_kind == DT_ASSIGN_COPY) {
		/* a struct or union: its bytes, from wherever the source is */
		int ok = dt_ir_label(IR(cg));

		dt_cg_kaddr(cg, n->right);
		slot = dt_cg_push(cg);
		cg->dmem_store = true;
		dt_cg_kaddr(cg, target);
		cg->dmem_store = false;
		if (!dt_cg_is_dmem(cg, target))
			dt_cg_scratch_ptr(cg, dt_type_resolve(target->type)->size);
		EMIT(cg, DT_MOV64_REG(1, 0));
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)dt_type_resolve(target->type)->size));
		EMIT(cg, DT_LDX(BPF_DW, 3, 10, slot));
		EMIT(cg, DT_STX(BPF_DW, 7, 3, DT_MST_FADDR));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
		cg->stack_depth -= 8;
		dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, ok);
		dt_cg_fault(cg, DT_FAULT_BADADDR);
		dt_ir_place(IR(cg), ok);
		return;
	}

	if (n->kind == DT_NODE_ASSIGN && n->op == TOK_ASSIGN && n->right->kind == DT_NODE_INT &&
	    (target->type->kind == DT_TYPE_STRING ||
	     dt_type_resolve(target->type)->kind == DT_TYPE_STRUCT ||
	     dt_type_resolve(target->type)->kind == DT_TYPE_UNION)) {
		/* string = 0: delete a dynamic variable's element, mark a static one NULL (a
		 * struct's: empty) */
		dt_cg_lval(cg, target, &lv);
		if (lv.v->kind == DT_VK_SELF || lv.v->kind == DT_VK_ASSOC) {
			dt_cg_dyn_delete(cg, &lv);
		} else {
			bool str = target->type->kind == DT_TYPE_STRING;

			dt_cg_slot_addr(cg, lv.v);
			EMIT(cg, DT_ST(str ? BPF_H : BPF_B, 0, 0, str ? DT_STR_NULL : 0));
		}
		EMIT(cg, DT_MOV64_IMM(0, 0));
		return;
	}
	if (n->kind == DT_NODE_ASSIGN && n->op == TOK_ASSIGN) {
		dt_cg_expr(cg, n->right);
		dt_cg_conv(cg, 0, n->right->type, target->type);
		slot = dt_cg_push(cg);
		dt_cg_lval(cg, target, &lv);
		dt_cg_lval_store(cg, &lv, slot);
		EMIT(cg, DT_LDX(BPF_DW, 0, 10, slot));
		cg->stack_depth -= lv.v ? 8 : 16;	/* D memory kept its address too */
		return;
	}
	op = dt_cg_binop_for(n->op);
	if (!incdec) {
		/*
		 * x op= e reads x before e is evaluated, as DTrace does: i += i++ adds to the
		 * value i had (the key of a[k] op= e, computed first, stays in its own temp)
		 */
		dt_cg_lval(cg, target, &lv);
		dt_cg_lval_load(cg, &lv);
		slot = dt_cg_push(cg);		/* the old value, then the result */
		dt_cg_expr(cg, n->right);
		dt_cg_conv(cg, 0, n->right->type, target->type);
		EMIT(cg, DT_LDX(BPF_DW, 1, 10, slot));
		dt_cg_arith(cg, op, target->type);
		EMIT(cg, DT_STX(BPF_DW, 10, 0, slot));
		dt_cg_lval_store(cg, &lv, slot);
		EMIT(cg, DT_LDX(BPF_DW, 0, 10, slot));
		cg->stack_depth -= lv.v ? 8 : 16;
		return;
	}
	EMIT(cg, DT_MOV64_IMM(0, 1));
	slot = dt_cg_push(cg);		/* the operand */
	dt_cg_lval(cg, target, &lv);
	dt_cg_lval_load(cg, &lv);
	if (post) {
		EMIT(cg, DT_MOV64_REG(9, 0));	/* the old value is the result */
	}
	EMIT(cg, DT_MOV64_REG(1, 0));
	EMIT(cg, DT_LDX(BPF_DW, 0, 10, slot));
	dt_cg_arith(cg, op, target->type);
	EMIT(cg, DT_STX(BPF_DW, 10, 0, slot));
	if (post) {
		/* kept on the stack: storing into a dynamic variable uses FP_VAL and r9 */
		EMIT(cg, DT_MOV64_REG(0, 9));
		old = dt_cg_push(cg);
	}
	dt_cg_lval_store(cg, &lv, slot);
	EMIT(cg, DT_LDX(BPF_DW, 0, 10, (post ? old : slot)));
	cg->stack_depth -= (lv.v ? 8 : 16) + (post ? 8 : 0);
}

/* ---- kernel memory ---------------------------------------------------------------------- */

/* Is n an array (a char array is a string with its length), not a pointer? */
static bool
dt_cg_is_array(const dt_node_t *n)
{
	return n->char_array || (n->type && dt_type_resolve(n->type)->kind == DT_TYPE_ARRAY);
}

/*
 * r0 = the kernel address an object expression designates: p->m is p + offset(m), s.m is
 * &s + offset(m), *p is p. Struct values exist only as such addresses.
 */
static void
dt_cg_kaddr_node(dt_cg_t *cg, dt_node_t *n)
{
	if (n->ident_kind == DT_IDENT_INLINE && n->left) {
		/* an inline of a struct or union type: the object it stands for */
		dt_cg_kaddr(cg, n->left);
		return;
	}
	if (n->ident_kind == DT_IDENT_DVAR) {
		const dt_var_t *v = cg->prog->vars.data[n->ident_id];

		/* a global or clause-local variable (struct, union or array) is its slot */
		if (v->kind == DT_VK_GLOBAL || v->kind == DT_VK_THIS)
			dt_cg_slot_addr(cg, v);
		else
			dt_cg_dyn_addr(cg, n);
		return;
	}
	if (n->kind == DT_NODE_MEMBER) {
		if (n->op == TOK_ARROW) {
			dt_cg_expr(cg, n->left);
			if (!cg->in_lib) {
				if (!cg->arrow_base)
					cg->arrow_base = dt_cg_temp(cg, 8);
				MST(cg->arrow_base, 0);
			}
		} else {
			dt_cg_kaddr(cg, n->left);
		}
		if (n->member_off)
			EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)n->member_off));
		return;
	}
	if (n->kind == DT_NODE_UNARY && n->op == TOK_STAR) {
		dt_cg_expr(cg, n->left);
		return;
	}
	if (n->kind == DT_NODE_INDEX && n->ident_kind == DT_IDENT_KINDEX) {
		/* base + i * sizeof (element): an array's base is its address, a pointer's its
		 * value */
		const dt_type_t *lt = n->left->type ? dt_type_resolve(n->left->type) : NULL;
		uint32_t esz = n->left->char_array ? 1 : dt_type_resolve(n->type)->size;

		dt_cg_expr(cg, n->list.data[0]);
		if ((dt_cg_is_array(n->left) && dt_cg_is_dmem(cg, n->left)) ||
		    (!n->left->char_array && dt_cg_is_str(n->left))) {
			/*
			 * D's own arrays are checked: a store must stay inside (the verifier
			 * insists); an address may be one past the end, as in C. A D string
			 * (s[i]) is its buffer of strsize bytes, in BPF memory.
			 */
			bool str = !n->left->char_array && dt_cg_is_str(n->left);
			uint32_t nel = str ? cg->strsize : n->left->char_array
						? n->left->char_array : lt->nelems;
			int ok = dt_ir_label(IR(cg));

			dt_ir_jmp_imm(IR(cg), cg->dmem_store || str ? BPF_JLT : BPF_JLE, 0,
				      (int32_t)nel, ok);
			EMIT(cg, DT_STX(BPF_DW, 7, 0, DT_MST_FADDR));
			/* past a declared array: DTrace's "index out of bounds (i)" */
			dt_cg_fault(cg, str ? DT_FAULT_BADADDR : DT_FAULT_BADINDEX);
			dt_ir_place(IR(cg), ok);
		}
		dt_cg_push(cg);
		if (n->left->char_array || (lt && lt->kind == DT_TYPE_ARRAY))
			dt_cg_kaddr(cg, n->left);
		else
			dt_cg_expr(cg, n->left);
		dt_cg_pop(cg, 1);
		if (esz > 1)
			EMIT(cg, DT_ALU64_IMM(BPF_MUL, 1, (int32_t)esz));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 0, 1));
		return;
	}
	dt_cg_fail(cg, "this expression has no address");
}

void
dt_cg_kaddr(dt_cg_t *cg, dt_node_t *n)
{
	dt_cg_at(cg, n, dt_cg_kaddr_node);
}

/*
 * r0 = the address of a thread-local or associative struct's element. Reading one that
 * does not exist reads zeros; a store (cg->dmem_store) creates it zero-filled first, or is a
 * dynamic variable drop (dt_cg_dyn_drop).
 */
static void
dt_cg_dyn_addr(dt_cg_t *cg, dt_node_t *n)
{
	dt_irbuf_t *ir = IR(cg);
	struct dt_lval lv;
	uint32_t zero;
	int done = dt_ir_label(ir), sink = dt_ir_label(ir);

	dt_cg_lval(cg, n, &lv);
	zero = dt_cg_temp(cg, lv.v->size);
	dt_cg_zero(cg, 7, zero, lv.v->size);
	dt_ir_ld_map(ir, 1, dt_cg_dynmap(cg, lv.v));
	EMIT(cg, DT_MOV64_REG(2, lv.kreg));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, lv.koff));
	EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
	dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, done);
	if (cg->dmem_store) {
		int drop = dt_ir_label(ir), look = dt_ir_label(ir);

		dt_cg_dyn_take(cg, drop);
		dt_cg_dyn_update(cg, &lv, 7, (int32_t)zero, BPF_NOEXIST);
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, look);
		dt_cg_dyn_give(ir);	/* not made: another CPU's, or the map is full */
		dt_ir_place(ir, look);
		dt_ir_ld_map(ir, 1, dt_cg_dynmap(cg, lv.v));
		EMIT(cg, DT_MOV64_REG(2, lv.kreg));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, lv.koff));
		EMIT(cg, DT_CALL(BPF_FUNC_map_lookup_elem));
		dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, done);
		dt_ir_place(ir, drop);
		dt_cg_dyn_drop(cg);
		dt_ir_place(ir, done);
		return;
	}
	dt_ir_place(ir, sink);
	EMIT(cg, DT_MOV64_REG(0, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)zero));
	dt_ir_place(ir, done);
}

/* Is n a variable, or a member or element of one: D memory? */
bool
dt_cg_is_dmem(dt_cg_t *cg, const dt_node_t *n)
{
	while ((n->kind == DT_NODE_MEMBER && n->op == TOK_DOT) ||
	       (n->kind == DT_NODE_INDEX && n->ident_kind == DT_IDENT_KINDEX &&
		dt_cg_is_array(n->left)))
		n = n->left;
	return n->ident_kind == DT_IDENT_DVAR;	/* a variable, or an element of a dynamic one */
}

/*
 * r0 = the "size" bytes (1 to 8) at kernel address r0, read with one probe read into a
 * zeroed slot and loaded as a little-endian word; a bad address is a fault naming it.
 */
void
dt_cg_kload(dt_cg_t *cg, uint32_t size)
{
	int ok = dt_ir_label(IR(cg));

	EMIT(cg, DT_STX(BPF_DW, 7, 0, DT_MST_FADDR));
	if (cg->scratch_off) {
		/* alloca'd memory: only what this clause allocated */
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)size));
		dt_cg_scratch_read_check(cg, false);
		MLD(0, DT_MST_FADDR);
	}
	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_ST(BPF_DW, 10, FP_VAL, 0));
	EMIT(cg, DT_MOV64_REG(1, 10));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, FP_VAL));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)size));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, ok);
	if (cg->kload_arrow && cg->arrow_base) {
		/* p->m with p NULL: the fault names 0 (the address times p != 0, no branch) */
		MLD(1, cg->arrow_base);
		EMIT(cg, DT_MOV64_REG(2, 1));
		EMIT(cg, DT_ALU64_IMM(BPF_NEG, 2, 0));
		EMIT(cg, DT_ALU64_REG(BPF_OR, 2, 1));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 2, 63));
		MLD(3, DT_MST_FADDR);
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 3, 2));
		MST(DT_MST_FADDR, 3);
	}
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	dt_ir_place(IR(cg), ok);
	cg->kload_arrow = false;
	EMIT(cg, DT_LDX(BPF_DW, 0, 10, FP_VAL));
}

/*
 * Bit-field n (a MEMBER) from the bytes that hold it, in reg as one little-endian word
 * (bf_shift + bf_width <= 64, checked by analysis): shifting the field to the top and back
 * down drops the bits around it and sign-extends a signed field:
 *
 *   word:  |   other bits   | field (bf_width) | bf_shift bits |
 *          63                                                  0
 */
static void
dt_cg_bits_extract(dt_cg_t *cg, int reg, const dt_node_t *n)
{
	int top = 64 - n->bf_shift - n->bf_width;

	if (top)
		EMIT(cg, DT_ALU64_IMM(BPF_LSH, reg, top));
	if (n->bf_width < 64)
		EMIT(cg, DT_ALU64_IMM(dt_type_resolve(n->type)->is_signed ? BPF_ARSH : BPF_RSH,
				      reg, 64 - n->bf_width));
}

/*
 * A bit-field in D memory (a variable's map value, which the verifier lets code load and
 * store directly), at the address in stack slot lv->koff: r0 = the bytes that hold it as a
 * little-endian word, r1 = their address. Byte by byte, since they need not make a load's
 * size nor be aligned.
 */
static void
dt_cg_dbits_word(dt_cg_t *cg, const dt_lval_t *lv)
{
	const dt_node_t *n = lv->bitfield;

	EMIT(cg, DT_LDX(BPF_DW, 1, 10, lv->koff));
	EMIT(cg, DT_MOV64_IMM(0, 0));
	for (int i = 0; i < (n->bf_shift + n->bf_width + 7) / 8; i++) {
		EMIT(cg, DT_LDX(BPF_B, 2, 1, i));
		if (i)
			EMIT(cg, DT_ALU64_IMM(BPF_LSH, 2, 8 * i));
		EMIT(cg, DT_ALU64_REG(BPF_OR, 0, 2));
	}
}

/* r0 = a bit-field's value in D memory (for op= and ++). */
static void
dt_cg_dbits_load(dt_cg_t *cg, const dt_lval_t *lv)
{
	dt_cg_dbits_word(cg, lv);
	dt_cg_bits_extract(cg, 0, lv->bitfield);
}

/*
 * Store the value in stack slot "slot" into a bit-field in D memory: the bytes that hold it
 * are read, the field's bits replaced, the bytes written back. The slot then holds the
 * field's new value, the assignment's value as C has it.
 */
static void
dt_cg_dbits_store(dt_cg_t *cg, const dt_lval_t *lv, int slot)
{
	const dt_node_t *n = lv->bitfield;
	uint64_t mask = (n->bf_width == 64 ? ~0ULL : (1ULL << n->bf_width) - 1) << n->bf_shift;

	dt_cg_dbits_word(cg, lv);
	dt_ir_ld_imm64(IR(cg), 3, ~mask);
	EMIT(cg, DT_ALU64_REG(BPF_AND, 0, 3));
	EMIT(cg, DT_LDX(BPF_DW, 2, 10, slot));
	if (n->bf_shift)
		EMIT(cg, DT_ALU64_IMM(BPF_LSH, 2, n->bf_shift));
	dt_ir_ld_imm64(IR(cg), 3, mask);
	EMIT(cg, DT_ALU64_REG(BPF_AND, 2, 3));
	EMIT(cg, DT_ALU64_REG(BPF_OR, 0, 2));
	for (int i = 0; i < (n->bf_shift + n->bf_width + 7) / 8; i++) {
		EMIT(cg, DT_MOV64_REG(2, 0));
		if (i)
			EMIT(cg, DT_ALU64_IMM(BPF_RSH, 2, 8 * i));
		EMIT(cg, DT_STX(BPF_B, 1, 2, i));
	}
	dt_cg_bits_extract(cg, 0, n);
	EMIT(cg, DT_STX(BPF_DW, 10, 0, slot));
}

/* Is n p->m, or a member of one (p->m.n ...), whose address is p's plus offsets? */
static bool
dt_cg_through_arrow(const dt_node_t *n)
{
	while (n->kind == DT_NODE_MEMBER && n->op == TOK_DOT)
		n = n->left;
	return n->kind == DT_NODE_MEMBER && n->op == TOK_ARROW;
}

/*
 * r0 = the value of a member or dereference: scalars are read from kernel memory with one
 * probe read (a bad address is a fault naming it), bit-fields extracted from the bytes that
 * hold them, char arrays are copied as strings, other arrays decay to their address.
 */
static void
dt_cg_kvalue(dt_cg_t *cg, dt_node_t *n)
{
	const dt_type_t *t = dt_type_resolve(n->type);

	cg->cur_loc = n->loc;
	dt_cg_kaddr(cg, n);
	if (n->char_array || t->kind == DT_TYPE_STRING) {
		/* a char array, or a string through a string *: its bytes, as a string */
		uint32_t cap = n->char_array ? DT_MIN(n->char_array, cg->strsize) : cg->strsize;

		EMIT(cg, DT_MOV64_REG(3, 0));
		dt_cg_copystr(cg, dt_cg_temp(cg, cap), -1, cap, BPF_FUNC_probe_read_kernel_str);
		return;
	}
	if (t->kind == DT_TYPE_ARRAY)
		return;
	/* a float or double is read as its bits, which only printf's %e, %f, %g decode */
	if (t->kind != DT_TYPE_INT && t->kind != DT_TYPE_PTR && t->kind != DT_TYPE_ENUM &&
	    (t->kind != DT_TYPE_FLOAT || t->size > 8)) {
		dt_cg_fail(cg, "struct and union values can only be used through their members");
		return;
	}
	cg->kload_arrow = dt_cg_through_arrow(n);
	if (n->kind == DT_NODE_MEMBER && n->bf_width) {
		dt_cg_kload(cg, (n->bf_shift + n->bf_width + 7u) / 8);
		dt_cg_bits_extract(cg, 0, n);
		return;
	}
	dt_cg_kload(cg, DT_MIN(t->size, 8u));
	if (t->kind != DT_TYPE_PTR)
		dt_cg_normalize(cg, 0, t->size, t->is_signed);
}

/* ---- actions -------------------------------------------------------------------------- */

/*
 * The destructive actions done in the kernel (only with -w): raise(sig) and stop() signal
 * the current process; copyoutstr(s, addr, maxlen) writes a string into its memory.
 */
static void
dt_cg_destructive(dt_cg_t *cg, dt_node_t *call)
{
	if (call->ident_id == DT_ACTFN_COPYOUTSTR) {
		uint32_t off = dt_cg_temp(cg, cg->strsize);
		int lo = dt_ir_label(IR(cg)), hi = dt_ir_label(IR(cg));
		int maxslot, addrslot;

		dt_cg_expr(cg, call->list.data[2]);
		maxslot = dt_cg_push(cg);
		dt_cg_expr(cg, call->list.data[1]);
		addrslot = dt_cg_push(cg);
		dt_cg_str_into(cg, call->list.data[0], 7, (int32_t)off, cg->strsize);
		/* bytes to write: the string and its NUL, at most maxlen, at least 1 */
		EMIT(cg, DT_LDX(BPF_DW, 1, 10, maxslot));
		dt_ir_jmp_reg(IR(cg), BPF_JLE, 0, 1, lo);
		EMIT(cg, DT_MOV64_REG(0, 1));
		dt_ir_place(IR(cg), lo);
		dt_ir_jmp_imm(IR(cg), BPF_JLE, 0, (int32_t)cg->strsize, hi);
		EMIT(cg, DT_MOV64_IMM(0, (int32_t)cg->strsize));
		dt_ir_place(IR(cg), hi);
		{
			int pos = dt_ir_label(IR(cg));

			dt_ir_jmp_imm(IR(cg), BPF_JSGT, 0, 0, pos);
			EMIT(cg, DT_MOV64_IMM(0, 1));
			dt_ir_place(IR(cg), pos);
		}
		EMIT(cg, DT_MOV64_REG(3, 0));
		EMIT(cg, DT_LDX(BPF_DW, 1, 10, addrslot));
		EMIT(cg, DT_MOV64_REG(2, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, (int32_t)off));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_write_user));
		cg->stack_depth -= 16;
		return;
	}
	if (call->ident_id == DT_ACTFN_STOP) {
		EMIT(cg, DT_MOV64_IMM(1, 19));	/* SIGSTOP */
	} else {
		dt_cg_expr(cg, call->list.data[0]);
		EMIT(cg, DT_MOV64_REG(1, 0));
	}
	EMIT(cg, DT_CALL(BPF_FUNC_send_signal));
}

/*
 * stack()/ustack() into [base + off, + size): zeroed first, then the helper fills as many
 * frames as there are (the rest stays zero, which is how the consumer finds the end).
 */
/*
 * r4 = the flags of a bpf_get_stack of the traced code's stack: for the user stack,
 * BPF_F_USER_STACK; for the kernel's, the frames to skip, one more when the first one left
 * is in the provider's optional range (see cg->skip_lo), which a one-frame read finds out.
 */
static void
dt_cg_stack_flags(dt_cg_t *cg, int fmt)
{
	uint32_t off, flags;
	int done;

	if (fmt != DT_RECFMT_USTACK && cg->skip_sym[0]) {
		if (!cg->dtp->ksyms)
			cg->dtp->ksyms = dt_ksyms_new(NULL);
		if (dt_ksym_range(cg->dtp->ksyms, NULL, cg->skip_sym, &cg->skip_lo,
				  &cg->skip_hi) < 0)
			cg->skip_lo = cg->skip_hi = 0;
		cg->skip_sym[0] = '\0';	/* looked up once per program */
	}
	if (fmt == DT_RECFMT_USTACK || !cg->skip_lo) {
		EMIT(cg, DT_MOV64_IMM(4, fmt == DT_RECFMT_USTACK ? BPF_F_USER_STACK :
				      cg->stack_skip & BPF_F_SKIP_FIELD_MASK));
		return;
	}
	off = dt_cg_temp(cg, 8);
	flags = dt_cg_temp(cg, 8);
	done = dt_ir_label(IR(cg));
	EMIT(cg, DT_ST(BPF_DW, 7, flags, cg->stack_skip & BPF_F_SKIP_FIELD_MASK));
	EMIT(cg, DT_MOV64_REG(1, 6));
	EMIT(cg, DT_MOV64_REG(2, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, (int32_t)off));
	EMIT(cg, DT_MOV64_IMM(3, 8));
	EMIT(cg, DT_MOV64_IMM(4, cg->stack_skip & BPF_F_SKIP_FIELD_MASK));
	EMIT(cg, DT_CALL(BPF_FUNC_get_stack));
	dt_ir_jmp_imm(IR(cg), BPF_JSLT, 0, 8, done);
	EMIT(cg, DT_LDX(BPF_DW, 1, 7, off));
	dt_cg_int(cg, 2, cg->skip_lo);
	dt_ir_jmp_reg(IR(cg), BPF_JLT, 1, 2, done);
	dt_cg_int(cg, 2, cg->skip_hi);
	dt_ir_jmp_reg(IR(cg), BPF_JGE, 1, 2, done);
	EMIT(cg, DT_ST(BPF_DW, 7, flags, (cg->stack_skip + 1) & BPF_F_SKIP_FIELD_MASK));
	dt_ir_place(IR(cg), done);
	EMIT(cg, DT_LDX(BPF_DW, 4, 7, flags));
}

/*
 * The stack (fmt: kernel or user) into [base + off, + size), zero-filled past its frames.
 * BEGIN, END and ERROR have no kernel stack, as in DTrace on Linux: the consumer runs them,
 * and the path into the kernel that does so is dtrace's own, not the traced system's.
 */
void
dt_cg_stack_into(dt_cg_t *cg, int fmt, int base, int32_t off, uint32_t size)
{
	dt_cg_zero(cg, base, (uint32_t)off, size);
	if (fmt == DT_RECFMT_STACK && cg->in_consumer)
		return;
	dt_cg_stack_flags(cg, fmt);
	EMIT(cg, DT_MOV64_REG(1, 6));
	EMIT(cg, DT_MOV64_REG(2, base));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, off));
	EMIT(cg, DT_MOV64_IMM(3, (int32_t)size));
	EMIT(cg, DT_CALL(BPF_FUNC_get_stack));
}

/*
 * A user item (dt_program.h) of size bytes into [base + off, ...): the process id (tgid)
 * first, for the consumer reads that process's mappings to name the addresses; then the
 * stack (ustack(), jstack()) or the address e gives (uaddr(), usym(), umod()).
 */
void
dt_cg_user_into(dt_cg_t *cg, dt_node_t *e, int fmt, int base, int32_t off, uint32_t size)
{
	EMIT(cg, DT_CALL(BPF_FUNC_get_current_pid_tgid));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 0, 32));
	EMIT(cg, DT_STX(BPF_DW, base, 0, off));
	if (fmt == DT_RECFMT_USTACK) {
		dt_cg_stack_into(cg, fmt, base, off + 8, size - 8);
		return;
	}
	dt_cg_expr(cg, e);
	EMIT(cg, DT_STX(BPF_DW, base, 0, (off + 8)));
}

/* Store the value of e into the record item it (r8 holds the record). */
static void
dt_cg_store_item(dt_cg_t *cg, dt_node_t *e, const dt_recitem_t *it)
{
	if (DT_RECFMT_IS_USER(it->fmt)) {
		dt_cg_user_into(cg, e, it->fmt, 8, (int32_t)it->offset, it->size);
		return;
	}
	if (it->fmt == DT_RECFMT_STACK) {
		dt_cg_stack_into(cg, it->fmt, 8, (int32_t)it->offset, it->size);
		return;
	}
	if (it->kind == DT_REC_STRING) {
		dt_cg_str_into(cg, e, 8, (int32_t)it->offset, it->size);
		return;
	}
	dt_cg_expr(cg, e);
	EMIT(cg, DT_STX(BPF_DW, 8, 0, it->offset));
}

/*
 * Copy size bytes of kernel memory at the address in r0 to base + off: a record's BYTES item
 * (tracemem(), or a struct, union or array value; base r8) or an associative array's struct
 * key (base r7); a bad address is a fault.
 */
static void
dt_cg_bytes_into(dt_cg_t *cg, int base, int32_t off, uint32_t size)
{
	int ok = dt_ir_label(IR(cg));

	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_STX(BPF_DW, 7, 3, DT_MST_FADDR));
	EMIT(cg, DT_MOV64_REG(1, base));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, off));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)size));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	dt_ir_place(IR(cg), ok);
}

/*
 * pcap(skb, proto) into its record (r8): the packet's length in the first item (its linear
 * part: len - data_len, at most pcapsize; 0 for a NULL skb), proto in the second, and that
 * many bytes from skb->data in the third. The skb waits in the proto slot meanwhile.
 */
static void
dt_cg_pcap(dt_cg_t *cg, dt_node_t *call, const dt_action_t *a)
{
	uint32_t lo = a->items[0].offset, po = a->items[1].offset, d = a->items[2].offset;
	uint32_t max = a->items[2].size;
	int len = dt_cg_btf_offset(cg, "sk_buff", "len");
	int dlen = dt_cg_btf_offset(cg, "sk_buff", "data_len");
	int data = dt_cg_btf_offset(cg, "sk_buff", "data");
	int null = dt_ir_label(IR(cg)), done = dt_ir_label(IR(cg)), fits = dt_ir_label(IR(cg));

	if (len < 0 || dlen < 0 || data < 0) {
		dt_cg_fail(cg, "pcap( ) needs the kernel's BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	dt_cg_expr(cg, call->list.data[0]);
	EMIT(cg, DT_STX(BPF_DW, 8, 0, po));
	EMIT(cg, DT_ST(BPF_DW, 8, lo, 0));
	dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, null);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, len));
	dt_cg_kload(cg, 4);
	EMIT(cg, DT_STX(BPF_DW, 8, 0, lo));
	EMIT(cg, DT_LDX(BPF_DW, 0, 8, po));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, dlen));
	dt_cg_kload(cg, 4);
	EMIT(cg, DT_LDX(BPF_DW, 1, 8, lo));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 0));
	dt_ir_jmp_imm(IR(cg), BPF_JLE, 1, (int32_t)max, fits);
	EMIT(cg, DT_MOV64_IMM(1, (int32_t)max));
	dt_ir_place(IR(cg), fits);
	EMIT(cg, DT_STX(BPF_DW, 8, 1, lo));
	EMIT(cg, DT_LDX(BPF_DW, 0, 8, po));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, data));
	dt_cg_kload(cg, 8);
	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_STX(BPF_DW, 7, 3, DT_MST_FADDR));
	EMIT(cg, DT_MOV64_REG(1, 8));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)d));
	EMIT(cg, DT_LDX(BPF_DW, 2, 8, lo));
	/* the verifier knows the size from here: [0, pcapsize] */
	dt_ir_jmp_imm(IR(cg), BPF_JGT, 2, (int32_t)max, done);
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, done);
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	dt_ir_place(IR(cg), null);
	dt_ir_place(IR(cg), done);
	dt_cg_expr(cg, call->list.data[1]);
	EMIT(cg, DT_STX(BPF_DW, 8, 0, po));
}

static void
dt_cg_action(dt_cg_t *cg, dt_node_t *call, dt_action_t *a)
{
	if (a->conditional) {
		/* This one ran: its bit in the record's bitmap word. */
		EMIT(cg, DT_LDX(BPF_DW, 1, 8, DT_REC_HDR_SIZE));
		if (a->bit < 31) {
			EMIT(cg, DT_ALU64_IMM(BPF_OR, 1, (int32_t)(1U << a->bit)));
		} else {
			dt_ir_ld_imm64(IR(cg), 2, 1ULL << a->bit);
			EMIT(cg, DT_ALU64_REG(BPF_OR, 1, 2));
		}
		EMIT(cg, DT_STX(BPF_DW, 8, 1, DT_REC_HDR_SIZE));
	}
	switch (a->kind) {
	case DT_ACT_TRACE: case DT_ACT_PRINT:
		if (a->kind == DT_ACT_PRINT && a->nitems == 2) {
			/* print(p): p, then the object at p */
			dt_cg_store_item(cg, call->list.data[0], &a->items[0]);
			cg->cur_loc = call->list.data[0]->loc;
			EMIT(cg, DT_LDX(BPF_DW, 0, 8, (int16_t)a->items[0].offset));
			dt_cg_bytes_into(cg, 8, (int32_t)a->items[1].offset, a->items[1].size);
			return;
		}
		if (a->items[0].kind == DT_REC_BYTES) {
			cg->cur_loc = call->list.data[0]->loc;
			dt_cg_kaddr(cg, call->list.data[0]);
			dt_cg_bytes_into(cg, 8, (int32_t)a->items[0].offset, a->items[0].size);
			return;
		}
		dt_cg_store_item(cg, call->list.data[0], &a->items[0]);
		return;
	case DT_ACT_TRACEMEM:
		if (a->nitems > 1)
			dt_cg_store_item(cg, call->list.data[2], &a->items[1]);
		cg->cur_loc = call->list.data[0]->loc;
		dt_cg_expr(cg, call->list.data[0]);
		dt_cg_bytes_into(cg, 8, (int32_t)a->items[0].offset, a->items[0].size);
		return;
	case DT_ACT_PRINTF: case DT_ACT_SYSTEM: case DT_ACT_FREOPEN:
		for (int i = 0; i < a->nitems; i++)
			dt_cg_store_item(cg, call->list.data[i + 1], &a->items[i]);
		return;
	case DT_ACT_PCAP:
		dt_cg_pcap(cg, call, a);
		return;
	case DT_ACT_SETOPT:
		for (int i = 0; i < a->nitems; i++)
			dt_cg_store_item(cg, call->list.data[i], &a->items[i]);
		return;
	case DT_ACT_RAISE:
		dt_cg_destructive(cg, call);
		return;
	case DT_ACT_SPECULATE:
		/*
		 * The consumer holds the record's data under the id. An id that is no active
		 * speculation (0, out of range, free or committed) ends the clause at once with
		 * no record, as in DTrace: what follows speculate( ) does not run.
		 */
		dt_cg_store_item(cg, call->list.data[0], &a->items[0]);
		EMIT(cg, DT_LDX(BPF_DW, 1, 8, a->items[0].offset));
		dt_ir_jmp_imm(IR(cg), BPF_JEQ, 1, 0, cg->clause_drop);
		dt_ir_jmp_imm(IR(cg), BPF_JGT, 1, (int32_t)cg->dtp->opts.nspec, cg->clause_drop);
		EMIT(cg, DT_ALU64_IMM(BPF_LSH, 1, 3));
		dt_ir_ld_mapval(IR(cg), 2, DT_MAP_SPEC, 0);
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 1));
		EMIT(cg, DT_LDX(BPF_DW, 1, 2, 0));
		dt_ir_jmp_imm(IR(cg), BPF_JEQ, 1, 0, cg->clause_drop);
		cg->drop_used = true;
		return;
	case DT_ACT_COMMIT: case DT_ACT_DISCARD: {
		/*
		 * The consumer prints or drops what the id holds when it reads this record; the
		 * id is free again at once. Records of a new speculation that reuses it come
		 * after this one in the buffer, so the consumer never mixes the two. An id past
		 * nspec (a negative one too) is DTrace's "illegal operation"; 0 or an inactive
		 * id does nothing.
		 */
		int out = dt_ir_label(IR(cg)), ok = dt_ir_label(IR(cg));

		dt_cg_store_item(cg, call->list.data[0], &a->items[0]);
		EMIT(cg, DT_LDX(BPF_DW, 1, 8, a->items[0].offset));
		dt_ir_jmp_imm(IR(cg), BPF_JEQ, 1, 0, out);
		dt_ir_jmp_imm(IR(cg), BPF_JLE, 1, (int32_t)cg->dtp->opts.nspec, ok);
		dt_cg_fault(cg, DT_FAULT_ILLOP);
		dt_ir_place(IR(cg), ok);
		EMIT(cg, DT_ALU64_IMM(BPF_LSH, 1, 3));
		dt_ir_ld_mapval(IR(cg), 2, DT_MAP_SPEC, 0);
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 1));
		EMIT(cg, DT_ST(BPF_DW, 2, 0, 0));
		dt_ir_place(IR(cg), out);
		return;
	}
	case DT_ACT_PRINTA: case DT_ACT_CLEAR: case DT_ACT_DENORMALIZE:
		return;		/* the record itself asks the consumer */
	case DT_ACT_TRUNC: case DT_ACT_NORMALIZE:
		if (a->nitems)
			dt_cg_store_item(cg, call->list.data[call->list.len - 1], &a->items[0]);
		return;
	case DT_ACT_EXIT:
		dt_cg_store_item(cg, call->list.data[0], &a->items[0]);
		/* Stop every probe but END: the state goes to draining. */
		dt_ir_ld_mapval(IR(cg), 1, DT_MAP_STATE, DT_ST_ACTIVITY);
		EMIT(cg, DT_ST(BPF_DW, 1, 0, 1));
		return;
	}
}

/* ---- statements and clauses ----------------------------------------------------------- */

static void
dt_cg_stmt(dt_cg_t *cg, dt_node_t *n, int *actno)
{
	IR(cg)->loc = &n->loc;
	switch (n->kind) {
	case DT_NODE_BLOCK:
		for (size_t i = 0; i < n->list.len; i++) {
			dt_cg_stmt(cg, n->list.data[i], actno);
			if (n->list.data[i]->kind != DT_NODE_BLOCK)
				cg->cur_stmt++;
		}
		return;
	case DT_NODE_EMPTY:
		return;
	case DT_NODE_EXPR_STMT: {
		dt_node_t *e = n->left;

		cg->cur_loc = e->loc;
		IR(cg)->loc = &e->loc;
		if (e->kind == DT_NODE_CALL && e->ident_kind == DT_IDENT_ACTION) {
			dt_cg_action(cg, e, &cg->clause->actions[(*actno)++]);
			return;
		}
		if (e->kind == DT_NODE_ASSIGN && e->left->kind == DT_NODE_AGG) {
			dt_cg_aggregate(cg, e);
			return;
		}
		dt_cg_expr(cg, e);
		return;
	}
	case DT_NODE_DECL:
		return;
	case DT_NODE_IF: {
		int els = dt_ir_label(IR(cg)), done = dt_ir_label(IR(cg));

		dt_cg_expr(cg, n->cond);
		dt_ir_jmp_imm(IR(cg), BPF_JEQ, 0, 0, els);
		dt_cg_stmt(cg, n->left, actno);
		IR(cg)->loc = &n->loc;
		dt_ir_ja(IR(cg), done);
		dt_ir_place(IR(cg), els);
		if (n->right)
			dt_cg_stmt(cg, n->right, actno);
		dt_ir_place(IR(cg), done);
		return;
	}
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_INT: case DT_NODE_STRING:
	case DT_NODE_IDENT: case DT_NODE_AGG: case DT_NODE_SELF: case DT_NODE_THIS:
	case DT_NODE_MACRO: case DT_NODE_SYMBOL: case DT_NODE_BINARY: case DT_NODE_LOGICAL:
	case DT_NODE_UNARY: case DT_NODE_POSTFIX: case DT_NODE_ASSIGN: case DT_NODE_TERNARY:
	case DT_NODE_CALL: case DT_NODE_INDEX: case DT_NODE_MEMBER: case DT_NODE_CAST:
	case DT_NODE_SIZEOF: case DT_NODE_OFFSETOF: case DT_NODE_STRINGOF: case DT_NODE_XLATE:
	case DT_NODE_TYPENAME: case DT_NODE_COUNT:
		dt_cg_fail(cg, "unsupported statement");
		return;
	}
}

unsigned
dt_cg_clause_needs(const dt_clause_t *cl)
{
	unsigned n = 0;

	if (cl->needs & DT_SEMA_NEED_ARGS)
		n |= DT_NEED_ARGS;
	if (cl->needs & DT_SEMA_NEED_ERRNO)
		n |= DT_NEED_ERRNO;
	return n;
}

/* Submit r8: wake the consumer only past half the buffer, or at once for exit(). */
static void
dt_cg_submit(dt_cg_t *cg, bool force)
{
	dt_irbuf_t *ir = IR(cg);
	uint64_t half = cg->dtp->opts.bufsize / 2;

	if (force) {
		EMIT(cg, DT_MOV64_REG(1, 8));
		EMIT(cg, DT_MOV64_IMM(2, BPF_RB_FORCE_WAKEUP));
		EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_submit));
		return;
	}
	{
		int wake = dt_ir_label(ir), go = dt_ir_label(ir);

		dt_ir_ld_map(ir, 1, DT_MAP_RINGBUF);
		EMIT(cg, DT_MOV64_IMM(2, BPF_RB_AVAIL_DATA));
		EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_query));
		EMIT(cg, DT_MOV64_IMM(2, BPF_RB_NO_WAKEUP));
		dt_cg_int(cg, 3, half);
		dt_ir_jmp_reg(ir, BPF_JLE, 0, 3, go);
		dt_ir_place(ir, wake);
		EMIT(cg, DT_MOV64_IMM(2, BPF_RB_FORCE_WAKEUP));
		dt_ir_place(ir, go);
		EMIT(cg, DT_MOV64_REG(1, 8));
		EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_submit));
	}
}

/* The fault path: drop the clause's record and report the fault in its own record. */
static void
dt_cg_fault_path(dt_cg_t *cg, dt_clause_t *cl, bool discard)
{
	dt_irbuf_t *ir = IR(cg);

	if (discard) {
		EMIT(cg, DT_MOV64_REG(1, 8));
		EMIT(cg, DT_MOV64_IMM(2, 0));
		EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_discard));
	}
	dt_ir_ld_map(ir, 1, DT_MAP_RINGBUF);
	EMIT(cg, DT_MOV64_IMM(2, DT_FAULT_RECSIZE));
	EMIT(cg, DT_MOV64_IMM(3, 0));
	EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_reserve));
	{
		int ok = dt_ir_label(ir), done = dt_ir_label(ir);

		dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, ok);
		dt_cg_stat_inc(cg, DT_STAT_DROPS);
		dt_ir_ja(ir, done);
		dt_ir_place(ir, ok);
		EMIT(cg, DT_MOV64_REG(8, 0));
		dt_cg_prid(cg, 1);
		EMIT(cg, DT_STX(BPF_W, 8, 1, 0));
		EMIT(cg, DT_CALL(BPF_FUNC_get_smp_processor_id));
		EMIT(cg, DT_STX(BPF_H, 8, 0, 4));
		EMIT(cg, DT_ST(BPF_H, 8, 6, DT_CLAUSE_FAULT));
		EMIT(cg, DT_LDX(BPF_DW, 1, 7, DT_MST_FAULT));
		EMIT(cg, DT_STX(BPF_DW, 8, 1, DT_FAULT_WORD));
		EMIT(cg, DT_LDX(BPF_DW, 1, 7, DT_MST_FADDR));
		EMIT(cg, DT_STX(BPF_DW, 8, 1, DT_FAULT_ADDR));
		EMIT(cg, DT_ST(BPF_DW, 8, DT_FAULT_CLAUSE, cl->index));
		dt_cg_submit(cg, true);
		dt_ir_place(ir, done);
	}
	if (cg->error_fn >= 0 && !cg->in_error) {
		/* dtrace:::ERROR fires now, before the firing's later clauses (dt_cg_error) */
		EMIT(cg, DT_MOV64_REG(1, 6));
		EMIT(cg, DT_MOV64_REG(2, 7));
		EMIT(cg, DT_MOV64_IMM(3, cl->index));
		dt_ir_call(ir, cg->error_fn);
		cg->error_used = true;
	}
}

/*
 * -x bufpolicy=fill: this CPU's principal buffer takes bufsize bytes of records, less what
 * END's records may need (DTrace's reserve). The first record that does not fit marks the
 * buffer full: the count goes past the limit, so no later record fits either, and the
 * clause is skipped as after a failed reservation, with no drop counted. The stats word
 * tells the consumer, which stops tracing. END itself runs once, on a buffer that had the
 * reserve kept free, so its records always fit: its clauses check nothing.
 */
static void
dt_cg_fill_check(dt_cg_t *cg, const dt_clause_t *cl, int skip)
{
	dt_irbuf_t *ir = IR(cg);
	uint64_t size = cg->dtp->opts.bufsize, reserve = cg->prog->end_reserve;
	uint64_t limit = size > reserve ? size - reserve : 0;
	int full = dt_ir_label(ir), ok = dt_ir_label(ir);

	if (cg->dtp->opts.bufpolicy != DT_BUFPOLICY_FILL || cg->in_end)
		return;
	EMIT(cg, DT_LDX(BPF_DW, 1, 7, DT_MST_FILL));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)cl->recsize));
	dt_cg_int(cg, 2, limit);
	dt_ir_jmp_reg(ir, BPF_JGT, 1, 2, full);
	EMIT(cg, DT_STX(BPF_DW, 7, 1, DT_MST_FILL));
	dt_ir_ja(ir, ok);
	dt_ir_place(ir, full);
	dt_cg_int(cg, 1, limit + 1);
	EMIT(cg, DT_STX(BPF_DW, 7, 1, DT_MST_FILL));
	dt_cg_stat_inc(cg, DT_STAT_FILLED);
	dt_ir_ja(ir, skip);
	dt_ir_place(ir, ok);
}

void
dt_cg_clause(dt_cg_t *cg, dt_clause_t *cl)
{
	dt_irbuf_t *ir = IR(cg);
	dt_node_t *n = cl->node;
	int skip = dt_ir_label(ir), actno = 0;

	cg->clause = cl;
	if (cl->index >= DT_CLAUSE_FAULT) {
		/* the record header keeps the clause index in 16 bits, and 0xffff means a fault */
		dt_cg_fail(cg, "too many clauses: a program may have at most 65535");
		cg->err_hint = "merge clauses that enable the same probes";
		return;
	}
	cg->temp_off = cg->temp_base;
	cg->arrow_base = 0;
	cg->temp_max = DT_MAX(cg->temp_max, cg->temp_off);
	cg->clause_exit = skip;
	cg->clause_fault = dt_ir_label(ir);
	cg->fault_used = false;
	cg->clause_drop = dt_ir_label(ir);
	cg->drop_used = false;
	cg->needs |= dt_cg_clause_needs(cl);

	cg->pred_fault = dt_ir_label(ir);
	cg->pred_fault_used = false;
	/* the clause's own code (record, submit, fault paths) points at its description */
	ir->loc = &n->loc;
	if ((uint32_t)cl->index + 1 == cg->dtp->opts.rejectclause) {
		/* -x rejectclause=N: a read of r9, which nothing has set in a clause's
		 * subprogram, so the verifier rejects the program here */
		EMIT(cg, DT_MOV64_REG(0, 9));
	}
	/* every clause of a program with scratch space: alloca'd memory lasts one clause */
	if (cg->scratch_off)
		dt_cg_scratch_reset(cg);
	if (n->pred) {
		cg->cur_stmt = 0;
		cg->cur_loc = n->pred->loc;
		dt_cg_expr(cg, n->pred);
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, skip);
	}
	cg->cur_stmt = 1;
	if (cl->has_record) {
		int ok = dt_ir_label(ir);

		dt_cg_fill_check(cg, cl, skip);
		dt_ir_ld_map(ir, 1, DT_MAP_RINGBUF);
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)cl->recsize));
		EMIT(cg, DT_MOV64_IMM(3, 0));
		EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_reserve));
		dt_ir_jmp_imm(ir, BPF_JNE, 0, 0, ok);
		dt_cg_stat_inc(cg, DT_STAT_DROPS);
		dt_ir_ja(ir, skip);
		dt_ir_place(ir, ok);
		EMIT(cg, DT_MOV64_REG(8, 0));
		dt_cg_prid(cg, 1);
		EMIT(cg, DT_STX(BPF_W, 8, 1, 0));
		EMIT(cg, DT_CALL(BPF_FUNC_get_smp_processor_id));
		EMIT(cg, DT_STX(BPF_H, 8, 0, 4));
		EMIT(cg, DT_ST(BPF_H, 8, 6, cl->index));
		if (cl->ncond)
			EMIT(cg, DT_ST(BPF_DW, 8, DT_REC_HDR_SIZE, 0));
	}
	if (n->body)
		dt_cg_stmt(cg, n->body, &actno);
	ir->loc = &n->loc;
	if (cl->has_record) {
		bool force = false;
		int sub = dt_ir_label(ir);

		for (int i = 0; i < cl->nactions; i++)
			if (cl->actions[i].kind == DT_ACT_EXIT)
				force = true;
		if (cl->ncond && !cl->has_uncond) {
			/* Only conditional actions, and none ran: no record, as in DTrace. */
			EMIT(cg, DT_LDX(BPF_DW, 1, 8, DT_REC_HDR_SIZE));
			dt_ir_jmp_imm(ir, BPF_JNE, 1, 0, sub);
			EMIT(cg, DT_MOV64_REG(1, 8));
			EMIT(cg, DT_MOV64_IMM(2, 0));
			EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_discard));
			dt_ir_ja(ir, skip);
		}
		dt_ir_place(ir, sub);
		dt_cg_submit(cg, force);
	}
	/* The verifier rejects unreachable code: a fault path only where something faults. */
	if (cg->fault_used || cg->pred_fault_used || cg->drop_used)
		dt_ir_ja(ir, skip);
	if (cg->drop_used) {
		dt_ir_place(ir, cg->clause_drop);
		EMIT(cg, DT_MOV64_REG(1, 8));
		EMIT(cg, DT_MOV64_IMM(2, 0));
		EMIT(cg, DT_CALL(BPF_FUNC_ringbuf_discard));
		if (cg->fault_used || cg->pred_fault_used)
			dt_ir_ja(ir, skip);
	}
	if (cg->fault_used) {
		dt_ir_place(ir, cg->clause_fault);
		dt_cg_fault_path(cg, cl, cl->has_record);
		if (cg->pred_fault_used)
			dt_ir_ja(ir, skip);
	}
	if (cg->pred_fault_used) {
		dt_ir_place(ir, cg->pred_fault);
		dt_cg_fault_path(cg, cl, false);
	}
	dt_ir_place(ir, skip);
	ir->loc = NULL;
}
