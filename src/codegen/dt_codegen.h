/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_codegen.h: code generation's one internal header.
 *
 *   typed AST (per clause) --dt_cg_clause--> BPF  --dt_cg_program--> one program per attach
 *                                                                   point: prologue + clauses
 *   dt_cg_link (dt_link.c): which programs, each generated and finished (the back end)
 *
 * Instructions go into a dt_irbuf_t with labels (forward jumps are patched when the label is
 * placed). Map references are emitted as ld_imm64 with BPF_PSEUDO_MAP_FD and the map's *index*
 * (DT_MAP_* or DT_NMAPS_FIXED + aggregation id) in imm; the runtime swaps in real fds just
 * before loading, so code can be generated before the maps (whose sizes it decides) exist.
 *
 * Register conventions inside a generated program:
 *   r6  the program's context (raw tracepoint args, perf event data)
 *   r7  the per-CPU scratch value (struct layout DT_MST_* below)
 *   r8  the clause's output record while one is reserved
 *   r9  free for short sequences that must survive a helper call
 *   r0..r5  expression temporaries and helper arguments; deeper temporaries spill to the stack
 */
#ifndef DT_CODEGEN_H
#define DT_CODEGEN_H

#include <linux/bpf.h>

#include "../common/dt_common.h"
#include "../common/dt_program.h"
#include "../compiler/dt_compiler.h"

/*
 * The license every program is loaded under. The programs call helpers the kernel keeps for
 * GPL-compatible programs (bpf_probe_read_kernel, bpf_get_stackid, bpf_perf_event_output,
 * ...); "GPL" is the kernel's name for GPL-2.0, this project's license (LICENSE).
 */
#define DT_BPF_LICENSE "GPL"

/*
 * The per-CPU scratch value (DT_MAP_MSTATE), as the prologue fills it:
 *
 *   0        8          16                     96       104      112      120      128      136
 *   +--------+----------+----------------------+--------+--------+--------+--------+--------+------+
 *   | probe  | clause   | arg0 .. arg9         | errno  | fault  | fault  | fill   | time-  | temps|
 *   | id     | mask     | (10 x u64)           |        | kind   | addr   | bytes  | stamp  | str..|
 *   +--------+----------+----------------------+--------+--------+--------+--------+--------+------+
 *
 * The fill word is the one that outlives a firing: with -x bufpolicy=fill, the bytes of records
 * this CPU's buffer has taken (past the limit once it is full). The timestamp word is 0 when a
 * firing starts and keeps the firing's first reading of timestamp, which, as in DTrace, stays
 * the same for the whole firing, across all its clauses.
 */
#define DT_MST_PRID 0
#define DT_MST_MASK 8
#define DT_MST_ARGS 16
#define DT_MST_ERRNO 96
#define DT_MST_FAULT 104
#define DT_MST_FADDR 112
#define DT_MST_FILL 120
#define DT_MST_TSTAMP 128
#define DT_MST_TEMP 136

/*
 * A global or clause-local string variable holding DTrace's NULL string: its slot's first two
 * bytes, a NUL and 0xff, read as one 16-bit word (little-endian). "" is a NUL then a byte that
 * is never 0xff (dt_cg_lval_store clears the mark); -x strsize is at least 2.
 */
#define DT_STR_NULL 0xff00

/*
 * Scratch space: what alloca() and copyin() allocate and what copyinto(), bcopy() and
 * stores through pointers may write, in programs whose clauses use it. scratchsize bytes at
 * scratch_off in the scratch value, after this-> variables and strtok()'s state; each clause
 * that uses it starts with none of it allocated (DTrace frees it at the end of the clause):
 *
 *   +0          +8       +16                         +16 + scratchsize
 *   +-----------+--------+---------------------------+-----------------------------------+
 *   | base      | used   | data: allocations, each   | the clause's other temporaries    |
 *   |           | bytes  | 8-byte aligned            | (scratchsize bytes at least)      |
 *   +-----------+--------+---------------------------+-----------------------------------+
 *
 * base is the address of data, written as a pointer: it reads back as a plain number, so
 * scratch pointers are plain 64-bit values, as in DTrace, that D variables keep. A write
 * turns one back into a pointer the verifier accepts by its offset from base, checked
 * against used. The verifier bounds a copy's offset and its size separately, so the value
 * reaches scratchsize bytes past the data.
 */
#define DT_SCR_BASE 0
#define DT_SCR_USED 8
#define DT_SCR_DATA 16

/*
 * A subprogram after main (at instruction 0): where it starts, its name and argument count
 * (r1 .. r<nargs>, 64-bit integers) for the BTF that describes it at load, and whether it is
 * global. The kernel verifies a global function once, whatever its callers pass, where it
 * walks a static one again at each call site.
 */
typedef struct dt_irfunc {
	int label;
	int nargs;
	bool global;
	char name[24];
} dt_irfunc_t;

typedef struct dt_irbuf {
	struct bpf_insn *insns;
	size_t len, cap;
	/*
	 * Where each instruction came from, in parallel with insns: the location of the node
	 * being generated when it was emitted (loc), NULL for code of no node (prologues).
	 * A codegen error or a verifier rejection at instruction i points at *locs[i].
	 */
	const dt_loc_t **locs;
	const dt_loc_t *loc;
	/* Labels: position once placed (-1 before). Jumps and calls: resolved by dt_ir_finish. */
	DT_VEC(long) label_pos;
	DT_VEC(struct dt_jump { size_t at; int label; bool call; int tag; }) jumps;
	int tag;		/* the caller's mark on what it emits now (a clause) */
	int far_tag;		/* dt_ir_finish: the tag of a jump that needed gotol */
	size_t nbadoff;		/* instructions whose memory offset did not fit 16 bits */
	int badoff_reg;		/* the first one's base register */
	DT_VEC(dt_irfunc_t) funcs;	/* in the order they are placed */
} dt_irbuf_t;

void dt_ir_init(dt_irbuf_t *ir);
void dt_ir_fini(dt_irbuf_t *ir);
void dt_ir_emit(dt_irbuf_t *ir, struct bpf_insn insn);
int dt_ir_label(dt_irbuf_t *ir);			/* a new, unplaced label */
void dt_ir_place(dt_irbuf_t *ir, int label);		/* the label is the next instruction */
/* Jumps to labels: op is BPF_JEQ etc.; BPF_JA for unconditional. */
void dt_ir_jmp_imm(dt_irbuf_t *ir, int op, int reg, int32_t imm, int label);
void dt_ir_jmp_reg(dt_irbuf_t *ir, int op, int dst, int src, int label);
void dt_ir_ja(dt_irbuf_t *ir, int label);
/* A BPF-to-BPF call of the subprogram starting at label (its offset goes in imm). */
void dt_ir_call(dt_irbuf_t *ir, int label);
/* The subprogram that starts at label (placed later, in the order of these calls). */
void dt_ir_func(dt_irbuf_t *ir, int label, const char *name, int nargs, bool global);
/* Where subprogram f starts (after dt_ir_finish). */
size_t dt_ir_func_at(const dt_irbuf_t *ir, const dt_irfunc_t *f);
/*
 * Resolve every jump and call, with gotol and trampolines for jumps beyond 16 bits, which
 * have_gotol(arg) must allow (asked only then; NULL: never). Returns 0; -1 a jump to an
 * unplaced label (a bug); -2 a jump needs gotol, which the kernel lacks: ir->far_tag says
 * whose. Label positions stay valid.
 */
int dt_ir_finish(dt_irbuf_t *ir, bool (*have_gotol)(void *arg), void *arg);

/* Instruction constructors (the kernel's filter.h macros are not UAPI). */
static inline struct bpf_insn
dt_insn(uint8_t code, uint8_t dst, uint8_t src, int16_t off, int32_t imm)
{
	struct bpf_insn i = {.code = code, .dst_reg = dst, .src_reg = src, .off = off, .imm = imm};
	return i;
}
#define DT_ALU64_IMM(op, d, imm) dt_insn(BPF_ALU64 | BPF_OP(op) | BPF_K, d, 0, 0, imm)
#define DT_ALU64_REG(op, d, s) dt_insn(BPF_ALU64 | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define DT_ALU32_IMM(op, d, imm) dt_insn(BPF_ALU | BPF_OP(op) | BPF_K, d, 0, 0, imm)
#define DT_ALU32_REG(op, d, s) dt_insn(BPF_ALU | BPF_OP(op) | BPF_X, d, s, 0, 0)
#define DT_MOV64_IMM(d, imm) DT_ALU64_IMM(BPF_MOV, d, imm)
#define DT_MOV64_REG(d, s) DT_ALU64_REG(BPF_MOV, d, s)
/*
 * Loads and stores take their offset unnarrowed: one that does not fit the 16-bit field makes
 * an instruction with no valid opcode, with the base register in dst, which dt_ir_emit
 * counts, so code generation refuses the program instead of emitting a wrapped offset.
 */
#define DT_INSN_BADOFF 0xff
static inline struct bpf_insn
dt_insn_mem(uint8_t code, uint8_t dst, uint8_t src, long off, int32_t imm)
{
	if (off < INT16_MIN || off > INT16_MAX)
		return dt_insn(DT_INSN_BADOFF, BPF_CLASS(code) == BPF_LDX ? src : dst, 0, 0, 0);
	return dt_insn(code, dst, src, (int16_t)off, imm);
}
#define DT_LDX(sz, d, s, off) dt_insn_mem(BPF_LDX | BPF_SIZE(sz) | BPF_MEM, d, s, off, 0)
#define DT_STX(sz, d, s, off) dt_insn_mem(BPF_STX | BPF_SIZE(sz) | BPF_MEM, d, s, off, 0)
#define DT_ST(sz, d, off, imm) dt_insn_mem(BPF_ST | BPF_SIZE(sz) | BPF_MEM, d, 0, off, imm)
#define DT_CALL(fn) dt_insn(BPF_JMP | BPF_CALL, 0, 0, 0, fn)
#define DT_EXIT() dt_insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
/* Signed division and modulo (BPF ISA v4): the offset field 1 selects the signed form. */

void dt_ir_ld_imm64(dt_irbuf_t *ir, int reg, uint64_t v);
void dt_ir_ld_map(dt_irbuf_t *ir, int reg, int map_index);		/* map pointer */
void dt_ir_ld_mapval(dt_irbuf_t *ir, int reg, int map_index, uint32_t off); /* &value[0]+off */
void dt_cg_dyn_give(dt_irbuf_t *ir);	/* a dynamic variable's place back to dynvarsize's pool */

struct dt_handle;
struct dt_bpfprog;

/* What a program's clauses read, so the prologue computes only that. */
#define DT_NEED_ARGS 0x1
#define DT_NEED_ERRNO 0x2

typedef struct dt_cg {
	dt_compile_t *cc;	/* the compile: its types and the kernel's BTF */
	struct dt_handle *dtp;
	dt_program_t *prog;
	dt_irbuf_t ir;
	uint32_t strsize;
	/* Temporaries in the scratch value, bump-allocated per clause: the high-water mark sizes
	 * the scratch map. */
	uint32_t temp_off, temp_max;
	/* Where each clause's temporaries start: after this-> variables and, in a program
	 * that calls strtok(), its state (at strtok_off in the scratch value; else 0). */
	uint32_t temp_base, strtok_off;
	uint32_t scratch_off;	/* the scratch space (DT_SCR_*) in the scratch value, or 0 */
	int stack_depth;	/* bytes of the BPF stack used by spills (grows down from fp) */
	int stack_max;
	int prog_exit;		/* label: return 0 from the program */
	/* Set by a prologue that fires several probes on one event: after the clauses, the
	 * program jumps back to again_label (in the prologue) for the next probe. */
	bool again;
	int again_label;
	int clause_exit;	/* label: end of the current clause */
	int clause_fault;	/* label: fault path of the current clause */
	bool fault_used;	/* something in the clause jumps to clause_fault */
	int clause_drop;	/* label: drop the record, end the clause (speculate( ) of no
				 * active speculation) */
	bool drop_used;
	int pred_fault;		/* label: fault path of the predicate (no record yet) */
	bool pred_fault_used;
	int cur_stmt;		/* 0 in the predicate, else the statement number (1-based) */
	int stack_skip;		/* kernel frames stack() skips: the tracing machinery's own
				 * (set by the provider's prologue) */
	uint64_t skip_lo, skip_hi;	/* a kernel frame whose PC is in [skip_lo, skip_hi)
					 * is skipped too, when it comes first after
					 * stack_skip: machinery present only sometimes
					 * (0: none). The provider's prologue names the
					 * function in skip_sym; the range is looked up in
					 * kallsyms only when a clause takes a kernel stack
					 * (loading kallsyms costs ~50 ms and 14 MB) */
	char skip_sym[128];
	dt_loc_t cur_loc;	/* what a fault here points at */
	bool in_record;		/* r8 holds a reserved record */
	bool in_end;		/* the program is END's (bufpolicy=fill: it has its reserve) */
	bool in_consumer;	/* BEGIN's, END's or ERROR's: it runs in the consumer's call */
	/* dtrace:::ERROR's clauses, run at a fault in the firing (dt_cg_error): the label of
	 * the subprogram (-1: none, in ERROR's own program or without ERROR clauses), whether
	 * a fault path calls it, whether one of them calls exit( ), whether they are being
	 * generated (their own faults do not fire ERROR again, as in DTrace) */
	int error_fn;
	bool error_used, error_exits, in_error;
	/* p of the latest p->m in the clause, in a temporary (0: none yet): a read through a
	 * NULL p faults at 0, as DTrace's, not at the member's offset */
	uint32_t arrow_base;
	bool kload_arrow;	/* the next dt_cg_kload reads p->m (or p->m.n ...) */
	bool dmem_store;	/* dt_cg_kaddr computes an address a store will use */
	dt_clause_t *clause;
	unsigned needs;		/* DT_NEED_* of the clauses compiled so far */
	/* Library routines the clauses call (dt_cg_lib.c), their bodies emitted after the
	 * clauses, and the call sites' references to where each leaves its result. */
	DT_VEC(struct dt_cglib) libs;
	DT_VEC(struct dt_cglibref { size_t at; size_t lib; bool off; }) librefs;
	bool in_lib;		/* emitting a library routine's body */
	const char *err;	/* a code generation failure (message) */
	const char *err_hint;	/* what to do about it, or NULL */
	dt_loc_t err_loc;	/* where: the node being generated, else its clause */
} dt_cg_t;

/* ---- shared by the dt_cg*.c files ---------------------------------------------------- */

#define IR(cg) (&(cg)->ir)
#define EMIT(cg, insn) dt_ir_emit(IR(cg), insn)

/* Short forms for the emitters of loops over the scratch value (dt_cg_subr.c, dt_cg_path.c):
 * labels and jumps, and 8-byte words (MST, MLD, MSTI) and bytes (LDB) at r7 + off. */
#define LBL() dt_ir_label(IR(cg))
#define PLACE(l) dt_ir_place(IR(cg), l)
#define JIMM(op, r, imm, l) dt_ir_jmp_imm(IR(cg), op, r, (int32_t)(imm), l)
#define JREG(op, a, b, l) dt_ir_jmp_reg(IR(cg), op, a, b, l)
#define JA(l) dt_ir_ja(IR(cg), l)
#define MST(off, reg) EMIT(cg, DT_STX(BPF_DW, 7, reg, (long)(off)))
#define MLD(reg, off) EMIT(cg, DT_LDX(BPF_DW, reg, 7, (long)(off)))
#define MSTI(off, imm) EMIT(cg, DT_ST(BPF_DW, 7, (long)(off), (int32_t)(imm)))
#define LDB(reg, base, off) EMIT(cg, DT_LDX(BPF_B, reg, base, (long)(off)))

/* Fixed stack slots below the frame pointer; spills start below them. */
#define FP_KEY (-8)		/* a u32 map key */
#define FP_TID (-16)		/* the thread key of self-> variables */
#define FP_VAL (-24)		/* a value for map updates */
#define FP_DISP (-32)		/* shared programs: the dispatch value (probe id, clause mask) */
#define FP_SPILL0 (-40)
#define FP_MAXSPILL 48

/* Record a code generation failure at the node being generated (the first one wins). */
void dt_cg_fail(dt_cg_t *cg, const char *msg);
/* Spill r0 to a new stack slot (returns its offset); pop the newest slot into reg. */
int dt_cg_push(dt_cg_t *cg);
void dt_cg_pop(dt_cg_t *cg, int reg);
/* A scratch area of size bytes in the per-CPU value, live until the end of the clause. */
uint32_t dt_cg_temp(dt_cg_t *cg, uint32_t size);
void dt_cg_zero(dt_cg_t *cg, int base, uint32_t off, uint32_t size);
void dt_cg_prid(dt_cg_t *cg, int reg);
void dt_cg_int(dt_cg_t *cg, int reg, uint64_t v);
void dt_cg_normalize(dt_cg_t *cg, int reg, uint32_t size, bool is_signed);
void dt_cg_conv(dt_cg_t *cg, int reg, const dt_type_t *from, const dt_type_t *to);
void dt_cg_setcc(dt_cg_t *cg, int jop, int dst, int src);
/* r0 = the expression's value (integer normalized to its type, or a string pointer). */
void dt_cg_expr(dt_cg_t *cg, dt_node_t *n);
/* r0 = the address an object expression designates (p->m, s.m, *p, a[i], a variable). */
void dt_cg_kaddr(dt_cg_t *cg, dt_node_t *n);
/* Offset of a string literal in the string table (interned). */
uint32_t dt_cg_strtab(dt_cg_t *cg, const char *s, size_t len);
/* The most bytes a string expression can hold. */
uint32_t dt_cg_strcap(dt_cg_t *cg, const dt_node_t *n);
/* Write string expression n into [dst_reg + off, + size), NUL-terminated. */
void dt_cg_str_into(dt_cg_t *cg, dt_node_t *n, int dst_reg, int32_t off, uint32_t size);
/* Can string expression n be DTrace's NULL string (0)? */
bool dt_cg_str_may_null(const dt_node_t *n);
/* n, whose value is in r0, is read: if it may be NULL, a NULL is a fault pointing at at. */
void dt_cg_str_nonnull(dt_cg_t *cg, const dt_node_t *n, const dt_loc_t *at);
/* r0 = comparison of two string expressions (negative, zero, positive). */
void dt_cg_strcmp(dt_cg_t *cg, dt_node_t *l, dt_node_t *r);
/* A fault of kind DT_FAULT_*: the clause stops, the consumer reports it. */
void dt_cg_fault(dt_cg_t *cg, int kind);
/* stats[cpu].word += 1 */
void dt_cg_stat_inc(dt_cg_t *cg, int word_off);
/* Subroutine calls (dt_cg_subr.c). */
void dt_cg_subr(dt_cg_t *cg, dt_node_t *n);
/* Does the clause call strtok()? Then its program keeps strtok's state (dt_cg_program). */
bool dt_cg_calls_strtok(dt_cg_t *cg, const dt_node_t *n);
/* Does it use scratch space (DT_SCR_*)? Then the program has it and its clauses reset it. */
bool dt_cg_uses_scratch(dt_cg_t *cg, const dt_node_t *n);
/* At the start of each clause of a program with scratch space: none of it allocated yet. */
void dt_cg_scratch_reset(dt_cg_t *cg);
/* r0 = a pointer the verifier accepts to the size bytes at the address in r0, which must lie
 * in what the clause has allocated of its scratch space; else an invalid address fault. */
void dt_cg_scratch_ptr(dt_cg_t *cg, uint32_t size);
/* Before a read of r2 bytes at the address in DT_MST_FADDR: an address in the clause's
 * scratch space must lie in what it has allocated (a copy may start at its end). */
void dt_cg_scratch_read_check(dt_cg_t *cg, bool copy);
/* Is n a global or clause-local variable, or a member or element of one: D memory? */
bool dt_cg_is_dmem(dt_cg_t *cg, const dt_node_t *n);
#define DT_STRTOK_SIZE(cg) (8 + (uint32_t)DT_ALIGN((cg)->strsize, 8))
void dt_cg_copystr(dt_cg_t *cg, uint32_t off, int size_reg_or_neg, uint32_t size, int helper);
/* The scratch bytes at off = size bytes of kernel memory at r3; a failed read is a fault. */
void dt_cg_kread_scratch(dt_cg_t *cg, uint32_t off, int size);
/* d_path(p), and dlibs/io.d's __fi_pathname(p) and __fi_mount(p) (dt_cg_path.c). */
void dt_cg_d_path(dt_cg_t *cg, dt_node_t *n);
/* Byte offset of member mem in struct sname, from the kernel's BTF (loaded once), or -1. */
int dt_cg_btf_offset(dt_cg_t *cg, const char *sname, const char *mem);
/* r0 = the size bytes (1 to 8) at kernel address r0; a bad address is a fault */
void dt_cg_kload(dt_cg_t *cg, uint32_t size);
/* realtime minus TAI, in ns (walltimestamp). */
int64_t dt_cg_tai_to_real(void);
/* stack()/ustack() written into [base + off, + size) (zeroed past the last frame). */
void dt_cg_stack_into(dt_cg_t *cg, int fmt, int base, int32_t off, uint32_t size);
/* ustack(), uaddr(), usym(), umod() into [base + off, + size): the process id, then the data. */
void dt_cg_user_into(dt_cg_t *cg, struct dt_node *e, int fmt, int base, int32_t off,
		     uint32_t size);
/*
 * Library routines (dt_cg_lib.c): code emitted once per program as a subprogram and called,
 * not inlined at each call site. A body is emitted for each distinct key (capacities, a
 * variant) it is called with; it reads its arguments with dt_cg_lib_arg, may fault (a
 * probe read of a bad address: the fault is the caller's, at the call), and returns the
 * offset in the scratch value where it left its result: a string, or a 64-bit integer.
 */
struct dt_cglib;
typedef uint32_t dt_cg_libbody_f(dt_cg_t *cg, const struct dt_cglib *lib);
typedef struct dt_cglib {
	dt_cg_libbody_f *body;
	const char *name;	/* the subprogram's name: dt_<name> */
	uint32_t key[3];	/* what the body depends on: capacities, a variant */
	int nargs;		/* r1 .. r<nargs> at the call: integers (a string: its address) */
	int label;		/* the subprogram */
	uint32_t res;		/* where the result is, once the body is emitted */
} dt_cglib_t;
/*
 * Call the routine (its body and key in lib; the arguments in r1 .. r<nargs>). flags:
 * DT_LIB_FAULTS, the body may fault; DT_LIB_NULL, it may return DTrace's NULL string (r0 =
 * 0). r0 = its integer result, or with cap a copy of its string result (at most cap bytes)
 * in a new temporary of the caller's.
 */
#define DT_LIB_FAULTS 1u
#define DT_LIB_NULL 2u
void dt_cg_lib_call(dt_cg_t *cg, const dt_cglib_t *lib, unsigned flags, uint32_t cap);
/* At a call: r1 .. r<k> = the expressions args[0 .. k - 1] (1 <= k <= 5), in that order. */
void dt_cg_lib_args(dt_cg_t *cg, struct dt_node *const *args, int k);
/* The call of subroutine n: its first lib->nargs arguments, then dt_cg_lib_call. */
void dt_cg_lib_subr(dt_cg_t *cg, struct dt_node *n, const dt_cglib_t *lib, unsigned flags,
		    uint32_t cap);
/* In a body: register reg = argument i (0-based). */
void dt_cg_lib_arg(dt_cg_t *cg, int reg, int i);
/* In a body: the fault path (r0 = 1, return; the caller makes it a fault at its call). */
void dt_cg_lib_fault(dt_cg_t *cg);
/* In a body: return DTrace's NULL string (r0 = 2; a DT_LIB_NULL call's result is 0). */
void dt_cg_lib_null(dt_cg_t *cg);
/* The bodies of the routines the clauses called, after them (dt_cg_program). */
int dt_cg_lib_emit(dt_cg_t *cg);
/* Aggregating assignments (dt_cg_agg.c). */
void dt_cg_aggregate(dt_cg_t *cg, dt_node_t *assign);

/*
 * Clauses one shared program can dispatch to: mask words of 64. The dispatch value:
 *   struct { u32 probe_id; u32 pad; u64 clause_mask[DT_MAX_MASKED_CLAUSES / 64]; }
 * probe_id 0: no probe enabled for that key.
 */
#define DT_MAX_MASKED_CLAUSES (64 * 16)
#define DT_DISP_VALSIZE (8 + DT_MAX_MASKED_CLAUSES / 8)
/* Maps one program may use: the kernel's MAX_USED_MAPS. */
#define DT_MAX_PROG_MAPS 64
/* Subprograms a program may have: the kernel allows 256 in all (main included). */
#define DT_MAX_SUBPROGS 200

/* r7 = this CPU's scratch value (prologues call it; returns from the program on failure). */
void dt_cg_mstate(dt_cg_t *cg);

/* Does the clause's code read args (the prologue must load them)? */
unsigned dt_cg_clause_needs(const dt_clause_t *cl);

/* Emit the code of one clause (predicate, record, statements). */
void dt_cg_clause(dt_cg_t *cg, dt_clause_t *cl);
/* Does the clause enable dtrace:::ERROR? */
bool dt_cg_is_error_clause(const dt_clause_t *cl);

/*
 * Build the program of one attach point: the provider's prologue, then every clause that
 * enables one of its probes, in program order. Returns 0 or -1 with cg->err.
 */
int dt_cg_program(dt_cg_t *cg, struct dt_bpfprog *bp);

/*
 * The back end (dt_link.c): group the program's probes into BPF programs (dtp->bpfprogs),
 * generate each, size the scratch value (prog->mstate_size), make the thread-exit cleanup
 * program (dtp->reclaim); -S prints them. Kernel struct offsets come from cc's types (one BTF
 * handle per compile). 0, or -1 with the error in cc->diags.
 */
int dt_cg_link(dt_compile_t *cc, dt_program_t *prog);

/* -S: the instructions as text, in the verifier's notation (dt_disasm.c). */
int dt_disasm_insn(dt_strbuf_t *sb, const struct bpf_insn *in, size_t left);
void dt_disasm(FILE *fp, const char *name, const struct bpf_insn *insns, size_t n);
/* The same for a finished program, with the names of its subprograms (clauses, library). */
void dt_disasm_ir(FILE *fp, const char *name, const dt_irbuf_t *ir);

#endif /* DT_CODEGEN_H */
