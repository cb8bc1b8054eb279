/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_cg_subr.c: code generation for D's subroutines (copyinstr, strlen, strjoin, ...).
 *
 * Each subroutine leaves its result in r0 like any expression: an integer, or a pointer to a
 * NUL-terminated string in the per-CPU scratch value (dt_cg_temp). Reads of user or kernel
 * memory go through the probe-read helpers; a bad address is a fault (dt_cg_fault), never a
 * silent zero.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/libbpf.h>

#include "../runtime/dt_runtime.h"
#include "dt_codegen.h"

/* ---- subroutines ---------------------------------------------------------------------- */

/*
 * r0 = r7 + off after copying a string from the address in r3 into the scratch value at off
 * (size bytes, NUL-terminated) with the given probe-read helper; a bad address is a fault.
 */
void
dt_cg_copystr(dt_cg_t *cg, uint32_t off, int size_reg_or_neg, uint32_t size, int helper)
{
	int ok = dt_ir_label(IR(cg));

	EMIT(cg, DT_STX(BPF_DW, 7, 3, DT_MST_FADDR));
	if (helper == BPF_FUNC_probe_read_kernel_str && cg->scratch_off && !cg->in_lib) {
		/* a string in alloca'd memory: at least its first byte allocated */
		EMIT(cg, DT_MOV64_IMM(2, 1));
		dt_cg_scratch_read_check(cg, false);
		MLD(3, DT_MST_FADDR);
	}
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	if (size_reg_or_neg >= 0)
		EMIT(cg, DT_MOV64_REG(2, size_reg_or_neg));
	else
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)size));
	EMIT(cg, DT_CALL(helper));
	dt_ir_jmp_imm(IR(cg), BPF_JSGE, 0, 0, ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	dt_ir_place(IR(cg), ok);
	EMIT(cg, DT_MOV64_REG(0, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)off));
}


/* ---- helpers for the string subroutines ------------------------------------------------ */

/*
 * The verifier and loops. A loop here is a plain bounded loop whose counter is a constant
 * along each path (0, 1, 2, ... up to a capacity), so the verifier walks it once per
 * iteration and every buffer offset it sees is exact. Everything else a loop carries
 * (lengths, positions found, accumulators, flags) lives in the scratch value, stored and
 * reloaded around each use: the verifier does not track map memory, so the states at the
 * loop head differ only in the counter and the paths that branch inside an iteration merge
 * again at the next one. A register holding, say, a string length across iterations would
 * get its range narrowed differently on each path (length > 3, length > 4, ...) and the
 * paths would never merge. For the same reason every subroutine stores its result position
 * in memory and joins all its exits at one label before using it: the code after the
 * subroutine is then verified once, not once per loop exit.
 */

/*
 * Copy the string at the address in r0 into the scratch buffer at off (cap bytes,
 * NUL-terminated) and leave its length in r0, in [0, cap - 1]. An unreadable source counts
 * as empty.
 */
static void
dt_cg_sload_r0(dt_cg_t *cg, uint32_t off, uint32_t cap)
{
	int a = LBL(), b = LBL();

	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)cap));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 1));
	JIMM(BPF_JSGE, 0, 0, a);
	EMIT(cg, DT_ST(BPF_B, 7, off, 0));
	EMIT(cg, DT_MOV64_IMM(0, 0));
	PLACE(a);
	JIMM(BPF_JLE, 0, cap - 1, b);
	EMIT(cg, DT_MOV64_IMM(0, (int32_t)cap - 1));
	PLACE(b);
}

/* The same for a library routine's argument i (its body's). */
static void
dt_cg_sload_arg(dt_cg_t *cg, int i, uint32_t off, uint32_t cap)
{
	dt_cg_lib_arg(cg, 0, i);
	dt_cg_sload_r0(cg, off, cap);
}

/*
 * r0 = r7 + dst after copying n characters from src + from, where the scratch words at
 * from_off and n_off hold from and n (any values: they are clamped to the buffers), into
 * the buffer at dst of cap bytes, NUL-terminated. n <= 0 gives "".
 */
static void
dt_cg_scopy(dt_cg_t *cg, uint32_t dst, uint32_t cap, uint32_t src, uint32_t srccap,
	    uint32_t from_off, uint32_t n_off)
{
	int empty = LBL(), done = LBL(), a = LBL();

	MLD(3, from_off);
	MLD(2, n_off);
	JIMM(BPF_JSLE, 2, 0, empty);
	JIMM(BPF_JSLT, 3, 0, empty);
	JIMM(BPF_JGE, 3, srccap, empty);
	JIMM(BPF_JLE, 2, cap - 1, a);
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)cap - 1));
	PLACE(a);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, 1));		/* the NUL: size in [2, cap] */
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 3, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, (int32_t)src));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)dst));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
	JA(done);
	PLACE(empty);
	EMIT(cg, DT_ST(BPF_B, 7, dst, 0));
	PLACE(done);
	EMIT(cg, DT_MOV64_REG(0, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)dst));
}

/* Write the short literal lit (with its NUL) at r7 + off. */
static void
dt_cg_slit(dt_cg_t *cg, uint32_t off, const char *lit)
{
	size_t i = 0;

	do
		EMIT(cg, DT_ST(BPF_B, 7, (off + i), lit[i]));
	while (lit[i++]);
}

/*
 * index(s, sub[, start]), rindex(s, sub[, start]) and strstr(s, sub): the position of an
 * occurrence of sub in s goes to the scratch word at pos_off (-1 when there is none), as
 * DTrace defines them:
 *   index: the first occurrence at or after start (default 0; negative means 0); a start at
 *          or past the end finds nothing, except that "" is found at the end.
 *   rindex: the last occurrence at or before start (default the end); a negative start
 *          finds nothing, except that "" is found at 0.
 * The naive search: for each position, a compare loop over sub, 8 bytes a step (a byte a
 * step cost the verifier cap(s) x cap(sub) steps, over its limit of a million instructions
 * for three searches of two strsize-256 strings). Both loops count with constants, so the
 * verifier's work is about cap(s) x cap(sub) / 8 compare steps.
 * The buffer of s (at a_off) must have cap(s) + cap(sub) + 8 bytes: the verifier bounds the
 * position and the compare index separately, and the last compare reads 8 bytes.
 * In a library routine's body: s, sub and (start) the start are its arguments.
 */
static void
dt_cg_search(dt_cg_t *cg, bool reverse, bool start, uint32_t a_off, uint32_t ca, uint32_t cb,
	     uint32_t pos_off)
{
	uint32_t b_off = dt_cg_temp(cg, cb + 8), v = dt_cg_temp(cg, 24);
	int notfound = LBL(), found = LBL(), done = LBL(), outer = LBL(), inner = LBL();
	int next = LBL(), a = LBL(), b = LBL(), cmp = LBL(), step = LBL(), whole = LBL();
	/* v + 0: len(s), v + 8: len(sub), v + 16: start, clamped */

	dt_cg_sload_arg(cg, 0, a_off, ca);
	MST(v + 0, 0);
	dt_cg_sload_arg(cg, 1, b_off, cb);
	MST(v + 8, 0);
	if (start) {
		dt_cg_lib_arg(cg, 0, 2);
	} else if (reverse) {
		MLD(0, v + 0);
	} else {
		EMIT(cg, DT_MOV64_IMM(0, 0));
	}
	MLD(1, v + 0);
	MLD(2, v + 8);
	MSTI(pos_off, -1);
	/* r0 start, r1 len(s), r2 len(sub) */
	if (!reverse) {
		int ok = LBL();

		JIMM(BPF_JSGE, 0, 0, a);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		PLACE(a);
		JREG(BPF_JSLT, 0, 1, ok);
		/* at or past the end: only "" is found, at the end */
		JIMM(BPF_JNE, 2, 0, done);
		MST(pos_off, 1);
		JA(done);
		PLACE(ok);
		JREG(BPF_JSGT, 2, 1, done);
	} else {
		JREG(BPF_JSGT, 2, 1, done);
		JIMM(BPF_JSGE, 0, 0, a);
		JIMM(BPF_JNE, 2, 0, done);
		MSTI(pos_off, 0);
		JA(done);
		PLACE(a);
		/* start = min(start, len(s) - len(sub)) */
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 2));
		JREG(BPF_JSLE, 0, 1, b);
		EMIT(cg, DT_MOV64_REG(0, 1));
		PLACE(b);
	}
	MST(v + 16, 0);

	/* r3 = the position: 0 up, or cap(s) - 1 down; a constant on every path */
	EMIT(cg, DT_MOV64_IMM(3, reverse ? (int32_t)ca - 1 : 0));
	PLACE(outer);
	if (!reverse) {
		JIMM(BPF_JGE, 3, ca, notfound);
		MLD(0, v + 16);
		JREG(BPF_JSLT, 3, 0, next);
		/* past len(s) - len(sub): no room left */
		MLD(0, v + 0);
		MLD(1, v + 8);
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 1));
		JREG(BPF_JSGT, 3, 0, notfound);
	} else {
		JIMM(BPF_JSLT, 3, 0, notfound);
		MLD(0, v + 16);
		JREG(BPF_JSGT, 3, 0, next);
	}
	/*
	 * The verifier follows the fall-through of a branch first and keeps the jump target
	 * for later, at most 8192 of them at once: so the jumps go to the long ways on (the
	 * next character matches) and the fall-through to the short ones (found, or the
	 * next position), which keeps the pending branches to a few per position.
	 */
	EMIT(cg, DT_MOV64_IMM(4, 0));
	PLACE(inner);
	JIMM(BPF_JGE, 4, cb - 1, found);
	MLD(0, v + 8);
	JREG(BPF_JLT, 4, 0, cmp);
	JA(found);
	PLACE(cmp);
	/* 8 bytes at once: s[pos + j ..] ^ sub[j ..], masked to the len(sub) - j left */
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 4));
	EMIT(cg, DT_MOV64_REG(5, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 5, 3));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 5, 4));
	EMIT(cg, DT_LDX(BPF_DW, 5, 5, a_off));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 4));
	EMIT(cg, DT_LDX(BPF_DW, 1, 1, b_off));
	EMIT(cg, DT_ALU64_REG(BPF_XOR, 5, 1));
	JIMM(BPF_JGE, 0, 8, whole);
	EMIT(cg, DT_ALU64_IMM(BPF_LSH, 0, 3));
	EMIT(cg, DT_MOV64_IMM(1, 1));
	EMIT(cg, DT_ALU64_REG(BPF_LSH, 1, 0));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 1, 1));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 5, 1));
	PLACE(whole);
	JIMM(BPF_JEQ, 5, 0, step);
	JA(next);
	PLACE(step);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, 8));
	JA(inner);
	PLACE(next);
	EMIT(cg, DT_ALU64_IMM(reverse ? BPF_SUB : BPF_ADD, 3, 1));
	JA(outer);
	PLACE(found);
	MST(pos_off, 3);
	PLACE(notfound);
	PLACE(done);
}

/*
 * The last path component, or all but it (basename, dirname), as DTrace defines them:
 * trailing slashes do not count; "" gives "." and a string of slashes "/"; dirname of a
 * name with no slash is ".", and of "/name" is "/".
 * One backward scan over the positions (a constant counter, skipping those past the end)
 * with a phase in memory: 0 in the trailing slashes, 1 in the last component, 2 in the
 * slashes before it. It records where the last component ends (v + 8), the slash before it
 * (v + 16) and where the directory part ends (v + 24), each -1 when not met.
 */
static uint32_t
dt_cg_pathpart_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	bool dir = lib->key[0];
	uint32_t ca = lib->key[1], cr = lib->key[2];
	uint32_t a_off = dt_cg_temp(cg, ca), r = dt_cg_temp(cg, cr), v = dt_cg_temp(cg, 56);
	int loop = LBL(), next = LBL(), end = LBL(), p1 = LBL(), p2 = LBL(), out = LBL();
	int special = LBL(), dot = LBL(), slash = LBL();

	dt_cg_sload_arg(cg, 0, a_off, ca);
	MST(v + 0, 0);
	MSTI(v + 8, -1);
	MSTI(v + 16, -1);
	MSTI(v + 24, -1);
	MSTI(v + 32, 0);
	EMIT(cg, DT_MOV64_IMM(3, (int32_t)ca - 1));
	PLACE(loop);
	JIMM(BPF_JSLT, 3, 0, end);
	MLD(0, v + 0);
	JREG(BPF_JSGE, 3, 0, next);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 3));
	LDB(1, 1, a_off);
	MLD(0, v + 32);
	JIMM(BPF_JEQ, 0, 1, p1);
	JIMM(BPF_JEQ, 0, 2, p2);
	/* phase 0 */
	JIMM(BPF_JEQ, 1, '/', next);
	MST(v + 8, 3);
	MSTI(v + 32, 1);
	JA(next);
	PLACE(p1);
	JIMM(BPF_JNE, 1, '/', next);
	MST(v + 16, 3);
	MSTI(v + 32, 2);
	JA(next);
	PLACE(p2);
	JIMM(BPF_JEQ, 1, '/', next);
	MST(v + 24, 3);
	JA(end);
	PLACE(next);
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 3, 1));
	JA(loop);

	PLACE(end);
	MLD(0, v + 8);
	JIMM(BPF_JSLT, 0, 0, special);
	if (!dir) {
		/* from the slash + 1 to the end of the last component */
		MLD(1, v + 16);
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 1));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, 1));
		MST(v + 40, 1);
		MST(v + 48, 0);
	} else {
		MLD(0, v + 16);
		JIMM(BPF_JSLT, 0, 0, dot);
		MLD(0, v + 24);
		JIMM(BPF_JSLT, 0, 0, slash);
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, 1));
		MSTI(v + 40, 0);
		MST(v + 48, 0);
	}
	dt_cg_scopy(cg, r, cr, a_off, ca, v + 40, v + 48);
	JA(out);
	PLACE(special);
	/* no component: "" gives ".", slashes give "/" */
	MLD(0, v + 0);
	JIMM(BPF_JNE, 0, 0, slash);
	PLACE(dot);
	dt_cg_slit(cg, r, ".");
	JA(out);
	PLACE(slash);
	dt_cg_slit(cg, r, "/");
	PLACE(out);
	return r;
}

/* Does pred hold for n or any node under it? */
static bool
dt_cg_any(dt_cg_t *cg, const dt_node_t *n, bool (*pred)(dt_cg_t *, const dt_node_t *))
{
	if (!n)
		return false;
	if (pred(cg, n))
		return true;
	for (size_t i = 0; i < n->list.len; i++)
		if (dt_cg_any(cg, n->list.data[i], pred))
			return true;
	/* an inline's node has its definition in left */
	return dt_cg_any(cg, n->left, pred) || dt_cg_any(cg, n->right, pred) ||
	       dt_cg_any(cg, n->cond, pred) || dt_cg_any(cg, n->pred, pred) ||
	       dt_cg_any(cg, n->body, pred);
}

static bool
dt_cg_is_subr(const dt_node_t *n, int id)
{
	return n->kind == DT_NODE_CALL && n->ident_kind == DT_IDENT_SUBR && n->ident_id == id;
}

static bool
dt_cg_is_strtok(dt_cg_t *cg, const dt_node_t *n)
{
	(void)cg;
	return dt_cg_is_subr(n, DT_SUBR_STRTOK);
}

bool
dt_cg_calls_strtok(dt_cg_t *cg, const dt_node_t *n)
{
	return dt_cg_any(cg, n, dt_cg_is_strtok);
}

/* ---- scratch space: alloca, copyin, copyinto, bcopy (DT_SCR_* in dt_codegen.h) -------- */

/* Does n use scratch space: a memory subroutine, or a store through a pointer? */
static bool
dt_cg_is_scratch_use(dt_cg_t *cg, const dt_node_t *n)
{
	const dt_node_t *t = n->left;

	if (dt_cg_is_subr(n, DT_SUBR_ALLOCA) || dt_cg_is_subr(n, DT_SUBR_COPYIN) ||
	    dt_cg_is_subr(n, DT_SUBR_COPYINTO) || dt_cg_is_subr(n, DT_SUBR_BCOPY))
		return true;
	if (n->kind != DT_NODE_ASSIGN && n->kind != DT_NODE_POSTFIX &&
	    !(n->kind == DT_NODE_UNARY && (n->op == TOK_INC || n->op == TOK_DEC)))
		return false;
	return (t->kind == DT_NODE_MEMBER || (t->kind == DT_NODE_UNARY && t->op == TOK_STAR) ||
		(t->kind == DT_NODE_INDEX && t->ident_kind == DT_IDENT_KINDEX)) &&
	       !dt_cg_is_dmem(cg, t);
}

bool
dt_cg_uses_scratch(dt_cg_t *cg, const dt_node_t *n)
{
	return dt_cg_any(cg, n, dt_cg_is_scratch_use);
}

void
dt_cg_scratch_reset(dt_cg_t *cg)
{
	uint32_t scr = cg->scratch_off;

	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)(scr + DT_SCR_DATA)));
	MST(scr + DT_SCR_BASE, 1);
	MSTI(scr + DT_SCR_USED, 0);
}

/*
 * A new allocation of r0 bytes (any value) in the clause's scratch space, 8-byte aligned as
 * DTrace's are: r9 = its offset in the data and r0 = its size, both in [0, scratchsize] where
 * the verifier sees them; more than is left is a fault, "out of scratch space". r1 = the
 * allocation's address in the scratch value.
 */
static void
dt_cg_scratch_alloc(dt_cg_t *cg)
{
	uint32_t scr = cg->scratch_off, max = cg->dtp->opts.scratchsize;
	int ok = LBL(), fail = LBL();

	JIMM(BPF_JGT, 0, max, fail);
	MLD(1, scr + DT_SCR_USED);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 1, -8));
	JIMM(BPF_JGT, 1, max, fail);
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 0));
	JIMM(BPF_JLE, 2, max, ok);
	PLACE(fail);
	dt_cg_fault(cg, DT_FAULT_NOSCRATCH);
	PLACE(ok);
	MST(scr + DT_SCR_USED, 2);
	EMIT(cg, DT_MOV64_REG(9, 1));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)(scr + DT_SCR_DATA)));
}

/*
 * r1 = a pointer the verifier accepts to [r1, r1 + r2) for an address r1 (a plain number)
 * and a size r2 (any value) that lie in what the clause has allocated of its scratch space,
 * r2 then in [0, scratchsize]. As DTrace checks alloca'd memory: a size over scratchsize, or
 * one that runs past what is allocated, is an invalid size fault (naming the size); an
 * address outside it an invalid address fault (at the address the caller left in the fault
 * address word). A copy of nothing may be anywhere up to their end.
 */
static void
dt_cg_scratch_check(dt_cg_t *cg, bool copy)
{
	uint32_t scr = cg->scratch_off, max = cg->dtp->opts.scratchsize;
	int ok = LBL(), badaddr = LBL(), badsize = LBL();

	MLD(3, scr + DT_SCR_BASE);
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 3));		/* below the data: a huge offset */
	JIMM(BPF_JGT, 2, max, badsize);
	JIMM(BPF_JGT, 1, max, badaddr);
	MLD(4, scr + DT_SCR_USED);
	if (copy) {
		int some = LBL();

		/* nothing to copy: anywhere up to the end will do */
		JIMM(BPF_JNE, 2, 0, some);
		JREG(BPF_JLE, 1, 4, ok);
		dt_ir_ja(IR(cg), badaddr);
		PLACE(some);
	}
	JREG(BPF_JGE, 1, 4, badaddr);
	EMIT(cg, DT_MOV64_REG(3, 1));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 3, 2));
	JREG(BPF_JLE, 3, 4, ok);
	PLACE(badsize);
	MST(DT_MST_FADDR, 2);
	dt_cg_fault(cg, DT_FAULT_BADSIZE);
	PLACE(badaddr);
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	PLACE(ok);
	EMIT(cg, DT_MOV64_REG(3, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 3, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, (int32_t)(scr + DT_SCR_DATA)));
	EMIT(cg, DT_MOV64_REG(1, 3));
}

/*
 * Before a read of r2 bytes (a copy's, or a load's) at the address in the fault address
 * word: one in the clause's
 * scratch space (its header included, so the bytes just below the first allocation count)
 * is checked as DTrace checks alloca'd memory (dt_cg_scratch_check): what the clause has not
 * allocated, or what an earlier clause allocated, faults. Any other address is read as
 * kernel memory. Programs with no scratch space have nothing to check.
 */
void
dt_cg_scratch_read_check(dt_cg_t *cg, bool copy)
{
	uint32_t scr = cg->scratch_off, max = cg->dtp->opts.scratchsize;
	int other = LBL();

	if (!scr)
		return;
	MLD(1, DT_MST_FADDR);
	MLD(3, scr + DT_SCR_BASE);
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 3));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, DT_SCR_DATA));
	JIMM(BPF_JGE, 1, DT_SCR_DATA + max, other);
	MLD(1, DT_MST_FADDR);
	dt_cg_scratch_check(cg, copy);
	PLACE(other);
}

void
dt_cg_scratch_ptr(dt_cg_t *cg, uint32_t size)
{
	uint32_t max = cg->dtp->opts.scratchsize;

	if (!cg->scratch_off) {
		dt_cg_fail(cg, "internal error: a store through a pointer with no scratch space");
		return;
	}
	/* the verifier sees a store of size bytes at up to scratchsize past the data */
	if (size > max)
		cg->temp_max = DT_MAX(cg->temp_max, cg->scratch_off - DT_MST_TEMP + DT_SCR_DATA +
						     max + size);
	/* through memory, the address is a plain number whatever the expression was */
	MST(DT_MST_FADDR, 0);
	MLD(1, DT_MST_FADDR);
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)size));
	dt_cg_scratch_check(cg, false);
	EMIT(cg, DT_MOV64_REG(0, 1));
}

/*
 * A probe read of r2 bytes at r3 into r1 with helper; a bad address is a fault naming r3.
 * Nothing to read is no fault, wherever (the kernel refuses some addresses at any size).
 */
static void
dt_cg_read_or_fault(dt_cg_t *cg, int helper)
{
	int ok = LBL();

	MST(DT_MST_FADDR, 3);
	JIMM(BPF_JEQ, 2, 0, ok);
	EMIT(cg, DT_CALL(helper));
	JIMM(BPF_JEQ, 0, 0, ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	PLACE(ok);
}

/* r0 = the address a pointer argument designates: an array or a char array is its own. */
static void
dt_cg_ptrarg(dt_cg_t *cg, dt_node_t *n)
{
	if (n->kind != DT_NODE_INT &&
	    (n->char_array || dt_type_resolve(n->type)->kind == DT_TYPE_ARRAY))
		dt_cg_kaddr(cg, n);
	else
		dt_cg_expr(cg, n);
}

/*
 * If n designates D memory at an offset known now (an array variable, or & of a member or a
 * constant-indexed element of a variable), that variable, and the offset in it at *off.
 */
static const dt_var_t *
dt_cg_dmem_at(dt_cg_t *cg, const dt_node_t *n, uint32_t *off)
{
	const dt_var_t *v;

	if (n->kind == DT_NODE_UNARY && n->op == TOK_AMP)
		n = n->left;
	else if (!n->char_array && dt_type_resolve(n->type)->kind != DT_TYPE_ARRAY)
		return NULL;
	*off = 0;
	for (;;) {
		if (n->kind == DT_NODE_MEMBER && n->op == TOK_DOT) {
			*off += n->member_off;
		} else if (n->kind == DT_NODE_INDEX && n->ident_kind == DT_IDENT_KINDEX &&
			   n->list.data[0]->kind == DT_NODE_INT &&
			   (n->left->char_array ||
			    dt_type_resolve(n->left->type)->kind == DT_TYPE_ARRAY)) {
			*off += (uint32_t)n->list.data[0]->ival *
				(n->left->char_array ? 1 : dt_type_resolve(n->type)->size);
		} else {
			break;
		}
		n = n->left;
	}
	if ((n->kind != DT_NODE_IDENT && n->kind != DT_NODE_THIS) ||
	    n->ident_kind != DT_IDENT_DVAR)
		return NULL;
	v = cg->prog->vars.data[n->ident_id];
	return (v->kind == DT_VK_GLOBAL || v->kind == DT_VK_THIS) && *off <= v->size ? v : NULL;
}

/*
 * The destination of copyinto() and bcopy(), its address (from dest) in stack slot dslot and
 * the size in sslot: r1 = a pointer the verifier accepts, r2 = the size. It must lie in the
 * clause's scratch space, as in DTrace, or in a D variable of this program (an array
 * variable, or the address of a member or an element of one); else an invalid address fault.
 */
static void
dt_cg_dest(dt_cg_t *cg, const dt_node_t *dest, int dslot, int sslot)
{
	const dt_var_t *v;
	uint32_t off;
	int ok = LBL();

	EMIT(cg, DT_LDX(BPF_DW, 1, 10, dslot));
	MST(DT_MST_FADDR, 1);
	EMIT(cg, DT_LDX(BPF_DW, 2, 10, sslot));
	v = dt_cg_dmem_at(cg, dest, &off);
	if (v) {
		/* the rest of the variable from there: the verifier knows the address */
		JIMM(BPF_JLE, 2, v->size - off, ok);
		dt_cg_fault(cg, DT_FAULT_BADADDR);
		PLACE(ok);
		return;
	}
	MLD(1, DT_MST_FADDR);
	dt_cg_scratch_check(cg, true);
}

/*
 * alloca(size), copyin(addr, size): r0 = the address of a new allocation (zeroed, or the
 * user memory copied there). copyinto(addr, size, dest), bcopy(src, dest, size): user or
 * kernel memory into the destination. A bad source address is a fault, as with copyinstr().
 * Arguments are evaluated in order.
 */
static bool
dt_cg_memsubr_ok(dt_cg_t *cg)
{
	if (!cg->scratch_off)
		dt_cg_fail(cg, "internal error: a memory subroutine with no scratch space");
	return cg->scratch_off != 0;
}

/* r0 = the address of the allocation dt_cg_scratch_alloc just made */
static void
dt_cg_memsubr_result(dt_cg_t *cg)
{
	MLD(0, cg->scratch_off + DT_SCR_BASE);
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 0, 9));
}

static void
dt_cg_subr_alloca(dt_cg_t *cg, dt_node_t *n)
{
	if (!dt_cg_memsubr_ok(cg))
		return;
	dt_cg_expr(cg, n->list.data[0]);
	dt_cg_scratch_alloc(cg);
	/* zeroed, as in DTrace: a probe read of address 0 fails and clears its buffer */
	EMIT(cg, DT_MOV64_REG(2, 0));
	EMIT(cg, DT_MOV64_IMM(3, 0));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	dt_cg_memsubr_result(cg);
}

static void
dt_cg_subr_copyin(dt_cg_t *cg, dt_node_t *n)
{
	dt_node_t **a = n->list.data;
	int slot;

	if (!dt_cg_memsubr_ok(cg))
		return;
	dt_cg_expr(cg, a[0]);
	slot = dt_cg_push(cg);
	dt_cg_expr(cg, a[1]);
	dt_cg_scratch_alloc(cg);
	EMIT(cg, DT_MOV64_REG(2, 0));
	EMIT(cg, DT_LDX(BPF_DW, 3, 10, slot));
	dt_cg_read_or_fault(cg, BPF_FUNC_probe_read_user);
	cg->stack_depth -= 8;
	dt_cg_memsubr_result(cg);
}

/* copyinto() and bcopy() */
static void
dt_cg_subr_copyinto(dt_cg_t *cg, dt_node_t *n)
{
	dt_node_t **a = n->list.data;
	bool into = n->ident_id == DT_SUBR_COPYINTO;
	int slot[3];

	if (!dt_cg_memsubr_ok(cg))
		return;
	for (int i = 0; i < 3; i++) {
		if (into ? i == 2 : i < 2)
			dt_cg_ptrarg(cg, a[i]);
		else
			dt_cg_expr(cg, a[i]);
		slot[i] = dt_cg_push(cg);
	}
	if (into) {
		dt_cg_dest(cg, a[2], slot[2], slot[1]);
	} else {
		/* the source, if alloca'd, first (as DTrace) */
		EMIT(cg, DT_LDX(BPF_DW, 1, 10, slot[0]));
		MST(DT_MST_FADDR, 1);
		EMIT(cg, DT_LDX(BPF_DW, 2, 10, slot[2]));
		dt_cg_scratch_read_check(cg, true);
		dt_cg_dest(cg, a[1], slot[1], slot[2]);
	}
	EMIT(cg, DT_LDX(BPF_DW, 3, 10, slot[0]));
	dt_cg_read_or_fault(cg, into ? BPF_FUNC_probe_read_user : BPF_FUNC_probe_read_kernel);
	cg->stack_depth -= 24;
	EMIT(cg, DT_MOV64_IMM(0, 0));
}

/* r1 = the byte at r7 + off + r3; r4 = 1 if it is the NUL, else 0 (with no branch). */
static void
dt_cg_ldb_nul(dt_cg_t *cg, uint32_t off)
{
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 3));
	LDB(1, 1, off);
	EMIT(cg, DT_MOV64_REG(4, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 4, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 4, 63));
}

/*
 * For the character in r1 and the 256-bit set at r7 + set: r2 = r7 + the offset of its byte
 * (less set), register dst = that byte, r1 = the character's bit in it.
 */
static void
dt_cg_setbyte(dt_cg_t *cg, int dst, uint32_t set)
{
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 2, 3));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 7));
	LDB(dst, 2, set);
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 1, 7));
}

/* The scratch word at off becomes r3 where register c (0 or 1) says so, with no branch. */
static void
dt_cg_set_if(dt_cg_t *cg, uint32_t off, int c)
{
	MLD(2, off);
	EMIT(cg, DT_MOV64_REG(4, 3));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 4, 2));
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 4, c));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 4));
	MST(off, 2);
}

/*
 * strtok(s, delims), as DTrace defines it: the next token of s, a run of characters not in
 * delims after those that are; NULL when only delimiters are left. strtok(NULL, delims) goes on where the previous call of this probe firing stopped:
 * at the delimiter that ended its token, which other delimiters may make part of the next
 * one. With no string in this firing, that is an invalid address fault at 0, as in DTrace.
 * The state lives at cg->strtok_off, reset before the clauses run (dt_cg_program):
 *
 *   +----------+-----------------------------+
 *   | position | s, copied (strsize bytes)   |      position -1: no string yet
 *   +----------+-----------------------------+
 *
 * The delimiters become a 256-bit set. Then one pass over every position (from 0: the
 * counter is a constant) runs the scan as arithmetic, with no branch on the data: the phase
 * (0 among delimiters, 1 in the token, 2 done) and the token's start and end move only where
 * the position is at or past the saved one. The verifier pushes the other side of every
 * data-dependent branch for later, at most 8192 at once; with branches a few strtok() calls
 * in one clause, each with a loop of strsize steps, went past that.
 */
static uint32_t
dt_cg_strtok_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	bool fresh = lib->key[0];
	uint32_t ss = cg->strsize, st = cg->strtok_off, buf = st + 8;
	uint32_t cd = lib->key[1], cr = lib->key[2];
	uint32_t d_off = dt_cg_temp(cg, cd), set = dt_cg_temp(cg, 32), r = dt_cg_temp(cg, cr);
	uint32_t v = dt_cg_temp(cg, 40);
	int have = LBL(), dl_loop = LBL(), loop = LBL(), tok = LBL();
	/* v + 0: phase, v + 8: token start, v + 16: its end, v + 24: found one, v + 32: the
	 * delimiters go on (no NUL yet) */

	/* the string: a new one, or (NULL) the one this firing is going through */
	if (fresh) {
		dt_cg_sload_arg(cg, 0, buf, ss);
		MSTI(st, 0);
	} else {
		MLD(0, st);
		JIMM(BPF_JSGE, 0, 0, have);
		MSTI(DT_MST_FADDR, 0);
		dt_cg_fault(cg, DT_FAULT_BADADDR);
		PLACE(have);
	}

	/* the delimiters' set, bit c & 7 of byte c >> 3, for each c before the NUL */
	for (uint32_t i = 0; i < 32; i += 8)
		MSTI(set + i, 0);
	dt_cg_sload_arg(cg, fresh, d_off, cd);
	MSTI(v + 32, 1);
	EMIT(cg, DT_MOV64_IMM(3, 0));
	PLACE(dl_loop);
	dt_cg_ldb_nul(cg, d_off);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 4, 1));		/* r4 = c is not the NUL */
	MLD(0, v + 32);
	EMIT(cg, DT_ALU64_REG(BPF_AND, 0, 4));
	MST(v + 32, 0);
	dt_cg_setbyte(cg, 5, set);
	EMIT(cg, DT_ALU64_REG(BPF_LSH, 0, 1));
	EMIT(cg, DT_ALU64_REG(BPF_OR, 5, 0));
	EMIT(cg, DT_STX(BPF_B, 2, 5, set));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	JIMM(BPF_JLT, 3, cd, dl_loop);

	MSTI(v + 0, 0);
	MSTI(v + 8, 0);
	MSTI(v + 16, 0);
	MSTI(v + 24, 0);
	EMIT(cg, DT_MOV64_IMM(3, 0));
	PLACE(loop);
	dt_cg_ldb_nul(cg, buf);				/* r4 = z: c is the NUL */
	dt_cg_setbyte(cg, 2, set);			/* r2 = d: c is a delimiter */
	EMIT(cg, DT_ALU64_REG(BPF_RSH, 2, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 2, 1));
	MLD(0, st);					/* r0 = at or past the position */
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 3));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 0, 63));
	MLD(5, v + 0);
	EMIT(cg, DT_MOV64_REG(1, 5));			/* r1 = a0: in phase 0 here */
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 1, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 1, 63));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 1, 0));
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 5, 1));		/* r5 = a1: in phase 1 here */
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 5, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 5, 63));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 5, 0));
	EMIT(cg, DT_MOV64_REG(0, 4));			/* r0 = the token starts: a0 & !(z | d) */
	EMIT(cg, DT_ALU64_REG(BPF_OR, 0, 2));
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 0, 1));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 0, 1));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 1, 4));		/* r1 = it ends: a0 & z | a1 & (z | d) */
	EMIT(cg, DT_ALU64_REG(BPF_OR, 4, 2));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 4, 5));
	EMIT(cg, DT_ALU64_REG(BPF_OR, 1, 4));
	MLD(2, v + 24);
	EMIT(cg, DT_ALU64_REG(BPF_OR, 2, 0));
	MST(v + 24, 2);
	/* start = pos if it starts, end = pos if it ends; phase += starts + ends * (2 - phase) */
	dt_cg_set_if(cg, v + 8, 0);
	dt_cg_set_if(cg, v + 16, 1);
	MLD(2, v + 0);
	EMIT(cg, DT_MOV64_IMM(4, 2));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 4, 2));
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 4, 1));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 0));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 4));
	MST(v + 0, 2);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	JIMM(BPF_JLT, 3, ss, loop);

	/* the next call starts at the end; the token is [start, end), if there is one */
	MLD(1, v + 16);
	MST(st, 1);
	MLD(0, v + 8);
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 0));
	MLD(2, v + 24);
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 1, 2));
	MST(v + 24, 1);
	JIMM(BPF_JNE, 2, 0, tok);
	dt_cg_lib_null(cg);
	PLACE(tok);
	dt_cg_scopy(cg, r, cr, buf, ss, v + 8, v + 24);
	return r;
}

/* Register dst = 1 if src == k, else 0, for src ^ k small and not negative (no branch). */
static void
dt_cg_eqk(dt_cg_t *cg, int dst, int src, int32_t k)
{
	EMIT(cg, DT_MOV64_REG(dst, src));
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, dst, k));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, dst, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, dst, 63));
}

/* Register reg op= the slot at off of the scratch value (through r4). */
static void
dt_cg_mop(dt_cg_t *cg, int op, int reg, uint32_t off)
{
	MLD(4, off);
	EMIT(cg, DT_ALU64_REG(op, reg, 4));
}

/* r2 = r7 + the offset of entry r2 of a stack of 16-bit entries p2 bytes long (less its own
 * offset), the index masked for the verifier. */
static void
dt_cg_stkaddr(dt_cg_t *cg, uint32_t p2)
{
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 2, (int32_t)(p2 / 2 - 1)));
	EMIT(cg, DT_ALU64_IMM(BPF_LSH, 2, 1));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 7));
}

/* r1 = the slots at a and b of the scratch value, ANDed (0 or 1 each). */
static void
dt_cg_and2(dt_cg_t *cg, uint32_t a, uint32_t b)
{
	MLD(1, a);
	MLD(2, b);
	EMIT(cg, DT_ALU64_REG(BPF_AND, 1, 2));
}

/* r0 = the slots at a and b of the scratch value, ORed (0 or 1 each). */
static void
dt_cg_or2(dt_cg_t *cg, uint32_t a, uint32_t b)
{
	MLD(0, a);
	dt_cg_mop(cg, BPF_OR, 0, b);
}

/*
 * cleanpath(s), as DTrace on Linux defines it (Oracle's, and Plan 9's and Go's path rules):
 * "//" becomes "/", a "." name goes, a ".." name goes with the name before it, one at the
 * root goes, one at the start of a relative path stays; no trailing '/', except for the root
 * itself; a relative path that comes to nothing is "." (the empty string stays empty). The
 * file system is not consulted (symbolic links).
 * One pass over the input, in phases P: 0 inside a name, 1 at the start of one, 2 after ".",
 * 3 after "..". A name's '/' goes out only with the name's first character that is not
 * ".", or ".." that stays, so trailing slashes and "." names never go out. Where each name
 * begins in the output is on a stack (16-bit positions), so ".." is a pop, not a scan.
 * As in strtok(), every step is arithmetic with no branch on the data, and the output and
 * the stack are indexed through masks of a power of two, so the verifier walks the loop
 * once, a constant number of instructions per character. The output is never longer than
 * the input.
 */
static uint32_t
dt_cg_cleanpath_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t ca = lib->key[0], p2 = 8, in, out, stk, v;
	int loop = LBL(), keep = LBL();
	/* v + 0: P, 8: done, 16: w (output length), 24: stack depth, 32: c, 40: c is NUL,
	 * 48: act (not done), 56: c is '/', 64: c is '.', 72: rooted, 80: st (a name starts
	 * going out), 88: dd (".." ends), 96: '/'s going out (0 or 1), 104: '/'s and '.'s going
	 * out, 112: pop, 120: how many characters go out, 128: P is 3 */

	while (p2 < ca + 8)
		p2 *= 2;
	in = dt_cg_temp(cg, ca);
	out = dt_cg_temp(cg, p2 + 8);
	stk = dt_cg_temp(cg, p2);
	v = dt_cg_temp(cg, 136);
	dt_cg_sload_arg(cg, 0, in, ca);
	for (uint32_t i = 8; i < 32; i += 8)
		MSTI(v + i, 0);
	MSTI(v + 0, 1);
	/* a rooted path's '/' is out from the start */
	LDB(1, 7, in);
	dt_cg_eqk(cg, 2, 1, '/');
	MST(v + 72, 2);
	MST(v + 16, 2);
	EMIT(cg, DT_ST(BPF_B, 7, out, '/'));
	EMIT(cg, DT_MOV64_IMM(3, 0));
	PLACE(loop);
	dt_cg_ldb_nul(cg, in);
	MST(v + 32, 1);
	MST(v + 40, 4);
	MLD(0, v + 8);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 0, 1));
	MST(v + 48, 0);
	dt_cg_eqk(cg, 2, 1, '/');
	MST(v + 56, 2);
	dt_cg_eqk(cg, 2, 1, '.');
	MST(v + 64, 2);
	MLD(0, v + 0);
	dt_cg_eqk(cg, 1, 0, 3);
	MST(v + 128, 1);
	/* st = act & P != 0 & (c is neither NUL, '/' nor '.' | c is '.' & P is 3) */
	dt_cg_or2(cg, v + 40, v + 56);
	dt_cg_mop(cg, BPF_OR, 0, v + 64);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 0, 1));
	dt_cg_and2(cg, v + 64, v + 128);
	EMIT(cg, DT_ALU64_REG(BPF_OR, 0, 1));
	MLD(1, v + 0);
	dt_cg_eqk(cg, 2, 1, 0);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 2, 1));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 0, 2));
	dt_cg_mop(cg, BPF_AND, 0, v + 48);
	MST(v + 80, 0);
	/* dd = act & P is 3 & (c is '/' | NUL); pop = dd & depth != 0 */
	dt_cg_or2(cg, v + 40, v + 56);
	dt_cg_mop(cg, BPF_AND, 0, v + 128);
	dt_cg_mop(cg, BPF_AND, 0, v + 48);
	MST(v + 88, 0);
	MLD(1, v + 24);
	dt_cg_eqk(cg, 2, 1, 0);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 2, 1));
	EMIT(cg, DT_MOV64_REG(5, 0));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 5, 2));
	MST(v + 112, 5);
	/* r0 = a ".." that stays: dd & depth is 0 & not rooted */
	EMIT(cg, DT_ALU64_REG(BPF_XOR, 0, 5));
	MLD(4, v + 72);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 4, 1));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 0, 4));
	/* '/'s = (st | r0) & w > rooted; then + '.'s: st * (P - 1) + 2 * r0 */
	MLD(1, v + 80);
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_REG(BPF_OR, 2, 0));
	MLD(5, v + 72);
	MLD(4, v + 16);
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 5, 4));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 5, 63));
	EMIT(cg, DT_ALU64_REG(BPF_AND, 2, 5));
	MST(v + 96, 2);
	MLD(4, v + 0);
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 4, 1));
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 4, 1));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 4));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 0));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 0));
	MST(v + 104, 2);
	/* characters out: those, + c where act & (P is 0 & c is neither NUL nor '/' | st) */
	dt_cg_or2(cg, v + 40, v + 56);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 0, 1));
	MLD(1, v + 0);
	dt_cg_eqk(cg, 4, 1, 0);
	EMIT(cg, DT_ALU64_REG(BPF_AND, 0, 4));
	dt_cg_mop(cg, BPF_OR, 0, v + 80);
	dt_cg_mop(cg, BPF_AND, 0, v + 48);
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 0, 2));
	MST(v + 120, 0);
	/* out[w + k] = k < '/'s ? '/' : k < '/'s and '.'s ? '.' : c, for k 0 to 3 */
	MLD(4, v + 16);
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 4, (int32_t)(p2 - 1)));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 7));
	for (int k = 0; k < 4; k++) {
		MLD(1, v + 32);
		MLD(0, v + 104);	/* r0 = k < '/'s and '.'s */
		EMIT(cg, DT_MOV64_IMM(5, k));
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 5, 0));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 5, 63));
		EMIT(cg, DT_MOV64_IMM(2, '.'));
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 2, 1));
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 2, 5));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 2));
		MLD(0, v + 96);		/* r5 = k < '/'s */
		EMIT(cg, DT_MOV64_IMM(5, k));
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 5, 0));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 5, 63));
		EMIT(cg, DT_ALU64_IMM(BPF_MUL, 5, '/' - '.'));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 5));
		EMIT(cg, DT_STX(BPF_B, 4, 1, (out + (uint32_t)k)));
	}
	/* st: stack[depth++] = w. pop: w = stack[--depth]. Else w += the characters out. */
	MLD(0, v + 24);
	EMIT(cg, DT_MOV64_REG(2, 0));
	dt_cg_stkaddr(cg, p2);
	MLD(4, v + 16);
	EMIT(cg, DT_STX(BPF_H, 2, 4, stk));
	dt_cg_mop(cg, BPF_ADD, 0, v + 80);
	dt_cg_mop(cg, BPF_SUB, 0, v + 112);
	MST(v + 24, 0);
	EMIT(cg, DT_MOV64_REG(2, 0));
	dt_cg_stkaddr(cg, p2);
	EMIT(cg, DT_LDX(BPF_H, 2, 2, stk));
	MLD(5, v + 120);
	MLD(4, v + 16);
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 5));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 2, 4));
	MLD(5, v + 112);
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 2, 5));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 4));
	MST(v + 16, 2);
	/* P = act ? (c is '/') + (c is '.' & P is 1 or 2) * (P + 1) : P */
	MLD(0, v + 0);
	dt_cg_eqk(cg, 1, 0, 1);
	dt_cg_eqk(cg, 2, 0, 2);
	EMIT(cg, DT_ALU64_REG(BPF_OR, 1, 2));
	dt_cg_mop(cg, BPF_AND, 1, v + 64);
	EMIT(cg, DT_MOV64_REG(2, 0));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, 1));
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 1, 2));
	dt_cg_mop(cg, BPF_ADD, 1, v + 56);
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 0));
	dt_cg_mop(cg, BPF_MUL, 1, v + 48);
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 0, 1));
	MST(v + 0, 0);
	/* done |= act & NUL */
	dt_cg_and2(cg, v + 48, v + 40);
	MLD(0, v + 8);
	EMIT(cg, DT_ALU64_REG(BPF_OR, 0, 1));
	MST(v + 8, 0);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	JIMM(BPF_JLT, 3, ca, loop);

	/* nothing out of something: "." */
	MLD(4, v + 16);
	JIMM(BPF_JNE, 4, 0, keep);
	LDB(1, 7, in);
	JIMM(BPF_JEQ, 1, 0, keep);
	EMIT(cg, DT_ST(BPF_B, 7, out, '.'));
	EMIT(cg, DT_MOV64_IMM(4, 1));
	PLACE(keep);
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 4, (int32_t)(p2 - 1)));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 7));
	EMIT(cg, DT_ST(BPF_B, 4, out, 0));
	return out;
}

/*
 * r1 = the first argument of lltostr() and strtoll(), r2 = the optional base (10 when
 * absent); a constant base outside 2..36 fails the compile (false).
 */
static bool
dt_cg_base_args(dt_cg_t *cg, dt_node_t *n)
{
	if (n->list.len > 1) {
		dt_node_t *bn = n->list.data[1];

		if (bn->kind == DT_NODE_INT && (bn->ival < 2 || bn->ival > 36)) {
			dt_cg_fail(cg, n->ident_id == DT_SUBR_LLTOSTR
					       ? "lltostr( ) base must be between 2 and 36"
					       : "strtoll( ) base must be between 2 and 36");
			return false;
		}
		dt_cg_lib_args(cg, n->list.data, 2);
	} else {
		dt_cg_lib_args(cg, n->list.data, 1);
		EMIT(cg, DT_MOV64_IMM(2, 10));
	}
	return true;
}

/*
 * lltostr(n[, base]), as DTrace writes it: base 10 with a '-' for negative numbers; other
 * bases print the 64 bits unsigned, base 16 with "0x" and base 8 with "0" in front (but 0 is
 * "0"). A base outside 2..36 gives "". The digits go backwards into a 72-byte buffer, one
 * per iteration of a loop of at most 64, at offsets that are constants on each path.
 */
static uint32_t
dt_cg_lltostr_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t cr = lib->key[0], b = dt_cg_temp(cg, 72), r = dt_cg_temp(cg, cr);
	uint32_t v = dt_cg_temp(cg, 32);
	int bad = LBL(), pos = LBL(), loop = LBL(), out = LBL(), dig = LBL(), a = LBL();
	int not16 = LBL(), not8 = LBL(), pfx = LBL(), copy = LBL();
	/* v + 0: the value left, v + 8: base, v + 16: n, v + 24: start of the text */

	dt_cg_lib_arg(cg, 0, 1);
	MST(v + 8, 0);
	dt_cg_lib_arg(cg, 0, 0);
	MST(v + 16, 0);
	MST(v + 0, 0);
	MLD(2, v + 8);
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 2, 2));
	JIMM(BPF_JGT, 2, 34, bad);
	MLD(2, v + 8);
	JIMM(BPF_JNE, 2, 10, pos);
	JIMM(BPF_JSGE, 0, 0, pos);
	EMIT(cg, DT_ALU64_IMM(BPF_NEG, 0, 0));
	MST(v + 0, 0);
	PLACE(pos);
	EMIT(cg, DT_ST(BPF_B, 7, (b + 71), 0));
	EMIT(cg, DT_MOV64_IMM(3, 0));
	PLACE(loop);
	MLD(1, v + 0);
	MLD(2, v + 8);
	EMIT(cg, DT_MOV64_REG(0, 1));
	EMIT(cg, DT_ALU64_REG(BPF_MOD, 0, 2));
	EMIT(cg, DT_ALU64_REG(BPF_DIV, 1, 2));
	MST(v + 0, 1);
	JIMM(BPF_JGT, 0, 9, dig);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, '0' - ('a' - 10)));
	PLACE(dig);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, 'a' - 10));
	EMIT(cg, DT_MOV64_REG(4, 7));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 4, 3));
	EMIT(cg, DT_STX(BPF_B, 4, 0, (b + 70)));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	JIMM(BPF_JEQ, 1, 0, out);
	JIMM(BPF_JLT, 3, 64, loop);
	PLACE(out);
	EMIT(cg, DT_MOV64_IMM(0, 71));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 3));
	MST(v + 24, 0);

	/* the prefix, in front of the digits (r1 in [3, 71] for the verifier) */
	MLD(1, v + 24);
	JIMM(BPF_JLE, 1, 71, a);
	EMIT(cg, DT_MOV64_IMM(1, 71));
	PLACE(a);
	{
		int c = LBL();

		JIMM(BPF_JGE, 1, 3, c);
		EMIT(cg, DT_MOV64_IMM(1, 3));
		PLACE(c);
	}
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 7));
	MLD(2, v + 8);
	MLD(4, v + 16);
	JIMM(BPF_JNE, 2, 16, not16);
	EMIT(cg, DT_ST(BPF_B, 1, (b - 1), 'x'));
	EMIT(cg, DT_ST(BPF_B, 1, (b - 2), '0'));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 1, 2));
	JA(pfx);
	PLACE(not16);
	JIMM(BPF_JNE, 2, 8, not8);
	JIMM(BPF_JEQ, 4, 0, pfx);
	EMIT(cg, DT_ST(BPF_B, 1, (b - 1), '0'));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 1, 1));
	JA(pfx);
	PLACE(not8);
	JIMM(BPF_JNE, 2, 10, pfx);
	JIMM(BPF_JSGE, 4, 0, pfx);
	EMIT(cg, DT_ST(BPF_B, 1, (b - 1), '-'));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 1, 1));
	PLACE(pfx);
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 1, 7));
	MST(v + 24, 1);
	MSTI(v + 0, 72);
	JA(copy);
	PLACE(bad);
	MSTI(v + 0, 0);
	PLACE(copy);
	dt_cg_scopy(cg, r, cr, b, 72, v + 24, v + 0);
	return r;
}

/*
 * strtoll(s[, base]), as DTrace reads numbers: leading white space, an optional sign, for
 * base 16 an optional "0x", then digits (letters for 10 and up) while they are below the
 * base. A base outside 2..36 gives 0. The phase lives in memory:
 * 0 before the number, 1 after the sign, 2 in the digits, 3 after a first digit "0".
 */
static uint32_t
dt_cg_strtoll_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t ca = lib->key[0], a_off = dt_cg_temp(cg, ca);
	uint32_t v = dt_cg_temp(cg, 40);
	int loop = LBL(), end = LBL(), next = LBL(), digits = LBL(), conv = LBL(), val = LBL();
	int ph = LBL(), out = LBL();
	/* v + 0: the value, v + 8: negative, v + 16: phase, v + 24: base, v + 32: the result */

	dt_cg_lib_arg(cg, 0, 1);
	MST(v + 24, 0);
	dt_cg_sload_arg(cg, 0, a_off, ca);
	MSTI(v + 0, 0);
	MSTI(v + 8, 0);
	MSTI(v + 16, 0);
	MLD(0, v + 24);
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 2));
	JIMM(BPF_JGT, 0, 34, end);
	EMIT(cg, DT_MOV64_IMM(3, 0));
	PLACE(loop);
	JIMM(BPF_JGE, 3, ca, end);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 3));
	LDB(1, 1, a_off);
	JIMM(BPF_JEQ, 1, 0, end);
	MLD(0, v + 16);
	JIMM(BPF_JNE, 0, 0, digits);
	JIMM(BPF_JEQ, 1, ' ', next);
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 2, '\t'));
	JIMM(BPF_JLE, 2, '\r' - '\t', next);
	MSTI(v + 16, 1);
	JIMM(BPF_JEQ, 1, '+', next);
	JIMM(BPF_JNE, 1, '-', digits);
	MSTI(v + 8, 1);
	JA(next);
	PLACE(digits);
	/* "0x" in base 16 */
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_OR, 2, 0x20));
	JIMM(BPF_JNE, 2, 'x', conv);
	MLD(0, v + 16);
	JIMM(BPF_JNE, 0, 3, conv);
	MLD(0, v + 24);
	JIMM(BPF_JNE, 0, 16, conv);
	MSTI(v + 16, 2);
	JA(next);
	PLACE(conv);
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 2, '0'));
	JIMM(BPF_JLE, 2, 9, val);
	EMIT(cg, DT_MOV64_REG(2, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_OR, 2, 0x20));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 2, 'a'));
	JIMM(BPF_JGT, 2, 25, end);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, 10));
	PLACE(val);
	MLD(0, v + 24);
	JREG(BPF_JGE, 2, 0, end);
	/* the phase: 3 after a first digit 0, else 2 */
	MLD(4, v + 16);
	MSTI(v + 16, 2);
	JIMM(BPF_JNE, 4, 1, ph);
	JIMM(BPF_JNE, 2, 0, ph);
	MSTI(v + 16, 3);
	PLACE(ph);
	MLD(4, v + 0);
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 4, 0));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 2));
	MST(v + 0, 4);
	PLACE(next);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	JA(loop);
	PLACE(end);
	MLD(0, v + 0);
	MLD(1, v + 8);
	JIMM(BPF_JEQ, 1, 0, out);
	EMIT(cg, DT_ALU64_IMM(BPF_NEG, 0, 0));
	PLACE(out);
	MST(v + 32, 0);
	return v + 32;
}

/*
 * inet_ntoa(ipaddr_t *), inet_ntoa6(in6_addr_t *), inet_ntop(af, addr): the address is
 * read from kernel memory (a bad address is a fault) and written as DTrace writes it:
 *   IPv4: a dotted quad.
 *   IPv6: eight groups of lowercase hexadecimal digits without leading zeros, the longest
 *     run of two or more zero groups (the first of equal ones) written "::"; a lone zero
 *     group stays "0".
 *   An IPv4 address inside an IPv6 one: five zero groups then ffff (mapped), or six zero
 *     groups then anything but 0 and 1 (compatible; "::" and "::1" are not), is the dotted
 *     quad of its last four bytes for inet_ntoa6(), and "::ffff:a.b.c.d" or "::a.b.c.d"
 *     for inet_ntop().
 * inet_ntop with another family than AF_INET (2) or AF_INET6 (10) gives "".
 * (The cases DTrace's own tests pin down agree with illumos's dtrace_dif.c and Oracle's
 * inet_ntoa6.S; they differ on lone zero groups, which illumos also shortens except at the
 * end, and on ties. We follow Oracle's, RFC 5952's rule.)
 */

/* Read the size bytes at the address in r3 into the scratch value at x; a fault if bad. */
void
dt_cg_kread_scratch(dt_cg_t *cg, uint32_t x, int size)
{
	int ok = LBL();

	EMIT(cg, DT_STX(BPF_DW, 7, 3, DT_MST_FADDR));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)x));
	EMIT(cg, DT_MOV64_IMM(2, size));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	JIMM(BPF_JEQ, 0, 0, ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	PLACE(ok);
}

/* The n bytes at x (at most 12), formatted by fmt, into the size bytes at dst (bpf_snprintf). */
static void
dt_cg_bytes_snprintf(dt_cg_t *cg, const char *fmt, uint32_t dst, uint32_t size, uint32_t x,
	       uint32_t n, uint32_t data)
{
	for (uint32_t i = 0; i < n; i++) {
		LDB(1, 7, x + i);
		MST(data + 8 * i, 1);
	}
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)dst));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)size));
	dt_ir_ld_mapval(IR(cg), 3, DT_MAP_STRTAB, dt_cg_strtab(cg, fmt, strlen(fmt)));
	EMIT(cg, DT_MOV64_REG(4, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, (int32_t)data));
	EMIT(cg, DT_MOV64_IMM(5, (int32_t)(8 * n)));
	EMIT(cg, DT_CALL(BPF_FUNC_snprintf));
}

/* The four bytes at x as fmt's dotted quad, into the size bytes at dst. */
static void
dt_cg_inet_quad(dt_cg_t *cg, const char *fmt, uint32_t dst, uint32_t size, uint32_t x,
		uint32_t data)
{
	dt_cg_bytes_snprintf(cg, fmt, dst, size, x, 4, data);
}

/* Where the next character goes: r<reg> = r7 + (the cursor r1 & 63), out's offset apart. */
static void
dt_cg_inet_at(dt_cg_t *cg, int reg)
{
	EMIT(cg, DT_MOV64_REG(reg, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_AND, reg, 63));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, reg, 7));
}

/*
 * The text of the IPv6 address at x into the scratch value at out (72 bytes), with data
 * (72 bytes) for the groups. The zero run and the text are arithmetic with no branch on the
 * data, unrolled over the eight groups (a constant each), so the verifier walks them once:
 *   run:  cur = (cur + 1) * (g == 0); where cur > best, best = cur and start = i + 1 - cur;
 *         a best below 2 is none; the run's groups are the bits of mask.
 *   text: each character is stored at the cursor (masked to the 64-byte buffer) and the
 *         cursor moves on only where it belongs: ':' before a group unless it or the one
 *         before is in the run, "::" at the run's first group, and the group's digits (the
 *         last always, the others from the first non-zero one) unless it is in the run.
 * data + 64 holds the mask across the groups.
 */
static void
dt_cg_inet6_text(dt_cg_t *cg, uint32_t out, uint32_t data)
{
	uint32_t mask = data + 64;

	EMIT(cg, DT_MOV64_IMM(1, 0));
	EMIT(cg, DT_MOV64_IMM(2, 0));
	EMIT(cg, DT_MOV64_IMM(3, 0));
	for (int i = 0; i < 8; i++) {
		MLD(4, data + 8 * (uint32_t)i);
		EMIT(cg, DT_ALU64_IMM(BPF_SUB, 4, 1));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 4, 63));		/* r4 = g == 0 */
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, 1));
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 1, 4));		/* r1 = cur */
		EMIT(cg, DT_MOV64_REG(5, 2));
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 5, 1));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 5, 63));		/* r5 = cur > best */
		EMIT(cg, DT_MOV64_REG(0, 1));
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 2));
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 0, 5));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 0));		/* r2 = best */
		EMIT(cg, DT_MOV64_IMM(0, i + 1));
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 1));
		EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 3));
		EMIT(cg, DT_ALU64_REG(BPF_MUL, 0, 5));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 3, 0));		/* r3 = start */
	}
	EMIT(cg, DT_MOV64_REG(0, 2));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 2));
	EMIT(cg, DT_ALU64_IMM(BPF_RSH, 0, 63));
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 0, 1));
	EMIT(cg, DT_ALU64_REG(BPF_MUL, 2, 0));		/* no run shorter than 2 */
	EMIT(cg, DT_MOV64_IMM(5, 1));
	EMIT(cg, DT_ALU64_REG(BPF_LSH, 5, 2));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 5, 1));
	EMIT(cg, DT_ALU64_REG(BPF_LSH, 5, 3));
	MST(mask, 5);

	/* r1 = the cursor, r2 = in the run (then: the digits go out), r3 = the one before is,
	 * r5 = a non-zero digit was seen */
	EMIT(cg, DT_MOV64_IMM(1, 0));
	for (int i = 0; i < 8; i++) {
		MLD(2, mask);
		EMIT(cg, DT_MOV64_REG(3, 2));
		EMIT(cg, DT_ALU64_IMM(BPF_RSH, 2, i));
		EMIT(cg, DT_ALU64_IMM(BPF_AND, 2, 1));
		if (i > 0) {
			EMIT(cg, DT_ALU64_IMM(BPF_RSH, 3, i - 1));
			EMIT(cg, DT_ALU64_IMM(BPF_AND, 3, 1));
			EMIT(cg, DT_MOV64_REG(4, 2));
			EMIT(cg, DT_ALU64_REG(BPF_OR, 4, 3));
			EMIT(cg, DT_ALU64_IMM(BPF_XOR, 4, 1));
			dt_cg_inet_at(cg, 0);
			EMIT(cg, DT_ST(BPF_B, 0, out, ':'));
			EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 4));
		} else {
			EMIT(cg, DT_MOV64_IMM(3, 0));
		}
		EMIT(cg, DT_MOV64_REG(4, 3));
		EMIT(cg, DT_ALU64_IMM(BPF_XOR, 4, 1));
		EMIT(cg, DT_ALU64_REG(BPF_AND, 4, 2));
		dt_cg_inet_at(cg, 0);
		EMIT(cg, DT_ST(BPF_B, 0, out, ':'));
		EMIT(cg, DT_ST(BPF_B, 0, (out + 1), ':'));
		EMIT(cg, DT_ALU64_IMM(BPF_LSH, 4, 1));
		EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 4));
		EMIT(cg, DT_ALU64_IMM(BPF_XOR, 2, 1));
		EMIT(cg, DT_MOV64_IMM(5, 0));
		for (int k = 3; k >= 0; k--) {
			MLD(4, data + 8 * (uint32_t)i);
			EMIT(cg, DT_ALU64_IMM(BPF_RSH, 4, 4 * k));
			EMIT(cg, DT_ALU64_IMM(BPF_AND, 4, 15));
			/* r0 = the digit: '0' + n, plus 'a' - '0' - 10 past 9 */
			EMIT(cg, DT_MOV64_IMM(0, 9));
			EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 4));
			EMIT(cg, DT_ALU64_IMM(BPF_RSH, 0, 63));
			EMIT(cg, DT_ALU64_IMM(BPF_MUL, 0, 'a' - '0' - 10));
			EMIT(cg, DT_ALU64_REG(BPF_ADD, 0, 4));
			EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, '0'));
			dt_cg_inet_at(cg, 3);
			EMIT(cg, DT_STX(BPF_B, 3, 0, out));
			if (k > 0) {
				EMIT(cg, DT_MOV64_IMM(3, 0));
				EMIT(cg, DT_ALU64_REG(BPF_SUB, 3, 4));
				EMIT(cg, DT_ALU64_IMM(BPF_RSH, 3, 63));
				EMIT(cg, DT_ALU64_REG(BPF_OR, 5, 3));
				EMIT(cg, DT_MOV64_REG(3, 5));
				EMIT(cg, DT_ALU64_REG(BPF_AND, 3, 2));
				EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 3));
			} else {
				EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 2));
			}
		}
	}
	dt_cg_inet_at(cg, 3);
	EMIT(cg, DT_ST(BPF_B, 3, out, 0));
}

/*
 * The IPv4 address embedded in an IPv6 one: as efmt (embed) or a plain dotted quad; with
 * strict (not 0), as efmt when the scratch word there is not 0 (inet_ntoa6's second
 * argument).
 */
static void
dt_cg_inet6_quad(dt_cg_t *cg, bool embed, const char *efmt, uint32_t out, uint32_t x,
		 uint32_t data, uint32_t strict, int done)
{
	int plain = LBL();

	if (strict) {
		MLD(1, strict);
		JIMM(BPF_JEQ, 1, 0, plain);
		dt_cg_inet_quad(cg, efmt, out, 64, x + 12, data);
		JA(done);
	}
	PLACE(plain);
	dt_cg_inet_quad(cg, embed ? efmt : "%u.%u.%u.%u", out, 64, x + 12, data);
}

/*
 * The IPv6 address at the address in r3, into the scratch value at out (72 bytes; data and
 * x are 72 and 16 bytes of room): embed says whether an IPv4 address inside keeps its
 * IPv6 prefix (inet_ntop) or goes alone (inet_ntoa6).
 */
static void
dt_cg_inet6(dt_cg_t *cg, bool embed, uint32_t out, uint32_t x, uint32_t data,
	    uint32_t strict)
{
	int v6 = LBL(), mapped = LBL(), compat = LBL(), done = LBL();

	dt_cg_kread_scratch(cg, x, 16);
	for (uint32_t i = 0; i < 8; i++) {
		EMIT(cg, DT_LDX(BPF_H, 1, 7, (x + 2 * i)));
		EMIT(cg, dt_insn(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 16));
		MST(data + 8 * i, 1);
	}
	MLD(1, data);
	for (uint32_t i = 1; i < 5; i++)
		dt_cg_mop(cg, BPF_OR, 1, data + 8 * i);
	JIMM(BPF_JNE, 1, 0, v6);
	MLD(1, data + 40);
	JIMM(BPF_JEQ, 1, 0xffff, mapped);
	JIMM(BPF_JNE, 1, 0, v6);
	MLD(1, data + 48);
	JIMM(BPF_JNE, 1, 0, compat);
	MLD(1, data + 56);
	JIMM(BPF_JGT, 1, 1, compat);
	PLACE(v6);
	dt_cg_inet6_text(cg, out, data);
	JA(done);
	PLACE(mapped);
	dt_cg_inet6_quad(cg, embed, "::ffff:%u.%u.%u.%u", out, x, data, strict, done);
	JA(done);
	PLACE(compat);
	dt_cg_inet6_quad(cg, embed, "::%u.%u.%u.%u", out, x, data, strict, done);
	PLACE(done);
}

/* r0 = the result at r + the text of the IPv6 address at out, cut to cr bytes. */
static void
dt_cg_inet6_copy(dt_cg_t *cg, uint32_t r, uint32_t cr, uint32_t out)
{
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)r));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)DT_MIN(cr, 64)));
	EMIT(cg, DT_MOV64_REG(3, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, (int32_t)out));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
}

static uint32_t
dt_cg_inet_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t cr = lib->key[1], r = dt_cg_temp(cg, cr), x = dt_cg_temp(cg, 16);
	uint32_t data = dt_cg_temp(cg, 72), out = dt_cg_temp(cg, 72);
	int id = (int)lib->key[0];

	if (id == DT_SUBR_INET_NTOA) {
		dt_cg_lib_arg(cg, 3, 0);
		dt_cg_kread_scratch(cg, x, 4);
		dt_cg_inet_quad(cg, "%u.%u.%u.%u", r, cr, x, data);
	} else if (id == DT_SUBR_INET_NTOA6) {
		/* inet_ntoa6(addr, strict): strict other than 0 keeps the IPv6 form */
		uint32_t strict = lib->nargs > 1 ? dt_cg_temp(cg, 8) : 0;

		if (strict) {
			dt_cg_lib_arg(cg, 1, 1);
			MST(strict, 1);
		}
		dt_cg_lib_arg(cg, 3, 0);
		dt_cg_inet6(cg, false, out, x, data, strict);
		dt_cg_inet6_copy(cg, r, cr, out);
	} else {
		int not4 = LBL(), bad = LBL(), done = LBL();

		dt_cg_lib_arg(cg, 1, 0);
		dt_cg_lib_arg(cg, 3, 1);
		JIMM(BPF_JNE, 1, 2, not4);
		dt_cg_kread_scratch(cg, x, 4);
		dt_cg_inet_quad(cg, "%u.%u.%u.%u", r, cr, x, data);
		JA(done);
		PLACE(not4);
		JIMM(BPF_JNE, 1, 10, bad);
		dt_cg_inet6(cg, true, out, x, data, 0);
		dt_cg_inet6_copy(cg, r, cr, out);
		JA(done);
		PLACE(bad);
		EMIT(cg, DT_ST(BPF_B, 7, r, 0));
		PLACE(done);
	}
	return r;
}


/*
 * progenyof(pid): 1 when the current process or one of its ancestors has that pid, walking
 * task->real_parent at most 64 generations (the walk stops at the task that is its own
 * parent, the idle task). The counter is in r9, which helper calls keep; the task pointer
 * is in memory.
 */
static uint32_t
dt_cg_progenyof_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	int parent = (int)lib->key[0], tgid = (int)lib->key[1];
	uint32_t v = dt_cg_temp(cg, 32);
	int loop = LBL(), end = LBL(), yes = LBL();
	/* v + 0: pid, v + 8: the task, v + 16: the result, v + 24: a read's destination */

	dt_cg_lib_arg(cg, 0, 0);
	MST(v + 0, 0);
	MSTI(v + 16, 0);
	EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
	MST(v + 8, 0);
	EMIT(cg, DT_MOV64_IMM(9, 0));
	PLACE(loop);
	JIMM(BPF_JGE, 9, 64, end);
	/* the tgid */
	MSTI(v + 24, 0);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)(v + 24)));
	EMIT(cg, DT_MOV64_IMM(2, 4));
	MLD(3, v + 8);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, tgid));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	JIMM(BPF_JNE, 0, 0, end);
	EMIT(cg, DT_LDX(BPF_W, 1, 7, (v + 24)));
	EMIT(cg, DT_LDX(BPF_W, 2, 7, v));
	JREG(BPF_JEQ, 1, 2, yes);
	/* the parent */
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)(v + 24)));
	EMIT(cg, DT_MOV64_IMM(2, 8));
	MLD(3, v + 8);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, parent));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
	JIMM(BPF_JNE, 0, 0, end);
	MLD(1, v + 24);
	MLD(2, v + 8);
	JREG(BPF_JEQ, 1, 2, end);
	JIMM(BPF_JEQ, 1, 0, end);
	MST(v + 8, 1);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 9, 1));
	JA(loop);
	PLACE(yes);
	MSTI(v + 16, 1);
	PLACE(end);
	return v + 16;
}

static void
dt_cg_progenyof(dt_cg_t *cg, dt_node_t *n)
{
	int parent = dt_cg_btf_offset(cg, "task_struct", "real_parent");
	int tgid = dt_cg_btf_offset(cg, "task_struct", "tgid");
	dt_cglib_t lib = {dt_cg_progenyof_body, "progenyof", {(uint32_t)parent, (uint32_t)tgid},
			  1};

	if (parent < 0 || tgid < 0) {
		dt_cg_fail(cg, "progenyof( ) needs the kernel's BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	dt_cg_lib_subr(cg, n, &lib, 0, 0);
}

/*
 * Take the first free speculation id (state 0 -> 1) with an atomic compare and
 * exchange, so two CPUs never get the same one; 0 when all are taken. The
 * consumer frees an id (back to 0) when it commits or discards it.
 */
static void
dt_cg_subr_speculation(dt_cg_t *cg, dt_node_t *n)
{
	int done = dt_ir_label(IR(cg));

	for (uint32_t i = 1; i <= cg->dtp->opts.nspec; i++) {
		dt_ir_ld_mapval(IR(cg), 1, DT_MAP_SPEC, 8 * i);
		EMIT(cg, DT_MOV64_IMM(0, 0));
		EMIT(cg, DT_MOV64_IMM(2, 1));
		EMIT(cg, dt_insn(BPF_STX | BPF_DW | BPF_ATOMIC, 1, 2, 0, BPF_CMPXCHG));
		{
			int next = dt_ir_label(IR(cg));

			dt_ir_jmp_imm(IR(cg), BPF_JNE, 0, 0, next);
			EMIT(cg, DT_MOV64_IMM(0, (int32_t)i));
			dt_ir_ja(IR(cg), done);
			dt_ir_place(IR(cg), next);
		}
	}
	dt_cg_stat_inc(cg, DT_STAT_SPECFAIL);
	EMIT(cg, DT_MOV64_IMM(0, 0));
	dt_ir_place(IR(cg), done);
}

static void
dt_cg_subr_copyinstr(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t ss = cg->strsize;
	uint32_t off = dt_cg_temp(cg, ss);

	if (n->list.len > 1) {
		/* copyinstr(addr, len): at most len bytes, and never past strsize */
		int a = dt_ir_label(IR(cg)), b = dt_ir_label(IR(cg));

		dt_cg_expr(cg, n->list.data[1]);
		dt_cg_push(cg);
		dt_cg_expr(cg, n->list.data[0]);
		EMIT(cg, DT_MOV64_REG(3, 0));
		dt_cg_pop(cg, 4);
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, 1));
		dt_ir_jmp_imm(IR(cg), BPF_JLE, 4, (int32_t)ss, a);
		EMIT(cg, DT_MOV64_IMM(4, (int32_t)ss));
		dt_ir_place(IR(cg), a);
		dt_ir_jmp_imm(IR(cg), BPF_JGE, 4, 1, b);
		EMIT(cg, DT_MOV64_IMM(4, 1));
		dt_ir_place(IR(cg), b);
		EMIT(cg, DT_STX(BPF_DW, 10, 4, FP_VAL));
		EMIT(cg, DT_LDX(BPF_DW, 4, 10, FP_VAL));
		/* r4 is bounded [1, strsize]: the verifier knows from the two clamps */
		dt_cg_copystr(cg, off, 4, 0, BPF_FUNC_probe_read_user_str);
		return;
	}
	dt_cg_expr(cg, n->list.data[0]);
	EMIT(cg, DT_MOV64_REG(3, 0));
	dt_cg_copystr(cg, off, -1, ss, BPF_FUNC_probe_read_user_str);
}

static void
dt_cg_subr_strlen(dt_cg_t *cg, dt_node_t *n)
{
	dt_node_t *a = n->list.data[0];
	uint32_t cap = dt_cg_strcap(cg, a), off = dt_cg_temp(cg, cap);
	int ok = dt_ir_label(IR(cg));

	dt_cg_expr(cg, a);
	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)cap));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
	/* the copy's length counts the NUL */
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 1));
	dt_ir_jmp_imm(IR(cg), BPF_JSGE, 0, 0, ok);
	EMIT(cg, DT_MOV64_IMM(0, 0));
	dt_ir_place(IR(cg), ok);
}

/*
 * Copy a, then b right after a's last character. The buffer is twice strsize so
 * the verifier, which bounds the offset and the length separately, sees every
 * write in range; the result is cut at strsize - 1 characters.
 */
static void
dt_cg_subr_strjoin(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t ss = cg->strsize;
	uint32_t off = dt_cg_temp(cg, 2 * ss);
	int lo = dt_ir_label(IR(cg)), hi = dt_ir_label(IR(cg));

	dt_cg_expr(cg, n->list.data[1]);
	dt_cg_push(cg);
	dt_cg_expr(cg, n->list.data[0]);
	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)DT_MIN(ss, dt_cg_strcap(cg, n->list.data[0]))));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 1));
	dt_ir_jmp_imm(IR(cg), BPF_JSGE, 0, 0, lo);
	EMIT(cg, DT_MOV64_IMM(0, 0));
	dt_ir_place(IR(cg), lo);
	dt_ir_jmp_imm(IR(cg), BPF_JLT, 0, (int32_t)ss, hi);
	EMIT(cg, DT_MOV64_IMM(0, (int32_t)ss - 1));
	dt_ir_place(IR(cg), hi);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)off));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 0));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)ss));
	dt_cg_pop(cg, 3);
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
	EMIT(cg, DT_ST(BPF_B, 7, (off + ss - 1), 0));
	EMIT(cg, DT_MOV64_REG(0, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, (int32_t)off));
}

/*
 * substr(s, index[, length]), as DTrace defines it: a negative index counts
 * from the end; if it is still negative, the length shrinks by as much and the
 * index becomes 0; a negative length leaves that many characters off the end;
 * anything outside s is cut off, and nothing left gives "".
 */
static uint32_t
dt_cg_substr_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t ca = lib->key[0], cr = lib->key[1];
	uint32_t a_off = dt_cg_temp(cg, ca), r = dt_cg_temp(cg, cr), v = dt_cg_temp(cg, 24);
	int ok = LBL(), empty = LBL(), rem = LBL(), fit = LBL(), copy = LBL();

	dt_cg_sload_arg(cg, 0, a_off, ca);
	MST(v + 0, 0);
	dt_cg_lib_arg(cg, 2, 1);
	dt_cg_lib_arg(cg, 3, 2);
	MLD(4, v + 0);
	/* r2 index, r3 remaining, r4 len */
	JIMM(BPF_JSGE, 2, 0, ok);
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 2, 4));
	JIMM(BPF_JSGE, 2, 0, ok);
	EMIT(cg, DT_MOV64_REG(5, 2));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 5, 3));
	JIMM(BPF_JSLE, 5, 0, ok);
	EMIT(cg, DT_MOV64_REG(3, 5));
	EMIT(cg, DT_MOV64_IMM(2, 0));
	PLACE(ok);
	JIMM(BPF_JSLT, 2, 0, empty);
	JREG(BPF_JSGE, 2, 4, empty);
	JIMM(BPF_JSGE, 3, 0, rem);
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 3, 4));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 3, 2));
	PLACE(rem);
	/* at most len - index characters */
	EMIT(cg, DT_MOV64_REG(5, 4));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 5, 2));
	JREG(BPF_JSLE, 3, 5, fit);
	EMIT(cg, DT_MOV64_REG(3, 5));
	PLACE(fit);
	MST(v + 8, 2);
	MST(v + 16, 3);
	JA(copy);
	PLACE(empty);
	MSTI(v + 16, 0);
	PLACE(copy);
	dt_cg_scopy(cg, r, cr, a_off, ca, v + 8, v + 16);
	return r;
}

/* index(), rindex(): key: rindex, a start given, cap(s), cap(sub) */
static uint32_t
dt_cg_index_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t ca = lib->key[1], cb = lib->key[2];
	uint32_t a_off = dt_cg_temp(cg, ca + cb + 8), pos = dt_cg_temp(cg, 8);

	dt_cg_search(cg, lib->key[0] & 1, lib->key[0] & 2, a_off, ca, cb, pos);
	return pos;
}

/* In a body: return NULL when the position in the scratch word at pos_off is -1 (none). */
static void
dt_cg_null_if_none(dt_cg_t *cg, uint32_t pos_off)
{
	int found = LBL();

	MLD(0, pos_off);
	JIMM(BPF_JSGE, 0, 0, found);
	dt_cg_lib_null(cg);
	PLACE(found);
}

/* the rest of s from the first occurrence of sub; NULL when there is none */
static uint32_t
dt_cg_strstr_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t ca = lib->key[0], cb = lib->key[1], cr = lib->key[2];
	uint32_t a_off = dt_cg_temp(cg, ca + cb + 8);
	uint32_t r = dt_cg_temp(cg, cr), pos = dt_cg_temp(cg, 8), cnt = dt_cg_temp(cg, 8);

	dt_cg_search(cg, false, false, a_off, ca, cb, pos);
	dt_cg_null_if_none(cg, pos);
	MSTI(cnt, (int32_t)ca);
	dt_cg_scopy(cg, r, cr, a_off, ca, pos, cnt);
	return r;
}

/* the rest of s from the first (last: key[0]) c; NULL when there is none */
static uint32_t
dt_cg_strchr_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t ca = lib->key[1], cr = lib->key[2];
	uint32_t a_off = dt_cg_temp(cg, ca), r = dt_cg_temp(cg, cr), v = dt_cg_temp(cg, 24);
	int loop = LBL(), end = LBL(), nomatch = LBL();

	dt_cg_sload_arg(cg, 0, a_off, ca);
	dt_cg_lib_arg(cg, 0, 1);
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 0, 0xff));
	MST(v + 0, 0);
	MSTI(v + 8, -1);
	MSTI(v + 16, (int32_t)ca);
	EMIT(cg, DT_MOV64_IMM(3, 0));
	PLACE(loop);
	JIMM(BPF_JGE, 3, ca, end);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 3));
	LDB(1, 1, a_off);
	MLD(0, v + 0);
	JREG(BPF_JNE, 1, 0, nomatch);
	MST(v + 8, 3);
	if (!lib->key[0])
		JA(end);
	PLACE(nomatch);
	JIMM(BPF_JEQ, 1, 0, end);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	JA(loop);
	PLACE(end);
	dt_cg_null_if_none(cg, v + 8);
	dt_cg_scopy(cg, r, cr, a_off, ca, v + 8, v + 16);
	return r;
}

/* toupper(), tolower() (key: toupper, cap(s), the result's cap) */
static uint32_t
dt_cg_toupper_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t ca = lib->key[1];
	uint32_t a_off = dt_cg_temp(cg, DT_MAX(ca, lib->key[2]));
	bool up = lib->key[0];
	int loop = LBL(), end = LBL(), next = LBL();

	dt_cg_sload_arg(cg, 0, a_off, ca);
	EMIT(cg, DT_MOV64_IMM(3, 0));
	PLACE(loop);
	JIMM(BPF_JGE, 3, ca, end);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 3));
	LDB(2, 1, a_off);
	JIMM(BPF_JEQ, 2, 0, end);
	JIMM(BPF_JLT, 2, up ? 'a' : 'A', next);
	JIMM(BPF_JGT, 2, up ? 'z' : 'Z', next);
	EMIT(cg, DT_ALU64_IMM(BPF_XOR, 2, 0x20));
	EMIT(cg, DT_STX(BPF_B, 1, 2, a_off));
	PLACE(next);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	JA(loop);
	PLACE(end);
	return a_off;
}

/* ---- calls of the library routines (dt_cg_lib.c) whose bodies are above ----------------- */

static void
dt_cg_subr_substr(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_substr_body, "substr", {dt_cg_strcap(cg, n->list.data[0]), cr}, 3};

	dt_cg_lib_args(cg, n->list.data, (int)n->list.len);
	if (n->list.len < 3)
		EMIT(cg, DT_MOV64_IMM(3, (int32_t)cg->strsize));
	dt_cg_lib_call(cg, &lib, 0, cr);
}

static void
dt_cg_subr_index(dt_cg_t *cg, dt_node_t *n)
{
	bool r = n->ident_id == DT_SUBR_RINDEX, start = n->list.len > 2;
	dt_cglib_t lib = {dt_cg_index_body, r ? "rindex" : "index",
			  {(uint32_t)r | (uint32_t)start << 1, dt_cg_strcap(cg, n->list.data[0]),
			   dt_cg_strcap(cg, n->list.data[1])},
			  start ? 3 : 2};

	dt_cg_lib_subr(cg, n, &lib, 0, 0);
}

static void
dt_cg_subr_strstr(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_strstr_body, "strstr",
			  {dt_cg_strcap(cg, n->list.data[0]), dt_cg_strcap(cg, n->list.data[1]), cr},
			  2};

	dt_cg_lib_subr(cg, n, &lib, DT_LIB_NULL, cr);
}

static void
dt_cg_subr_strchr(dt_cg_t *cg, dt_node_t *n)
{
	bool r = n->ident_id == DT_SUBR_STRRCHR;
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_strchr_body, dt_subr_name(n->ident_id),
			  {r, dt_cg_strcap(cg, n->list.data[0]), cr}, 2};

	dt_cg_lib_subr(cg, n, &lib, DT_LIB_NULL, cr);
}

static void
dt_cg_lltostr(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_lltostr_body, "lltostr", {cr}, 2};

	if (dt_cg_base_args(cg, n))
		dt_cg_lib_call(cg, &lib, 0, cr);
}

static void
dt_cg_strtoll(dt_cg_t *cg, dt_node_t *n)
{
	dt_cglib_t lib = {dt_cg_strtoll_body, "strtoll", {dt_cg_strcap(cg, n->list.data[0])}, 2};

	if (dt_cg_base_args(cg, n))
		dt_cg_lib_call(cg, &lib, 0, 0);
}

static void
dt_cg_subr_toupper(dt_cg_t *cg, dt_node_t *n)
{
	bool up = n->ident_id == DT_SUBR_TOUPPER;
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_toupper_body, dt_subr_name(n->ident_id),
			  {up, dt_cg_strcap(cg, n->list.data[0]), cr}, 1};

	dt_cg_lib_subr(cg, n, &lib, 0, cr);
}

static void
dt_cg_subr_pathpart(dt_cg_t *cg, dt_node_t *n)
{
	bool dir = n->ident_id == DT_SUBR_DIRNAME;
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_pathpart_body, dt_subr_name(n->ident_id),
			  {dir, dt_cg_strcap(cg, n->list.data[0]), cr}, 1};

	dt_cg_lib_subr(cg, n, &lib, 0, cr);
}

static void
dt_cg_cleanpath(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_cleanpath_body, "cleanpath", {dt_cg_strcap(cg, n->list.data[0])}, 1};

	dt_cg_lib_subr(cg, n, &lib, 0, cr);
}

/* strtok(s, delims) or strtok(NULL, delims): a new string, or the one of this firing */
static void
dt_cg_strtok(dt_cg_t *cg, dt_node_t *n)
{
	dt_node_t *str = n->list.data[0], *dl = n->list.data[1];
	bool fresh = str->kind != DT_NODE_INT;
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_strtok_body, "strtok", {fresh, dt_cg_strcap(cg, dl), cr},
			  fresh ? 2 : 1};

	if (!cg->strtok_off) {
		dt_cg_fail(cg, "strtok( ) in an inline that no clause of the probe calls");
		return;
	}
	dt_cg_lib_args(cg, n->list.data + !fresh, fresh ? 2 : 1);
	dt_cg_lib_call(cg, &lib, (fresh ? 0 : DT_LIB_FAULTS) | DT_LIB_NULL, cr);
}

static void
dt_cg_inet(dt_cg_t *cg, dt_node_t *n)
{
	int id = n->ident_id;
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_inet_body, dt_subr_name(id),
			  {(uint32_t)id, cr, (uint32_t)n->list.len}, (int)n->list.len};

	dt_cg_lib_subr(cg, n, &lib, DT_LIB_FAULTS, cr);
}

/*
 * link_ntop(type, addr): a link-layer address as DTrace writes it, bytes in two lowercase
 * hex digits joined by ':': 6 for ARPHRD_ETHER (1), 20 for ARPHRD_INFINIBAND (32). Another
 * type is an illegal operation, checked at the call, as a library routine's only fault is a
 * bad address (the address's, read here). bpf_snprintf takes 12 values at most, so the 20
 * bytes are two halves of 10.
 */
static uint32_t
dt_cg_link_ntop_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	static const char eth[] = "%02x:%02x:%02x:%02x:%02x:%02x";
	static const char ib[] = "%02x:%02x:%02x:%02x:%02x:%02x:%02x:%02x:%02x:%02x";
	uint32_t cr = lib->key[0], r = dt_cg_temp(cg, cr), x = dt_cg_temp(cg, 24);
	uint32_t data = dt_cg_temp(cg, 160), out = dt_cg_temp(cg, 64);
	int not_eth = LBL(), done = LBL();

	dt_cg_lib_arg(cg, 3, 1);
	dt_cg_lib_arg(cg, 1, 0);
	JIMM(BPF_JNE, 1, 1, not_eth);
	dt_cg_kread_scratch(cg, x, 6);
	dt_cg_bytes_snprintf(cg, eth, out, 18, x, 6, data);
	JA(done);
	PLACE(not_eth);
	dt_cg_kread_scratch(cg, x, 20);
	dt_cg_bytes_snprintf(cg, ib, out, 30, x, 10, data);
	MSTI(out + 29, ':');	/* over the first half's NUL: the halves join */
	dt_cg_bytes_snprintf(cg, ib, out + 30, 30, x + 10, 10, data + 80);
	PLACE(done);
	dt_cg_inet6_copy(cg, r, cr, out);
	return r;
}

static void
dt_cg_link_ntop(dt_cg_t *cg, dt_node_t *n)
{
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_link_ntop_body, "link_ntop", {cr}, 2};
	int ok = LBL();

	dt_cg_expr(cg, n->list.data[0]);
	dt_cg_push(cg);
	dt_cg_ptrarg(cg, n->list.data[1]);
	EMIT(cg, DT_MOV64_REG(2, 0));
	dt_cg_pop(cg, 1);
	JIMM(BPF_JEQ, 1, 1, ok);
	JIMM(BPF_JEQ, 1, 32, ok);
	dt_cg_fault(cg, DT_FAULT_ILLOP);
	PLACE(ok);
	dt_cg_lib_call(cg, &lib, DT_LIB_FAULTS, cr);
}

/* network order is big-endian; the swap also zero-extends the result */
static void
dt_cg_subr_byteswap(dt_cg_t *cg, dt_node_t *n)
{
	int bits = n->ident_id == DT_SUBR_HTONS || n->ident_id == DT_SUBR_NTOHS ? 16 :
		   n->ident_id == DT_SUBR_HTONL || n->ident_id == DT_SUBR_NTOHL ? 32 : 64;

	dt_cg_expr(cg, n->list.data[0]);
	EMIT(cg, dt_insn(BPF_ALU | BPF_END | BPF_TO_BE, 0, 0, 0, bits));
}

static void
dt_cg_subr_rand(dt_cg_t *cg, dt_node_t *n)
{
	EMIT(cg, DT_CALL(BPF_FUNC_get_prandom_u32));
	dt_cg_normalize(cg, 0, 4, true);
}

/* the kernel's dev_t: major in the high 12 bits, minor in the low 20 */
static void
dt_cg_subr_getmajor(dt_cg_t *cg, dt_node_t *n)
{
	dt_cg_expr(cg, n->list.data[0]);
	if (n->ident_id == DT_SUBR_GETMAJOR) {
		EMIT(cg, DT_ALU32_IMM(BPF_RSH, 0, 20));
	} else {
		EMIT(cg, DT_ALU32_IMM(BPF_AND, 0, 0xfffff));
	}
}

/*
 * mutex_owned(m), mutex_owner(m): a kernel struct mutex keeps its owner's task_struct in
 * m->owner, flag bits in its low 3 bits (0: not held); a bad address is a fault.
 * mutex_type_adaptive(m) is 1 and mutex_type_spin(m) 0: Linux mutexes are all adaptive.
 */
static void
dt_cg_subr_mutex(dt_cg_t *cg, dt_node_t *n)
{
	int owner;

	dt_cg_expr(cg, n->list.data[0]);
	if (n->ident_id == DT_SUBR_MUTEX_TYPE_ADAPTIVE || n->ident_id == DT_SUBR_MUTEX_TYPE_SPIN) {
		EMIT(cg, DT_MOV64_IMM(0, n->ident_id == DT_SUBR_MUTEX_TYPE_ADAPTIVE));
		return;
	}
	owner = dt_cg_btf_offset(cg, "mutex", "owner");
	if (owner < 0) {
		dt_cg_fail(cg, "mutex_owned( ) and mutex_owner( ) need the kernel's BTF "
			   "(/sys/kernel/btf/vmlinux)");
		return;
	}
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, owner));
	dt_cg_kload(cg, 8);
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 0, ~7));
	if (n->ident_id == DT_SUBR_MUTEX_OWNED) {
		int done = LBL();

		JIMM(BPF_JEQ, 0, 0, done);
		EMIT(cg, DT_MOV64_IMM(0, 1));
		PLACE(done);
	}
}

/*
 * A call of a subroutine: its DT_SUBRS row's emitter (dt_compiler.h) generates the code
 * that leaves the result in r0.
 */
typedef void dt_cg_subr_fn(dt_cg_t *cg, dt_node_t *n);

static dt_cg_subr_fn *const dt_cg_subr_emit[DT_SUBR_COUNT] = {
#define DT_X_EMIT(id, name, args, result, emit) [DT_SUBR_##id] = emit,
	DT_SUBRS(DT_X_EMIT)
#undef DT_X_EMIT
};

void
dt_cg_subr(dt_cg_t *cg, dt_node_t *n)
{
	/* a NULL string argument faults where it is evaluated (dt_cg_expr, str_deref) */
	cg->cur_loc = n->loc;
	dt_cg_subr_emit[n->ident_id](cg, n);
}
