/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_cg_str.c: code generation for string values: literals (the string table), copies into
 * records, keys and variables, comparisons, and DTrace's NULL string.
 *
 * A string expression leaves in r0 the address of NUL-terminated bytes (the string table,
 * a scratch temporary, a variable's slot, the probe-name map), or 0: the NULL string, which
 * compares below every other string and faults, an invalid address, where it is read.
 */
#include <string.h>

#include "../runtime/dt_runtime.h"
#include "dt_codegen.h"

uint32_t
dt_cg_strtab(dt_cg_t *cg, const char *s, size_t len)
{
	dt_program_t *p = cg->prog;
	size_t off = 0;

	/* Intern: reuse an identical literal already in the table. */
	while (off < p->strtab.len) {
		size_t l = strlen(p->strtab.data + off);

		if (l == len && memcmp(p->strtab.data + off, s, len) == 0)
			return (uint32_t)off;
		off += l + 1;
	}
	off = p->strtab.len;
	for (size_t i = 0; i < len; i++)
		dt_vec_push(&p->strtab, s[i]);
	dt_vec_push(&p->strtab, '\0');
	return (uint32_t)off;
}

uint32_t
dt_cg_strcap(dt_cg_t *cg, const dt_node_t *n)
{
	return dt_sema_strcap(NULL, n, cg->strsize);
}

/*
 * Can string expression n be DTrace's NULL string, the address 0? A string's value is the
 * address of its bytes, or 0 for NULL: NULL given for a string, what a subroutine returns
 * where it finds nothing, and what a variable holds that was assigned one or, dynamic, never
 * assigned. A string variable's slot says NULL by its first two bytes (DT_STR_NULL: a NUL
 * and a byte no "" leaves there), so reading one is a compare; a dynamic variable assigned
 * NULL is deleted, as for 0. Only where n can be NULL does a read check for it.
 */
bool
dt_cg_str_may_null(const dt_node_t *n)
{
	if (!n->type || n->type->kind != DT_TYPE_STRING)
		return n->kind != DT_NODE_STRING;	/* a char * given for a string */
	if (n->kind == DT_NODE_STRING)
		return n->null_str;
	if (n->ident_kind == DT_IDENT_INLINE)
		return dt_cg_str_may_null(n->left);
	if (n->ident_kind == DT_IDENT_DVAR)
		return true;
	if (n->kind == DT_NODE_CALL)
		return n->ident_kind == DT_IDENT_SUBR &&
		       (n->ident_id == DT_SUBR_STRSTR || n->ident_id == DT_SUBR_STRCHR ||
			n->ident_id == DT_SUBR_STRRCHR || n->ident_id == DT_SUBR_STRTOK);
	if (n->kind == DT_NODE_TERNARY)
		return dt_cg_str_may_null(n->left) || dt_cg_str_may_null(n->right);
	if (n->kind == DT_NODE_ASSIGN)
		return dt_cg_str_may_null(n->right);
	if (n->kind == DT_NODE_STRINGOF || n->kind == DT_NODE_CAST)
		return n->left->type && n->left->type->kind == DT_TYPE_STRING &&
		       dt_cg_str_may_null(n->left);
	return false;
}

/*
 * The string n at r0 is read: NULL (0) is an invalid address fault, at 0, pointing at what
 * reads it, at (its subroutine, its action: the fault location before n was computed).
 */
void
dt_cg_str_nonnull(dt_cg_t *cg, const dt_node_t *n, const dt_loc_t *at)
{
	dt_loc_t now = cg->cur_loc;
	int ok;

	if (!dt_cg_str_may_null(n))
		return;
	ok = dt_ir_label(IR(cg));
	dt_ir_jmp_imm(IR(cg), BPF_JNE, 0, 0, ok);
	EMIT(cg, DT_STX(BPF_DW, 7, 0, DT_MST_FADDR));
	cg->cur_loc = *at;
	dt_cg_fault(cg, DT_FAULT_BADADDR);
	cg->cur_loc = now;
	dt_ir_place(IR(cg), ok);
}

/*
 * Write string expression n into the buffer at dst_reg + off of "size" bytes (NUL
 * terminated, truncated to fit). execname goes straight from the task to the destination.
 */
void
dt_cg_str_into(dt_cg_t *cg, dt_node_t *n, int dst_reg, int32_t off, uint32_t size)
{
	dt_loc_t at;

	if (n->kind == DT_NODE_IDENT && n->ident_id == DT_VAR_EXECNAME && size >= 16) {
		EMIT(cg, DT_MOV64_REG(1, dst_reg));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, off));
		EMIT(cg, DT_MOV64_IMM(2, 16));
		EMIT(cg, DT_CALL(BPF_FUNC_get_current_comm));
		return;
	}
	if (n->kind == DT_NODE_CALL && n->ident_kind == DT_IDENT_SUBR &&
	    n->ident_id == DT_SUBR_COPYINSTR && n->list.len == 1 && dst_reg == 7) {
		/* copyinstr(addr) as a key or a variable's value: read straight into place */
		cg->cur_loc = n->loc;
		dt_cg_expr(cg, n->list.data[0]);
		EMIT(cg, DT_MOV64_REG(3, 0));
		dt_cg_copystr(cg, (uint32_t)off, -1, DT_MIN(size, cg->strsize),
			      BPF_FUNC_probe_read_user_str);
		return;
	}
	at = cg->cur_loc;
	dt_cg_expr(cg, n);
	dt_cg_str_nonnull(cg, n, &at);
	EMIT(cg, DT_MOV64_REG(3, 0));
	EMIT(cg, DT_MOV64_REG(1, dst_reg));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, off));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)DT_MIN(size, dt_cg_strcap(cg, n))));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
}

/*
 * r0 = strcmp-like comparison of the strings at r1 (capacity ca) and r2 (capacity cb),
 * as a bounded byte loop: the verifier walks it once per byte, at most strsize times.
 */
static void
dt_cg_strcmp_loop(dt_cg_t *cg, uint32_t cap)
{
	dt_irbuf_t *ir = IR(cg);
	int loop = dt_ir_label(ir), diff = dt_ir_label(ir), eq = dt_ir_label(ir);
	int done = dt_ir_label(ir);

	EMIT(cg, DT_MOV64_IMM(3, 0));
	dt_ir_place(ir, loop);
	dt_ir_jmp_imm(ir, BPF_JGE, 3, (int32_t)cap, eq);
	EMIT(cg, DT_MOV64_REG(4, 1));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 3));
	EMIT(cg, DT_LDX(BPF_B, 4, 4, 0));
	EMIT(cg, DT_MOV64_REG(5, 2));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 5, 3));
	EMIT(cg, DT_LDX(BPF_B, 5, 5, 0));
	dt_ir_jmp_reg(ir, BPF_JNE, 4, 5, diff);
	dt_ir_jmp_imm(ir, BPF_JEQ, 4, 0, eq);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, 1));
	dt_ir_ja(ir, loop);
	dt_ir_place(ir, diff);
	EMIT(cg, DT_MOV64_REG(0, 4));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 0, 5));
	dt_ir_ja(ir, done);
	dt_ir_place(ir, eq);
	EMIT(cg, DT_MOV64_IMM(0, 0));
	dt_ir_place(ir, done);
}

/*
 * The comparison as a library routine, for two strings that are not literals: the loop is
 * verified once in the routine, not again in every caller's path (a clause of sixteen
 * nested ?: on string comparisons kept 16 loops' pending branches at once: "The sequence
 * of 8193 jumps is too complex"). Its arguments are the two strings' addresses; each is
 * copied into a buffer of the routine's first (key: the capacity compared).
 */
static uint32_t
dt_cg_strcmp_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	uint32_t cap = lib->key[0], buf[2], res;
	int null = LBL(), both = LBL(), a = LBL(), b = LBL(), done = LBL();

	buf[0] = dt_cg_temp(cg, cap);
	buf[1] = dt_cg_temp(cg, cap);
	res = dt_cg_temp(cg, 8);
	/* a NULL string: equal to NULL, below any other ((a != 0) - (b != 0)) */
	dt_cg_lib_arg(cg, 1, 0);
	dt_cg_lib_arg(cg, 2, 1);
	JIMM(BPF_JEQ, 1, 0, null);
	JIMM(BPF_JNE, 2, 0, both);
	PLACE(null);
	EMIT(cg, DT_MOV64_IMM(0, 0));
	JIMM(BPF_JEQ, 1, 0, a);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 0, 1));
	PLACE(a);
	JIMM(BPF_JEQ, 2, 0, b);
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, 1));
	PLACE(b);
	MST(res, 0);
	JA(done);
	PLACE(both);
	for (int i = 0; i < 2; i++) {
		dt_cg_lib_arg(cg, 3, i);
		EMIT(cg, DT_MOV64_REG(1, 7));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)buf[i]));
		EMIT(cg, DT_MOV64_IMM(2, (int32_t)cap));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));	/* zeroed if it fails */
	}
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)buf[0]));
	EMIT(cg, DT_MOV64_REG(2, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 2, (int32_t)buf[1]));
	dt_cg_strcmp_loop(cg, cap);
	MST(res, 0);
	PLACE(done);
	return res;
}

void
dt_cg_strcmp(dt_cg_t *cg, dt_node_t *l, dt_node_t *r)
{
	bool swap = false;

	/* Against a literal: one bpf_strncmp call (the literal lives in a read-only map). */
	if (l->kind == DT_NODE_STRING && r->kind != DT_NODE_STRING) {
		dt_node_t *t = l;

		l = r;
		r = t;
		swap = true;
	}
	if (r->kind == DT_NODE_STRING) {
		uint32_t cap = dt_cg_strcap(cg, l);
		int go = LBL(), done = LBL();

		dt_cg_expr(cg, l);
		if (dt_cg_str_may_null(l)) {
			/* NULL: equal to NULL, below any other string */
			JIMM(BPF_JNE, 0, 0, go);
			EMIT(cg, DT_MOV64_IMM(0, r->null_str ? 0 : -1));
			JA(done);
		}
		PLACE(go);
		if (r->null_str) {
			EMIT(cg, DT_MOV64_IMM(0, 1));
		} else {
			EMIT(cg, DT_MOV64_REG(1, 0));
			EMIT(cg, DT_MOV64_IMM(2, (int32_t)cap));
			dt_ir_ld_mapval(IR(cg), 3, DT_MAP_STRTAB,
					dt_cg_strtab(cg, r->text, r->textlen));
			EMIT(cg, DT_CALL(BPF_FUNC_strncmp));
			/* strncmp(l, lit, cap) differs from D's comparison only when l fills its
			 * buffer with no NUL, which cannot happen: every source is
			 * NUL-terminated. */
			EMIT(cg, DT_ALU64_IMM(BPF_LSH, 0, 32));
			EMIT(cg, DT_ALU64_IMM(BPF_ARSH, 0, 32));
		}
		PLACE(done);
		if (swap)
			EMIT(cg, DT_ALU64_IMM(BPF_NEG, 0, 0));
		return;
	}
	dt_cg_expr(cg, l);
	dt_cg_push(cg);
	dt_cg_expr(cg, r);
	EMIT(cg, DT_MOV64_REG(2, 0));
	dt_cg_pop(cg, 1);
	if (cg->in_lib) {
		dt_cg_strcmp_loop(cg, DT_MIN(dt_cg_strcap(cg, l), dt_cg_strcap(cg, r)));
		return;
	}
	{
		dt_cglib_t lib = {dt_cg_strcmp_body, "strcmp",
				  {DT_MIN(dt_cg_strcap(cg, l), dt_cg_strcap(cg, r))}, 2};

		dt_cg_lib_call(cg, &lib, 0, 0);
	}
}
