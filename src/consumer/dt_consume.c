/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_consume.c: the consume side of a run: ring buffer records to text, drops to stderr,
 * aggregation maps to tables.
 *
 * Records arrive in the layout of dt_program.h; the clause index in the header finds the
 * action list that says how to decode and print the data. Faults arrive as records of their
 * own (clause DT_CLAUSE_FAULT). Aggregations are read only at exit (and by printa, later):
 * per-CPU values merged by each function's rule, sorted, printed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "../runtime/dt_runtime.h"
#include "dt_consumer.h"

/* A write to the output failed: keep its errno (the first one) and stop tracing. */
static void
dt_consume_out_failed(dt_handle_t *dtp)
{
	if (!dtp->cons->out_errno)
		dtp->cons->out_errno = errno ? errno : EIO;
	dtp->cons->exiting = true;
}

void
dt_consume_out_flush(dt_handle_t *dtp)
{
	errno = 0;
	if (fflush(dtp->cons->out) == EOF || ferror(dtp->cons->out))
		dt_consume_out_failed(dtp);
}

static void
dt_consume_flush(dt_handle_t *dtp, dt_strbuf_t *sb)
{
	errno = 0;
	if (sb->len && fwrite(sb->s, 1, sb->len, dtp->cons->out) != sb->len)
		dt_consume_out_failed(dtp);
	dt_sb_reset(sb);
}

/* Decode one record item into a printf/trace argument. */
static void
dt_consume_arg(dt_arena_t *tmp, const uint8_t *rec, uint32_t len, const dt_recitem_t *it,
	       dt_pfarg_t *a)
{
	memset(a, 0, sizeof(*a));
	a->kind = it->kind;
	if (it->kind == DT_REC_BYTES) {
		a->size = it->size;	/* the action reads the bytes in the record itself */
		return;
	}
	if (it->offset + (it->kind == DT_REC_STRING ? it->size : 8) > len) {
		a->str = "";
		return;
	}
	if (it->kind == DT_REC_STRING) {
		/* The ring buffer is mapped read-only: bound the string by its slot in a copy. */
		const char *s = (const char *)(rec + it->offset);

		a->str = dt_arena_strndup(tmp, s, strnlen(s, it->size));
		return;
	}
	if (DT_RECFMT_IS_USER(it->fmt) && it->fmt != DT_RECFMT_USTACK &&
	    it->offset + 16 <= len) {
		/* uaddr(), usym(), umod(): the process id, then the address */
		uint64_t pid;

		memcpy(&pid, rec + it->offset, 8);
		memcpy(&a->ival, rec + it->offset + 8, 8);
		a->upid = (pid_t)pid;
		a->size = 8;
		return;
	}
	memcpy(&a->ival, rec + it->offset, 8);
	a->size = it->size;
	a->is_signed = it->is_signed;
	a->is_float = it->fmt == DT_RECFMT_FLOAT;
}

/* Each fault's words (its kind is DTrace's code for it). */
static const char *const dt_faults[] = {
	[DT_FAULT_BADADDR] = "invalid address",
	[DT_FAULT_ILLOP] = "illegal operation",
	[DT_FAULT_DIVZERO] = "divide-by-zero",
	[DT_FAULT_NOSCRATCH] = "out of scratch space",
	[DT_FAULT_BADSIZE] = "invalid size",
	[DT_FAULT_BADINDEX] = "index out of bounds",
};

static void
dt_consume_fault(dt_handle_t *dtp, const uint8_t *rec, uint32_t len)
{
	uint32_t prid;
	uint64_t word, addr, clause;
	unsigned kind;
	dt_probe_t *prp;
	dt_strbuf_t msg = {0};

	if (len < DT_FAULT_RECSIZE)
		return;
	memcpy(&prid, rec, 4);
	memcpy(&word, rec + DT_FAULT_WORD, 8);
	memcpy(&addr, rec + DT_FAULT_ADDR, 8);
	memcpy(&clause, rec + DT_FAULT_CLAUSE, 8);
	kind = DT_FAULT_WORD_KIND(word);
	if (kind >= DT_ARRAY_SIZE(dt_faults) || !dt_faults[kind])
		kind = DT_FAULT_BADADDR;
	prp = dt_probe_by_id(dtp, prid);
	dt_consume_out_flush(dtp);
	/* One write per message: a fault on every event makes many (and may trace them). */
	dt_sb_printf(&msg, "dtrace: error on enabled probe ID %llu (ID %u: %s:%s:%s:%s): ",
		     (unsigned long long)clause + 1, prid, prp ? prp->prov : "",
		     prp ? prp->mod : "", prp ? prp->func : "", prp ? prp->name : "");
	if (kind == DT_FAULT_BADADDR || kind == DT_FAULT_BADSIZE)
		dt_sb_printf(&msg, "%s (0x%llx)", dt_faults[kind], (unsigned long long)addr);
	else if (kind == DT_FAULT_BADINDEX)
		dt_sb_printf(&msg, "%s (%lld)", dt_faults[kind], (long long)addr);
	else
		dt_sb_puts(&msg, dt_faults[kind]);
	/* DTrace says which action; we add where it is in the source. */
	{
		unsigned stmt = DT_FAULT_WORD_STMT(word);
		uint32_t site = DT_FAULT_WORD_SITE(word);
		dt_program_t *prog = dtp->prog;

		if (stmt == 0)
			dt_sb_puts(&msg, " in predicate");
		else
			dt_sb_printf(&msg, " in action #%u", stmt);
		if (site < prog->fault_sites.len) {
			const dt_loc_t *l = &prog->fault_sites.data[site];

			if (l->src && l->line > 0)
				dt_sb_printf(&msg, " at %s:%d:%d",
					     l->src->name ? l->src->name : "-n", l->line, l->col);
		}
		dt_sb_putc(&msg, '\n');
		fputs(dt_sb_str(&msg), stderr);
		if (dtp->opts.oformat == DT_OFORMAT_JSON) {
			/* and in the output, an object of its own */
			dt_strbuf_t js = {0};

			msg.s[--msg.len] = '\0';
			dt_json_fault(&js, prp, prid, clause + 1, dt_faults[kind], addr, stmt,
				      site < prog->fault_sites.len ? &prog->fault_sites.data[site]
								   : NULL, dt_sb_str(&msg));
			dt_consume_flush(dtp, &js);
			dt_sb_free(&js);
		}
		dt_sb_free(&msg);
		/* dtrace:::ERROR ran in the kernel, at the fault (dt_cg_error) */
	}
}

/*
 * trace() of stack(), ustack(), func(), sym(), mod(), uaddr(), usym(), umod(): symbolized.
 * The symbols print "  %-50s", quiet or not, as DTrace's consumer prints them (illumos' and
 * Oracle's dt_print_sym() and dt_print_usym() take no other format for a record).
 */
static void
dt_consume_symbolic(dt_handle_t *dtp, dt_strbuf_t *sb, const uint8_t *rec, uint32_t len,
		    const dt_recitem_t *it)
{
	static const dt_keyfmt_t ukf[] = {
		[DT_RECFMT_UADDR] = DT_KEYFMT_UADDR, [DT_RECFMT_USYM] = DT_KEYFMT_USYM,
		[DT_RECFMT_UMOD] = DT_KEYFMT_UMOD,
	};
	uint64_t pcs[128], v = 0;
	size_t n;
	dt_strbuf_t tmp = {0};

	if (it->offset + it->size > len)
		return;
	switch (it->fmt) {
	case DT_RECFMT_STACK: case DT_RECFMT_USTACK:
		n = DT_MIN(it->size / 8, DT_ARRAY_SIZE(pcs));
		memcpy(pcs, rec + it->offset, n * 8);
		if (it->fmt == DT_RECFMT_USTACK)
			dt_usym_fmt_stack(sb, dtp->cons->usyms, pcs, n, DT_STACK_INDENT);
		else
			dt_ksym_fmt_stack(sb, dtp->ksyms, pcs, n, DT_STACK_INDENT);
		return;
	case DT_RECFMT_UADDR: case DT_RECFMT_USYM: case DT_RECFMT_UMOD:
		memcpy(pcs, rec + it->offset, 16);
		dt_usym_fmt_item(&tmp, dtp->cons->usyms, ukf[it->fmt], pcs);
		dt_sb_printf(sb, "  %-50s", dt_sb_str(&tmp));
		dt_sb_free(&tmp);
		return;
	case DT_RECFMT_SYM: case DT_RECFMT_MOD:
		memcpy(&v, rec + it->offset, 8);
		if (it->fmt == DT_RECFMT_SYM)
			dt_ksym_fmt_sym(&tmp, dtp->ksyms, v);
		else
			dt_ksym_fmt_mod(&tmp, dtp->ksyms, v);
		dt_sb_printf(sb, "  %-50s", dt_sb_str(&tmp));
		dt_sb_free(&tmp);
		return;
	default:
		return;
	}
}

static void dt_consume_aggact(dt_handle_t *dtp, dt_strbuf_t *sb, const dt_action_t *a,
			      const dt_pfarg_t *arg);

/*
 * freopen(path): what the consumer prints goes to path (appended) from now on; "" sends it
 * back where it went first (stdout or -o's file). A file that cannot be opened changes
 * nothing, with a message.
 */
static void
dt_consume_freopen(dt_handle_t *dtp, const char *path)
{
	dt_consumer_t *cs = dtp->cons;
	FILE *fp = NULL;

	dt_consume_out_flush(dtp);
	if (*path && !(fp = fopen(path, "a"))) {
		fprintf(stderr, "dtrace: failed to freopen output to %s: %s\n", path,
			strerror(errno));
		return;
	}
	if (!cs->first_out)
		cs->first_out = cs->out;
	if (cs->out != cs->first_out)
		fclose(cs->out);
	cs->out = fp ? fp : cs->first_out;
}

/* ---- speculations -------------------------------------------------------------------- */

static void dt_consume_record(dt_handle_t *dtp, const uint8_t *rec, uint32_t len);

/* Which of the clause's conditional actions ran: the bitmap after the record's header. */
static uint64_t
dt_rec_ran(const dt_clause_t *cl, const uint8_t *rec, uint32_t len)
{
	uint64_t ran = 0;

	if (cl->ncond && len >= DT_REC_HDR_SIZE + 8)
		memcpy(&ran, rec + DT_REC_HDR_SIZE, 8);
	return ran;
}

static bool
dt_act_ran(const dt_action_t *a, uint64_t ran)
{
	return !a->conditional || (ran & (1ULL << a->bit));
}

/* Print what a record buffer keeps, oldest first. */
static void
dt_consume_replay(dt_handle_t *dtp, const dt_recbuf_t *b)
{
	for (size_t i = 0; i < dt_recbuf_count(b); i++) {
		uint32_t len;
		const uint8_t *rec = dt_recbuf_get(b, i, &len);

		dt_consume_record(dtp, rec, len);
	}
}

/* commit(id): the held records print now, in order; discard(id): they go. Both free id. */
static void
dt_spec_end(dt_handle_t *dtp, uint64_t id, bool commit)
{
	if (id == 0 || id > dtp->opts.nspec || !dtp->cons->specs)
		return;
	if (commit) {
		dtp->cons->replaying = true;
		dt_consume_replay(dtp, &dtp->cons->specs[id]);
		dtp->cons->replaying = false;
	}
	dt_recbuf_free(&dtp->cons->specs[id]);
}

/* A record of a clause that called speculate(id): held, not printed (true if taken). */
static bool
dt_spec_hold(dt_handle_t *dtp, const uint8_t *rec, uint32_t len, uint64_t id)
{
	if (dtp->cons->replaying)
		return false;
	if (id == 0 || id > dtp->opts.nspec || !dtp->cons->specs)
		return true;	/* speculate(0): nothing is kept */
	if (!dt_recbuf_add(&dtp->cons->specs[id], rec, len, dtp->opts.specsize, false))
		dtp->cons->spec_drops++;
	return true;
}

/* ---- flowindent ---------------------------------------------------------------------- */

/*
 * -F, per CPU: the depth, the last record printed and a return record waiting for the one
 * after it. DTrace keeps one depth in its handle but reads one CPU's buffer at a time, so
 * each stretch of output nests that CPU's own entries and returns. Our records from every
 * CPU come through one ring buffer in time order; one depth for all would nest one CPU's
 * entries in another's, so each CPU keeps its own, which is what DTrace shows per stretch.
 *
 * Whether a return unindents depends on the record after it (several clauses on one return
 * probe: only the last one's record does), as DTrace looks ahead in its buffer: the return
 * record waits, copied, until the next record of its CPU arrives, or the batch being read
 * ends (DTrace's end of buffer), then prints. Records of one firing are written back to back
 * on their CPU, so the next record of the CPU is the one DTrace would see next.
 */
typedef struct dt_flowcpu {
	int indent;
	uint32_t last_prid;	/* the last record printed: its probe and clause */
	int last_ci;		/* -1: none yet */
	uint8_t *pending;	/* a return record not printed yet, or NULL */
	uint32_t pending_len;
} dt_flowcpu_t;

static dt_flowcpu_t *
dt_flow_cpu(dt_handle_t *dtp, uint16_t cpu)
{
	return dtp->cons->flowcpus && cpu < dtp->cons->nflowcpus ? &dtp->cons->flowcpus[cpu] : NULL;
}

static void dt_consume_print(dt_handle_t *dtp, const uint8_t *rec, uint32_t len,
			     bool same_probe_after);

/* Print fc's waiting return, now that the next record (of probe prid, clause ci) is known. */
static void
dt_flow_settle(dt_handle_t *dtp, dt_flowcpu_t *fc, bool known, uint32_t prid, int ci)
{
	uint8_t *rec = fc->pending;
	uint32_t pprid;
	uint16_t pci;

	if (!rec)
		return;
	fc->pending = NULL;	/* printing may replay records (commit) that come back here */
	memcpy(&pprid, rec, 4);
	memcpy(&pci, rec + 6, 2);
	dt_consume_print(dtp, rec, fc->pending_len, known && prid == pprid && ci != pci);
	free(rec);
}

/* The end of a batch: every waiting return prints as the last record DTrace would see. */
static void
dt_flow_settle_all(dt_handle_t *dtp)
{
	for (uint32_t c = 0; c < dtp->cons->nflowcpus; c++)
		dt_flow_settle(dtp, &dtp->cons->flowcpus[c], false, 0, 0);
	dt_consume_out_flush(dtp);
}

/* The record's line starts: the probe columns, or with -F the indented function. */
static void
dt_consume_prefix(dt_handle_t *dtp, dt_strbuf_t *sb, uint16_t cpu, uint32_t prid, int ci,
		  bool same_probe_after)
{
	dt_probe_t *prp = dt_probe_by_id(dtp, prid);
	const char *func = prp ? prp->func : "", *name = prp ? prp->name : "";
	dt_flowcpu_t *fc;
	int indent = 0;

	if (!dtp->opts.flowindent) {
		if (dtp->opts.quiet)
			return;
		/* The column header comes with the first record, as in DTrace. */
		if (!dtp->cons->printed_header)
			dt_fmt_header(sb);
		dtp->cons->printed_header = true;
		dt_fmt_probe_prefix(sb, cpu, prid, func, name);
		return;
	}
	/* dtrace(1) prints these even with -q, as it does */
	if (!dtp->cons->printed_header)
		dt_fmt_flow_header(sb);
	dtp->cons->printed_header = true;
	fc = dt_flow_cpu(dtp, cpu);
	dt_fmt_flow_prefix(sb, cpu, fc ? &fc->indent : &indent,
			   dt_flow_decide(dt_flow_of(prp ? prp->flags : 0),
					  fc && fc->last_ci >= 0 && fc->last_prid == prid &&
					  fc->last_ci != ci, same_probe_after),
			   prp && (prp->flags & DT_PRF_BOUNDARY), func, name);
	if (fc) {
		fc->last_prid = prid;
		fc->last_ci = ci;
	}
}

/*
 * A record as it comes from the ring buffer (or a commit): faults, speculations and -F's
 * waiting returns are dealt with here; dt_consume_print prints.
 */
static void
dt_consume_record(dt_handle_t *dtp, const uint8_t *rec, uint32_t len)
{
	dt_program_t *prog = dtp->prog;
	uint32_t prid;
	uint16_t cpu, ci;
	dt_clause_t *cl;
	dt_probe_t *prp;
	dt_flowcpu_t *fc;

	if (len < DT_REC_HDR_SIZE)
		return;
	memcpy(&prid, rec, 4);
	memcpy(&cpu, rec + 4, 2);
	memcpy(&ci, rec + 6, 2);
	fc = dtp->opts.flowindent && !dtp->cons->replaying ? dt_flow_cpu(dtp, cpu) : NULL;
	if (ci == DT_CLAUSE_FAULT) {
		if (fc)
			dt_flow_settle(dtp, fc, true, prid, ci);
		dt_consume_fault(dtp, rec, len);
		return;
	}
	if (ci >= prog->nclauses)
		return;
	cl = prog->clauses[ci];
	prp = dt_probe_by_id(dtp, prid);
	if (cl->nactions && cl->actions[0].kind == DT_ACT_SPECULATE &&
	    cl->actions[0].items[0].offset + 8 <= len) {
		uint64_t id;

		memcpy(&id, rec + cl->actions[0].items[0].offset, 8);
		if (dt_spec_hold(dtp, rec, len, id))
			return;
	}
	if (fc) {
		dt_flow_settle(dtp, fc, true, prid, ci);
		if (prp && (prp->flags & DT_PRF_RETURN)) {
			fc->pending = dt_xmalloc(len);
			memcpy(fc->pending, rec, len);
			fc->pending_len = len;
			return;
		}
	}
	dt_consume_print(dtp, rec, len, false);
}

static bool
dt_clause_only_ends_specs(const dt_clause_t *cl)
{
	for (int i = 0; i < cl->nactions; i++)
		if (cl->actions[i].kind != DT_ACT_COMMIT && cl->actions[i].kind != DT_ACT_DISCARD)
			return false;
	return cl->nactions > 0;
}

/* Print one record: its probe columns, then each action's output. */
static void
dt_consume_print(dt_handle_t *dtp, const uint8_t *rec, uint32_t len, bool same_probe_after)
{
	dt_program_t *prog = dtp->prog;
	uint32_t prid;
	uint16_t cpu, ci;
	dt_clause_t *cl;
	dt_strbuf_t *sb = &dtp->cons->rec_sb;
	dt_arena_t *tmp = &dtp->cons->rec_arena;
	bool quiet = dtp->opts.quiet, json = dtp->opts.oformat == DT_OFORMAT_JSON, ends_specs;
	uint64_t ran;		/* which conditional actions ran */
	dt_strbuf_t js = {0};	/* -x oformat=json: the record's object (a commit may print
				 * other records before it ends) */

	memcpy(&prid, rec, 4);
	memcpy(&cpu, rec + 4, 2);
	memcpy(&ci, rec + 6, 2);
	cl = prog->clauses[ci];
	dt_arena_reset(tmp);
	/* A clause that only commits or discards prints no line of its own, as in DTrace. */
	ends_specs = dt_clause_only_ends_specs(cl);
	quiet |= ends_specs;
	if (json)
		dt_json_probe_open(dtp, &js, cpu, prid);
	else if (!ends_specs)
		dt_consume_prefix(dtp, sb, cpu, prid, ci, same_probe_after);
	ran = dt_rec_ran(cl, rec, len);
	for (int i = 0; i < cl->nactions; i++) {
		dt_action_t *a = &cl->actions[i];
		dt_pfarg_t args[DT_MAX_ACT_ITEMS];	/* sema bounds printf()'s arguments */
		int n = DT_MIN(a->nitems, DT_MAX_ACT_ITEMS);

		if (!dt_act_ran(a, ran))
			continue;	/* under an if that was not taken */
		for (int k = 0; k < n; k++)
			dt_consume_arg(tmp, rec, len, &a->items[k], &args[k]);
		if (json && dt_json_action(dtp, &js, a, rec, len, args, n))
			continue;
		switch (a->kind) {
		case DT_ACT_TRACE:
			if (a->items[0].kind == DT_REC_BYTES) {
				if (a->items[0].offset + a->items[0].size <= len)
					dt_fmt_bytes(sb, a->type, rec + a->items[0].offset,
						     a->items[0].size, quiet);
			} else if (a->items[0].fmt != DT_RECFMT_PLAIN) {
				dt_consume_symbolic(dtp, sb, rec, len, &a->items[0]);
			} else if (a->items[0].kind == DT_REC_STRING && dtp->opts.rawbytes) {
				/* -x rawbytes: the string's whole buffer, zeros after it */
				size_t sz = dt_strslot(dtp);
				uint8_t *buf = dt_arena_alloc(tmp, sz);

				memset(buf, 0, sz);
				memcpy(buf, args[0].str, DT_MIN(strlen(args[0].str), sz - 1));
				dt_fmt_rawbytes(sb, buf, sz);
			} else {
				dt_fmt_trace(sb, &args[0], quiet);
			}
			break;
		case DT_ACT_TRACEMEM: {
			const dt_recitem_t *it = &a->items[0];
			uint64_t show = it->size;

			if (n > 1) {
				/* dsize: used when 0 <= dsize < nbytes */
				bool neg = args[1].is_signed && (int64_t)args[1].ival < 0;

				if (!neg && args[1].ival < show)
					show = args[1].ival;
			}
			if (it->offset + it->size <= len)
				dt_fmt_rawbytes(sb, rec + it->offset, (size_t)show);
			break;
		}
		case DT_ACT_PRINT: {
			const dt_recitem_t *it = &a->items[0];
			uint32_t sz = it->kind == DT_REC_INT ? 8 : it->size;

			if (a->nitems == 2) {
				/* print(p): p, then the bytes it points at */
				if (a->items[1].offset + a->items[1].size <= len)
					dt_fmt_print_ptr(sb, a->type, args[0].ival,
							 rec + a->items[1].offset, a->items[1].size,
							 dtp->opts.printsize);
				break;
			}
			if (it->offset + sz <= len)
				dt_fmt_print(sb, a->type, rec + it->offset, sz);
			break;
		}
		case DT_ACT_PRINTF:
			dt_pfmt_format_syms(sb, a->pfmt, args, n, dtp->ksyms, dtp->cons->usyms,
					    dtp->cons->sym_target);
			break;
		case DT_ACT_SYSTEM: {
			/* system(): formatted like printf, run by the consumer, as DTrace does;
			 * what is already printed goes first */
			dt_strbuf_t cmd = {0};
			int rc;

			dt_pfmt_format(&cmd, a->pfmt, args, n);
			dt_consume_flush(dtp, sb);
			dt_consume_out_flush(dtp);
			rc = system(dt_sb_str(&cmd));
			(void)rc;
			dt_sb_free(&cmd);
			break;
		}
		case DT_ACT_FREOPEN: {
			dt_strbuf_t path = {0};

			if (a->pfmt)
				dt_pfmt_format(&path, a->pfmt, args, n);
			dt_consume_flush(dtp, sb);
			dt_consume_freopen(dtp, dt_sb_str(&path));
			dt_sb_free(&path);
			break;
		}
		case DT_ACT_PCAP: {
			/* no capture file here: the bytes, as tracemem() prints them */
			const dt_recitem_t *it = &a->items[2];

			if (args[0].ival && it->offset + it->size <= len)
				dt_fmt_rawbytes(sb, rec + it->offset,
						(size_t)DT_MIN(args[0].ival, it->size));
			break;
		}
		case DT_ACT_SETOPT: {
			/* setopt(): from here on, as if set with -x */
			const char *why, *val = n > 1 ? args[1].str : NULL;

			if (dt_opt_set_live(dtp, args[0].str, val, &why) < 0) {
				/* DTrace names the clause and probe that asked, and ends the
				 * message with an empty line */
				dt_probe_t *prp = dt_probe_by_id(dtp, prid);

				dt_consume_out_flush(dtp);
				fprintf(stderr, "dtrace: error in dt_clause_%u for probe ID %u "
					"(%s:%s:%s:%s): couldn't set option \"%s\" to \"%s\": %s\n\n",
					ci, prid, prp ? prp->prov : "", prp ? prp->mod : "",
					prp ? prp->func : "", prp ? prp->name : "", args[0].str,
					val ? val : "1", why);
			}
			break;
		}
		case DT_ACT_RAISE: case DT_ACT_SPECULATE:
			break;
		case DT_ACT_COMMIT: case DT_ACT_DISCARD:
			dt_consume_flush(dtp, sb);
			dt_spec_end(dtp, args[0].ival, a->kind == DT_ACT_COMMIT);
			break;
		case DT_ACT_PRINTA: case DT_ACT_CLEAR: case DT_ACT_TRUNC: case DT_ACT_NORMALIZE:
		case DT_ACT_DENORMALIZE:
			dt_consume_aggact(dtp, json ? &js : sb, a, &args[0]);
			break;
		case DT_ACT_EXIT:
			/* the last exit() says the status, as in DTrace: END's over BEGIN's */
			dtp->cons->exiting = true;
			dtp->cons->exit_status = (int)(int32_t)args[0].ival;
			break;
		}
	}
	if (json) {
		dt_json_probe_close(&js);
		dt_sb_putn(sb, js.s, js.len);
		dt_sb_free(&js);
	} else if (!quiet) {
		dt_sb_putc(sb, '\n');
	}
	dt_consume_flush(dtp, sb);
}

/* ---- -x bufpolicy=fill and ring ------------------------------------------------------ */

/*
 * DTrace's principal buffers are per CPU; with fill or ring its consumer reads nothing until
 * tracing stops, then prints each CPU's buffer in turn (the CPU END ran on last):
 *   fill  a CPU's buffer takes records until one does not fit in bufsize less what END's
 *         records may need; from then on it takes none (refusing counts no drop) but END's.
 *         Once dtrace sees a full buffer (at statusrate) it stops tracing and exits as after
 *         exit(), with no message.
 *   ring  a CPU's buffer keeps its most recent bufsize bytes, older records overwritten.
 * Our kernel side keeps its one shared ring buffer, drained at switchrate as always. For fill
 * the clauses count each CPU's bytes and refuse records past the limit themselves (see
 * dt_cg_fill_check), so a full CPU stops writing at once and floods nothing; the stats map
 * tells dt_consume_drops, and the run loop ends. For ring the kernel does nothing new: the
 * consumer keeps each CPU's last bufsize bytes of records in a dt_recbuf. Either way the
 * records are kept here instead of printed, and printed when tracing has stopped. A kept
 * exit() record stops tracing at once, as it does in the kernel; its status is the exit
 * status, and the record prints at the end with the others.
 */

/* Did the record's clause call exit()? *status is its argument then. */
static bool
dt_rec_exit(const dt_program_t *prog, const uint8_t *rec, uint32_t len, int *status)
{
	uint16_t ci;
	const dt_clause_t *cl;
	uint64_t ran;

	memcpy(&ci, rec + 6, 2);
	if (ci >= prog->nclauses)
		return false;	/* faults among them */
	cl = prog->clauses[ci];
	ran = dt_rec_ran(cl, rec, len);
	for (int i = 0; i < cl->nactions; i++) {
		const dt_action_t *a = &cl->actions[i];
		int64_t v;

		if (a->kind != DT_ACT_EXIT || !dt_act_ran(a, ran) || a->items[0].offset + 8 > len)
			continue;
		memcpy(&v, rec + a->items[0].offset, 8);
		*status = (int)(int32_t)v;
		return true;
	}
	return false;
}

static void
dt_consume_hold(dt_handle_t *dtp, const uint8_t *rec, uint32_t len)
{
	uint32_t prid;
	uint16_t cpu;
	dt_probe_t *prp;
	bool ring = dtp->opts.bufpolicy == DT_BUFPOLICY_RING;
	int status;

	if (len < DT_REC_HDR_SIZE)
		return;
	memcpy(&prid, rec, 4);
	memcpy(&cpu, rec + 4, 2);
	prp = dt_probe_by_id(dtp, prid);
	if (prp && (prp->flags & DT_PRF_END))
		dtp->cons->end_cpu = cpu;
	/* fill: the kernel has kept each CPU's records within bufsize already */
	if (!dt_recbuf_add(&dtp->cons->held[cpu < dtp->cons->nheld ? cpu : 0], rec, len,
			   ring ? dtp->opts.bufsize : UINT64_MAX, ring))
		return;
	if (dt_rec_exit(dtp->prog, rec, len, &status)) {
		dtp->cons->exiting = true;
		dtp->cons->exit_status = status;
	}
}

/* One CPU's kept records, as DTrace reads one CPU's buffer: -F looks no further than its end. */
static void
dt_consume_held_cpu(dt_handle_t *dtp, uint32_t c)
{
	dt_consume_replay(dtp, &dtp->cons->held[c]);
	dt_recbuf_free(&dtp->cons->held[c]);
	dt_flow_settle_all(dtp);
}

void
dt_consume_held(dt_handle_t *dtp)
{
	for (uint32_t c = 0; c < dtp->cons->nheld; c++)
		if ((int)c != dtp->cons->end_cpu)
			dt_consume_held_cpu(dtp, c);
	if (dtp->cons->end_cpu >= 0 && (uint32_t)dtp->cons->end_cpu < dtp->cons->nheld)
		dt_consume_held_cpu(dtp, (uint32_t)dtp->cons->end_cpu);
}

static uint64_t
dt_consume_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * The ring buffer's callback: a record prints now, or (fill, ring) is kept for the end.
 * libbpf's consume loops until it finds the ring empty, which it never does while the
 * probes write faster than we print (or print into a file whose writes they trace): the run
 * loop would never see a signal again. So one poll drains at most the ring's size in bytes,
 * and for at most DT_CONSUME_SLICE_NS (a record that costs 50 us, such as a fault's message
 * whose write faults again, makes a ring's worth seconds); a negative return stops libbpf's
 * loop with this record consumed.
 */
#define DT_CONSUME_SLICE_NS 100000000ULL

static int
dt_consume_rb(void *ctx, void *data, size_t size)
{
	dt_handle_t *dtp = ctx;
	uint64_t used = DT_ALIGN(size + BPF_RINGBUF_HDR_SZ, 8);

	if (dtp->cons->held)
		dt_consume_hold(dtp, data, (uint32_t)size);
	else
		dt_consume_record(dtp, data, (uint32_t)size);
	if (dtp->cons->rb_left <= used ||
	    (++dtp->cons->rb_nrecs % 64 == 0 && dt_consume_now_ns() > dtp->cons->rb_until)) {
		dtp->cons->rb_left = 0;
		return -EAGAIN;
	}
	dtp->cons->rb_left -= used;
	return 0;
}

dt_consumer_t *
dt_consumer_new(dt_handle_t *dtp)
{
	dt_consumer_t *cs = dt_xcalloc(1, sizeof(*cs));

	cs->out = stdout;
	cs->end_cpu = -1;
	dtp->cons = cs;
	return cs;
}

void
dt_consumer_free(dt_handle_t *dtp)
{
	dt_consumer_t *cs = dtp ? dtp->cons : NULL;

	if (!cs)
		return;
	dt_consume_fini(dtp);
	free(cs->last_drops);
	dt_usyms_free(cs->usyms);
	free(cs->agg_normal);
	free(cs->agg_printed);
	dt_arena_fini(&cs->rec_arena);
	dt_sb_free(&cs->rec_sb);
	free(cs);
	dtp->cons = NULL;
}

/*
 * Whether each buffer holds at least one of what goes in it, as DTrace asks before it
 * enables tracing: bufsize one record of every clause (with the ring buffer's 8-byte record
 * header) and, where a clause can fault, the fault's record (DTrace's ERROR record);
 * aggsize one entry (key and value) of each aggregation, dynvarsize one element of each
 * thread-local or associative variable (dyn_elem_max).
 */
static bool
dt_consume_fits(const dt_handle_t *dtp)
{
	const dt_program_t *prog = dtp->prog;

	if (prog->fault_sites.len && DT_FAULT_RECSIZE + 8ULL > dtp->opts.bufsize)
		return false;
	for (int c = 0; c < prog->nclauses; c++)
		if (prog->clauses[c]->has_record &&
		    prog->clauses[c]->recsize + 8ULL > dtp->opts.bufsize)
			return false;
	for (int i = 0; i < prog->naggs; i++) {
		const dt_aggdesc_t *ad = prog->aggs[i];
		uint64_t entry = ad->nkeys ? ad->keysize + ad->nwords * 8ULL
					   : (ad->nwords + 1) * 8ULL;

		if (entry > dtp->opts.aggsize)
			return false;
	}
	return prog->dyn_elem_max <= dtp->opts.dynvarsize;
}

int
dt_consume_init(dt_handle_t *dtp)
{
	if (dtp->opts.bufpolicy == DT_BUFPOLICY_FILL &&
	    dtp->prog->end_reserve > dtp->opts.bufsize) {
		fprintf(stderr, "dtrace: could not enable tracing: END enablings exceed size of "
			"principal buffer\n");
		return -1;
	}
	if (!dt_consume_fits(dtp)) {
		fprintf(stderr, "dtrace: could not enable tracing: Enabling exceeds size of "
			"buffer\n");
		return -1;
	}
	dtp->cons->rb = ring_buffer__new(dtp->map_fds[DT_MAP_RINGBUF], dt_consume_rb, dtp, NULL);
	if (!dtp->cons->rb) {
		int err = -errno;

		fprintf(stderr, "dtrace: failed to open the trace buffer: %s\n", strerror(-err));
		return err;
	}
	{
		struct bpf_map_info info = {0};
		uint32_t len = sizeof(info);

		dtp->cons->rb_size = 1 << 20;
		if (bpf_obj_get_info_by_fd(dtp->map_fds[DT_MAP_RINGBUF], &info, &len) == 0 &&
		    info.max_entries)
			dtp->cons->rb_size = info.max_entries;
	}
	if (!dtp->ksyms)	/* read only if something prints a symbol */
		dtp->ksyms = dt_ksyms_new(NULL);
	dtp->cons->usyms = dt_usyms_new(NULL);	/* likewise, per process */
	dt_usyms_set_demangle(dtp->cons->usyms, !dtp->opts.mangled);
	dtp->cons->sym_target = dtp->target_pid;
	dtp->cons->specs = dt_xcalloc(dtp->opts.nspec + 1, sizeof(*dtp->cons->specs));
	dtp->cons->agg_normal = dt_xcalloc((size_t)dtp->prog->naggs + 1, sizeof(uint64_t));
	dtp->cons->agg_printed = dt_xcalloc((size_t)dtp->prog->naggs + 1, sizeof(bool));
	for (int i = 0; i < dtp->prog->naggs; i++)
		dtp->cons->agg_normal[i] = 1;
	if (dtp->opts.bufpolicy != DT_BUFPOLICY_SWITCH) {
		dtp->cons->nheld = (uint32_t)DT_MAX(libbpf_num_possible_cpus(), 1);
		dtp->cons->held = dt_xcalloc(dtp->cons->nheld, sizeof(*dtp->cons->held));
	}
	if (dtp->opts.flowindent) {
		dtp->cons->nflowcpus = (uint32_t)DT_MAX(libbpf_num_possible_cpus(), 1);
		dtp->cons->flowcpus = dt_xcalloc(dtp->cons->nflowcpus, sizeof(*dtp->cons->flowcpus));
		for (uint32_t c = 0; c < dtp->cons->nflowcpus; c++)
			dtp->cons->flowcpus[c].last_ci = -1;
	}
	dtp->cons->last_drops = dt_xcalloc((size_t)libbpf_num_possible_cpus() * (DT_STATS_SIZE / 8),
				     sizeof(uint64_t));
	if (dtp->opts.prometheus[0] && dt_prom_start(dtp) < 0)
		return -1;
	return 0;
}

int
dt_consume_epoll_fd(dt_handle_t *dtp)
{
	return dtp->cons->rb ? ring_buffer__epoll_fd(dtp->cons->rb) : -1;
}

int
dt_consume_poll(dt_handle_t *dtp, int timeout_ms)
{
	int n;

	if (!dtp->cons->rb)
		return 0;
	dt_usyms_tick(dtp->cons->usyms);
	dtp->cons->rb_left = dtp->cons->rb_size;
	dtp->cons->rb_until = dt_consume_now_ns() + DT_CONSUME_SLICE_NS;
	n = timeout_ms > 0 ? ring_buffer__poll(dtp->cons->rb, timeout_ms) : ring_buffer__consume(dtp->cons->rb);
	dt_flow_settle_all(dtp);
	if (n == -EAGAIN && dtp->cons->rb_left == 0)
		return 1;	/* a ring's worth or a time slice: more may be waiting */
	return n < 0 && n != -EINTR ? n : 0;
}

/* Drain what the probes left, once they are stopped: bounded by what the ring holds. */
void
dt_consume_drain(dt_handle_t *dtp)
{
	while (dt_consume_poll(dtp, 0) > 0)
		;
}

/* -x oformat=json: a drop is also an object in the output (w: its DT_STATS_* word, or -1:
 * records a full speculation refused). */
static void
dt_consume_drop_json(dt_handle_t *dtp, int w, int cpu, uint64_t n)
{
	static const char *const kind[] = {"principal", "aggregation", "dynamic variable"};
	dt_strbuf_t js = {0};

	if (dtp->opts.oformat != DT_OFORMAT_JSON)
		return;
	dt_json_drop(&js, w < 0 ? "speculative" : w == DT_STAT_SPECFAIL / 8 ? "failed speculation"
			: w < (int)DT_ARRAY_SIZE(kind) ? kind[w] : "principal", cpu, n);
	dt_consume_flush(dtp, &js);
	dt_sb_free(&js);
}

void
dt_consume_drops(dt_handle_t *dtp)
{
	/* DT_STATS_* words, in order, and how DTrace words each kind of drop. */
	static const char *const what[] = {"", "aggregation ", "dynamic variable ", "", ""};
	/* and, with -x droptags, tags them as DTrace does */
	static const char *const tags[] = {
		"[DTRACEDROP_PRINCIPAL] ", "[DTRACEDROP_AGGREGATION] ", "[DTRACEDROP_DYNAMIC] ",
		"[DTRACEDROP_SPECUNAVAIL] ", "",
	};
	bool et = dtp->opts.droptags;
	enum { NW = DT_STATS_SIZE / 8 };
	int ncpus = libbpf_num_possible_cpus();
	uint32_t zero = 0;
	uint64_t *v;

	if (dtp->map_fds[DT_MAP_STATS] < 0 || ncpus <= 0 || !dtp->cons->last_drops)
		return;
	v = dt_xcalloc((size_t)ncpus, DT_STATS_SIZE);
	if (bpf_map_lookup_elem(dtp->map_fds[DT_MAP_STATS], &zero, v) == 0) {
		uint64_t dyn = 0;

		for (int c = 0; c < ncpus; c++) {
			for (int w = 0; w < NW; w++) {
				uint64_t d = v[c * NW + w], *last = &dtp->cons->last_drops[c * NW + w];

				if (d <= *last)
					continue;
				if (w == DT_STAT_FILLED / 8) {
					dtp->cons->filled = true;	/* not drops: the policy */
					*last = d;
					continue;
				}
				if (w == DT_STAT_DYNDROPS / 8) {
					/* dynvarsize is one pool: DTrace counts them all together */
					dyn += d - *last;
					*last = d;
					continue;
				}
				dt_consume_drop_json(dtp, w, c, d - *last);
				dt_consume_out_flush(dtp);
				if (w == DT_STAT_SPECFAIL / 8) {
					fprintf(stderr, "dtrace: %s%llu failed speculation%s (no "
						"speculative buffer available)\n", et ? tags[w] : "",
						(unsigned long long)(d - *last),
						d - *last == 1 ? "" : "s");
					*last = d;
					continue;
				}
				fprintf(stderr, "dtrace: %s%llu %sdrop%s on CPU %d\n",
					et ? tags[w] : "", (unsigned long long)(d - *last), what[w],
					d - *last == 1 ? "" : "s", c);
				*last = d;
			}
		}
		if (dyn) {
			dt_consume_drop_json(dtp, DT_STAT_DYNDROPS / 8, -1, dyn);
			dt_consume_out_flush(dtp);
			fprintf(stderr, "dtrace: %s%llu dynamic variable drop%s\n",
				et ? tags[DT_STAT_DYNDROPS / 8] : "", (unsigned long long)dyn,
				dyn == 1 ? "" : "s");
		}
	}
	free(v);
	if (dtp->cons->spec_drops > dtp->cons->spec_drops_told) {
		dt_consume_drop_json(dtp, -1, -1,
				     dtp->cons->spec_drops - dtp->cons->spec_drops_told);
		dt_consume_out_flush(dtp);
		fprintf(stderr, "dtrace: %s%llu speculative drop%s\n",
			et ? "[DTRACEDROP_SPEC] " : "", (unsigned long long)(dtp->cons->spec_drops - dtp->cons->spec_drops_told),
			dtp->cons->spec_drops - dtp->cons->spec_drops_told == 1 ? "" : "s");
		dtp->cons->spec_drops_told = dtp->cons->spec_drops;
	}
}

void
dt_aggsnap_free(dt_aggsnap_t *sn)
{
	free(sn->ents);
	free(sn->keys);
	free(sn->vals);
	memset(sn, 0, sizeof(*sn));
}

/* Append one merged entry from the per-CPU values; false when no CPU touched it. */
static bool
dt_aggsnap_add(dt_aggsnap_t *sn, size_t *cap, const dt_aggdesc_t *ad, const void *key,
	       const uint64_t *cpuvals, int ncpus)
{
	uint32_t vwords = ad->nwords + (ad->nkeys ? 0 : 1);
	bool any = false;

	if (sn->n == *cap) {
		*cap = *cap ? *cap * 2 : 64;
		sn->keys = dt_xrealloc(sn->keys, *cap * (ad->keysize + 8));
		sn->vals = dt_xrealloc(sn->vals, *cap * ad->nwords * 8);
	}
	dt_agg_init(ad, &sn->vals[sn->n * ad->nwords]);
	for (int c = 0; c < ncpus; c++) {
		const uint64_t *cv = &cpuvals[(size_t)c * vwords];

		/* Keyless: the last word says whether this CPU's copy was ever touched. */
		if (!ad->nkeys && cv[ad->nwords] == 0)
			continue;
		any = true;
		dt_agg_merge(ad, &sn->vals[sn->n * ad->nwords], cv);
	}
	if (!any)
		return false;
	memcpy(&sn->keys[sn->n * (ad->keysize + 8)], key, ad->keysize);
	sn->n++;
	return true;
}

/*
 * Read a keyed aggregation a few thousand elements per system call (BPF_MAP_LOOKUP_BATCH):
 * 100,000 keys in tens of calls rather than 200,000. False if the kernel refuses batches
 * (nothing read then).
 */
static bool
dt_aggsnap_batch(dt_aggsnap_t *sn, size_t *cap, const dt_aggdesc_t *ad, int fd, int ncpus)
{
	enum { BATCH = 4096 };
	size_t vsz = (size_t)ncpus * ad->nwords * 8;
	uint8_t *keys = dt_xmalloc((size_t)BATCH * ad->keysize);
	uint64_t *vals = dt_xmalloc(BATCH * vsz);
	uint64_t tok_in[16], tok_out[16];	/* opaque position (a bucket index for hashes) */
	bool first = true, ok = true;

	for (;;) {
		LIBBPF_OPTS(bpf_map_batch_opts, opts);
		uint32_t count = BATCH;
		int err = bpf_map_lookup_batch(fd, first ? NULL : tok_in, tok_out, keys, vals,
					       &count, &opts);
		int e = errno;

		if (err && e != ENOENT) {
			ok = !first;	/* refused before anything was read: fall back */
			break;
		}
		for (uint32_t i = 0; i < count; i++)
			dt_aggsnap_add(sn, cap, ad, keys + (size_t)i * ad->keysize,
				       (uint64_t *)((uint8_t *)vals + i * vsz), ncpus);
		if (err)
			break;	/* ENOENT: that was the last batch */
		memcpy(tok_in, tok_out, sizeof(tok_in));
		first = false;
	}
	free(keys);
	free(vals);
	return ok;
}

/* Read aggregation ad (every CPU's copy of every key) and merge. */
void
dt_aggsnap_read(dt_handle_t *dtp, const dt_aggdesc_t *ad, dt_aggsnap_t *sn)
{
	int ncpus = libbpf_num_possible_cpus(), fd = dtp->agg_fds[ad->id];
	uint32_t vwords = ad->nwords + (ad->nkeys ? 0 : 1), zero = 0;
	uint64_t *cpuvals = dt_xcalloc((size_t)ncpus, vwords * 8);
	size_t cap = 0;

	memset(sn, 0, sizeof(*sn));
	if (!ad->nkeys) {
		if (bpf_map_lookup_elem(fd, &zero, cpuvals) == 0)
			dt_aggsnap_add(sn, &cap, ad, &zero, cpuvals, ncpus);
	} else if (!dt_aggsnap_batch(sn, &cap, ad, fd, ncpus)) {
		/* one element at a time, where batch lookups are not to be had */
		uint8_t *key = dt_xcalloc(2, ad->keysize + 8), *prev = NULL;

		while (bpf_map_get_next_key(fd, prev, key) == 0) {
			if (bpf_map_lookup_elem(fd, key, cpuvals) == 0)
				dt_aggsnap_add(sn, &cap, ad, key, cpuvals, ncpus);
			prev = key + ad->keysize + 8;
			memcpy(prev, key, ad->keysize);
		}
		free(key);
	}
	free(cpuvals);
	sn->ents = dt_xcalloc(sn->n + 1, sizeof(*sn->ents));
	for (size_t i = 0; i < sn->n; i++) {
		sn->ents[i].key = &sn->keys[i * (ad->keysize + 8)];
		sn->ents[i].val = &sn->vals[i * ad->nwords];
	}
}

static int
dt_aggsnap_keycmp(const void *lp, const void *rp, void *arg)
{
	const dt_aggent_t *l = lp, *r = rp;

	return memcmp(l->key, r->key, *(const uint32_t *)arg);
}

/* A kernel module's key: the address of the first of its symbols a snapshot's keys met. */
typedef struct {
	const char *mod;
	uint64_t addr;
} dt_kmodkey_t;

/* sym(), func() or mod() key word v made the function's (the module's) own address. */
static uint64_t
dt_aggsnap_kernel_key(dt_handle_t *dtp, int fmt, uint64_t v, dt_kmodkey_t **mods, size_t *nmods)
{
	const char *mod;
	uint64_t off;

	if (!dt_ksym_lookup(dtp->ksyms, v, &off, &mod))
		return v;	/* no symbol: it prints raw, and stays its own key */
	if (fmt == DT_RECFMT_SYM)
		return v - off;
	for (size_t m = 0; m < *nmods; m++)
		if (strcmp((*mods)[m].mod, mod) == 0)
			return (*mods)[m].addr;
	*mods = dt_xrealloc(*mods, (*nmods + 1) * sizeof(**mods));
	(*mods)[(*nmods)++] = (dt_kmodkey_t){mod, v - off};
	return v - off;
}

/*
 * usym() and umod() keys stand for a function and a module, and so do sym() (func()) and
 * mod() of kernel addresses: every address in one is one key, as DTrace makes them when it
 * reads an aggregation. The addresses become the function's (the module's) own, read while
 * printing, and entries whose keys are now equal merge into one.
 */
void
dt_aggsnap_user_keys(dt_handle_t *dtp, const dt_aggdesc_t *ad, dt_aggsnap_t *sn)
{
	uint32_t keysize = ad->keysize;
	dt_kmodkey_t *mods = NULL;
	size_t nmods = 0;
	bool any = false;
	size_t n = 0;

	for (int k = 0; k < ad->nkeys; k++)
		any |= ad->keys[k].fmt == DT_RECFMT_USYM || ad->keys[k].fmt == DT_RECFMT_UMOD ||
		       ad->keys[k].fmt == DT_RECFMT_SYM || ad->keys[k].fmt == DT_RECFMT_MOD;
	if (!any || sn->n == 0)
		return;
	for (size_t i = 0; i < sn->n; i++) {
		uint8_t *key = &sn->keys[i * (keysize + 8)];

		for (int k = 0; k < ad->nkeys; k++) {
			const dt_recitem_t *it = &ad->keys[k];
			uint64_t w[2];

			if (it->fmt == DT_RECFMT_SYM || it->fmt == DT_RECFMT_MOD) {
				memcpy(w, key + it->offset, 8);
				w[0] = dt_aggsnap_kernel_key(dtp, it->fmt, w[0], &mods, &nmods);
				memcpy(key + it->offset, w, 8);
				continue;
			}
			if (it->fmt != DT_RECFMT_USYM && it->fmt != DT_RECFMT_UMOD)
				continue;
			memcpy(w, key + it->offset, sizeof(w));
			w[1] = it->fmt == DT_RECFMT_USYM ? dt_usym_norm_sym(dtp->cons->usyms, (pid_t)w[0], w[1])
							 : dt_usym_norm_mod(dtp->cons->usyms, (pid_t)w[0], w[1]);
			memcpy(key + it->offset + 8, &w[1], 8);
		}
	}
	free(mods);
	qsort_r(sn->ents, sn->n, sizeof(*sn->ents), dt_aggsnap_keycmp, &keysize);
	for (size_t i = 0; i < sn->n; i++) {
		if (n && memcmp(sn->ents[n - 1].key, sn->ents[i].key, keysize) == 0) {
			/* the snapshot owns its value words: they are writable */
			dt_agg_merge(ad, (uint64_t *)(uintptr_t)sn->ents[n - 1].val, sn->ents[i].val);
			continue;
		}
		sn->ents[n++] = sn->ents[i];
	}
	sn->n = n;
}

static dt_aggsort_t
dt_consume_sortopts(dt_handle_t *dtp)
{
	dt_aggsort_t sort = {0};

	sort.by_key = dtp->opts.aggsortkey;
	sort.keypos = dtp->opts.aggsortkeypos;
	sort.reverse = dtp->opts.aggsortrev;
	sort.sortpos = dtp->opts.aggsortpos;
	return sort;
}

/* The key formats of an aggregation (stack keys and symbols print symbolized). */
const dt_keyfmt_t *
dt_consume_keyfmt(const dt_aggdesc_t *ad, dt_keyfmt_t *kf)
{
	static const dt_keyfmt_t map[] = {
		[DT_RECFMT_PLAIN] = DT_KEYFMT_PLAIN, [DT_RECFMT_STACK] = DT_KEYFMT_STACK,
		[DT_RECFMT_USTACK] = DT_KEYFMT_USTACK, [DT_RECFMT_SYM] = DT_KEYFMT_SYM,
		[DT_RECFMT_MOD] = DT_KEYFMT_MOD, [DT_RECFMT_UADDR] = DT_KEYFMT_UADDR,
		[DT_RECFMT_USYM] = DT_KEYFMT_USYM, [DT_RECFMT_UMOD] = DT_KEYFMT_UMOD,
	};

	for (int i = 0; i < ad->nkeys && i < DT_MAX_TUPLE; i++)
		kf[i] = map[ad->keys[i].fmt];
	return kf;
}

/* printa(@a) or the print at exit of one aggregation; false if it had nothing to print. */
static bool
dt_consume_agg_print(dt_handle_t *dtp, dt_strbuf_t *sb, int id, bool lead)
{
	const dt_aggdesc_t *ad = dtp->prog->aggs[id];
	dt_aggsort_t sort = dt_consume_sortopts(dtp);
	dt_aggpopts_t po = {0};
	dt_aggsnap_t sn;
	dt_keyfmt_t keyfmt[DT_MAX_TUPLE];	/* sema bounds the keys */
	bool any;

	dt_aggsnap_read(dtp, ad, &sn);
	dt_aggsnap_user_keys(dtp, ad, &sn);
	any = sn.n > 0;
	if (any) {
		dt_agg_sort(ad, sn.ents, sn.n, &sort);
		po.normal = dtp->cons->agg_normal ? dtp->cons->agg_normal[id] : 1;
		po.ksyms = dtp->ksyms;
		po.usyms = dtp->cons->usyms;
		po.keyfmt = dt_consume_keyfmt(ad, keyfmt);
		if (dtp->opts.aggformat == DT_AGGFORMAT_FOLDED) {
			dt_flame_folded(sb, ad, sn.ents, sn.n, &po);
		} else {
			if (lead)
				dt_sb_putc(sb, '\n');
			dt_agg_print_entries_opts(sb, ad, sn.ents, sn.n, &po);
		}
	}
	dt_aggsnap_free(&sn);
	return any;
}

/* printa(fmt, @a, @b, ...): the aggregations joined on their keys, one formatted line each. */
static void
dt_consume_printa_fmt(dt_handle_t *dtp, dt_strbuf_t *sb, const dt_action_t *a)
{
	const dt_aggdesc_t **aggs = dt_xcalloc((size_t)a->naggs, sizeof(*aggs));
	dt_aggsnap_t *sn = dt_xcalloc((size_t)a->naggs, sizeof(*sn));
	const dt_aggent_t **ents = dt_xcalloc((size_t)a->naggs, sizeof(*ents));
	size_t *nents = dt_xcalloc((size_t)a->naggs, sizeof(*nents));
	uint64_t *normal = dt_xcalloc((size_t)a->naggs, sizeof(*normal));
	dt_keyfmt_t keyfmt[DT_MAX_TUPLE];	/* sema bounds the keys */
	dt_aggsort_t sort = dt_consume_sortopts(dtp);
	dt_printa_opts_t po = {0};

	for (int i = 0; i < a->naggs; i++) {
		aggs[i] = dtp->prog->aggs[a->aggs[i]];
		dt_aggsnap_read(dtp, aggs[i], &sn[i]);
		dt_aggsnap_user_keys(dtp, aggs[i], &sn[i]);
		ents[i] = sn[i].ents;
		nents[i] = sn[i].n;
		normal[i] = dtp->cons->agg_normal[a->aggs[i]];
	}
	po.normal = normal;
	po.ksyms = dtp->ksyms;
	po.usyms = dtp->cons->usyms;
	po.target = dtp->cons->sym_target;
	po.keyfmt = dt_consume_keyfmt(aggs[0], keyfmt);
	dt_printa_format(sb, a->pfmt, aggs, a->naggs, ents, nents, &sort, &po);
	for (int i = 0; i < a->naggs; i++)
		dt_aggsnap_free(&sn[i]);
	free(aggs);
	free(sn);
	free(ents);
	free(nents);
	free(normal);
}

/*
 * clear(@a): every value to zero, keys kept. trunc(@a, n): all but the n largest (or the
 * |n| smallest) entries deleted; trunc(@a) deletes every entry. Both act on the kernel's
 * maps, as DTrace's act on its buffers, when the consumer reads the record.
 */
static void
dt_consume_clear(dt_handle_t *dtp, int id)
{
	const dt_aggdesc_t *ad = dtp->prog->aggs[id];
	int ncpus = libbpf_num_possible_cpus(), fd = dtp->agg_fds[id];
	uint32_t vwords = ad->nwords + (ad->nkeys ? 0 : 1), zero = 0;
	uint64_t *vals = dt_xcalloc((size_t)ncpus, vwords * 8);

	if (!ad->nkeys) {
		/* Keep each CPU's touched word: a cleared aggregation still prints, as 0. */
		if (bpf_map_lookup_elem(fd, &zero, vals) == 0) {
			for (int c = 0; c < ncpus; c++)
				memset(&vals[(size_t)c * vwords], 0, ad->nwords * 8);
			bpf_map_update_elem(fd, &zero, vals, BPF_ANY);
		}
	} else {
		uint8_t *key = dt_xcalloc(2, ad->keysize + 8), *prev = NULL;

		while (bpf_map_get_next_key(fd, prev, key) == 0) {
			bpf_map_update_elem(fd, key, vals, BPF_EXIST);
			prev = key + ad->keysize + 8;
			memcpy(prev, key, ad->keysize);
		}
		free(key);
	}
	free(vals);
}

static void
dt_consume_trunc(dt_handle_t *dtp, int id, bool all, int64_t keep)
{
	const dt_aggdesc_t *ad = dtp->prog->aggs[id];
	dt_aggsort_t sort = dt_consume_sortopts(dtp);
	dt_aggsnap_t sn;
	size_t n;

	if (!ad->nkeys) {
		if (all || keep == 0) {
			int ncpus = libbpf_num_possible_cpus();
			uint64_t *vals = dt_xcalloc((size_t)ncpus, (ad->nwords + 1) * 8);
			uint32_t zero = 0;

			bpf_map_update_elem(dtp->agg_fds[id], &zero, vals, BPF_ANY);
			free(vals);
		}
		return;
	}
	dt_aggsnap_read(dtp, ad, &sn);
	n = sn.n;
	dt_agg_sort(ad, sn.ents, n, &sort);
	if (all)
		n = 0;
	else
		dt_agg_trunc(ad, sn.ents, &n, keep, &sort);
	for (size_t i = n; i < sn.n; i++)
		bpf_map_delete_elem(dtp->agg_fds[id], sn.ents[i].key);
	dt_aggsnap_free(&sn);
}

/* An aggregation action read from a record. */
static void
dt_consume_aggact(dt_handle_t *dtp, dt_strbuf_t *sb, const dt_action_t *a, const dt_pfarg_t *arg)
{
	switch (a->kind) {
	case DT_ACT_PRINTA:
		if (dtp->opts.oformat == DT_OFORMAT_JSON)
			dt_json_printa(dtp, sb, a);
		else if (a->pfmt)
			dt_consume_printa_fmt(dtp, sb, a);
		else if (!dt_consume_agg_print(dtp, sb, a->aggs[0], true))
			dt_sb_putc(sb, '\n');	/* DTrace's printa( ) of an empty one */
		for (int i = 0; i < a->naggs; i++)
			dtp->cons->agg_printed[a->aggs[i]] = true;
		break;
	case DT_ACT_CLEAR:
		dt_consume_clear(dtp, a->aggs[0]);
		break;
	case DT_ACT_TRUNC:
		dt_consume_trunc(dtp, a->aggs[0], a->nitems == 0, a->nitems ? (int64_t)arg->ival : 0);
		break;
	case DT_ACT_NORMALIZE:
		dtp->cons->agg_normal[a->aggs[0]] = arg->ival ? arg->ival : 1;
		break;
	case DT_ACT_DENORMALIZE:
		dtp->cons->agg_normal[a->aggs[0]] = 1;
		break;
	case DT_ACT_TRACE: case DT_ACT_PRINTF: case DT_ACT_EXIT: case DT_ACT_SYSTEM:
	case DT_ACT_FREOPEN: case DT_ACT_RAISE: case DT_ACT_SPECULATE: case DT_ACT_COMMIT: case DT_ACT_DISCARD:
	case DT_ACT_TRACEMEM: case DT_ACT_PRINT: case DT_ACT_SETOPT: case DT_ACT_PCAP:
		break;
	}
}

void
dt_consume_aggs(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;
	dt_strbuf_t sb = {0};
	bool any = false, json = dtp->opts.oformat == DT_OFORMAT_JSON;
	bool lines = json || dtp->opts.aggformat == DT_AGGFORMAT_FOLDED;

	/*
	 * What DTrace prints at exit (FORMATS.md; Oracle's test suite's expected outputs):
	 * every aggregation not already printed by printa(), one after another, each after an
	 * empty line unless quiet, and nothing after the last. The consumer's cosmetic empty
	 * line comes first when quiet, and alone when no aggregation has anything to print.
	 */
	for (int k = 0; prog && k < prog->naggs; k++) {
		/* aggsortrev reverses the aggregations' order too: DTrace sorts them together */
		int i = dtp->opts.aggsortrev ? prog->naggs - 1 - k : k;

		if (dtp->cons->agg_printed && dtp->cons->agg_printed[i])
			continue;
		if (json ? dt_json_agg_line(dtp, &sb, i)
			 : dt_consume_agg_print(dtp, &sb, i, !dtp->opts.quiet))
			any = true;
	}
	errno = 0;
	/* JSON Lines and folded stacks have no empty lines */
	if (!lines && (!any || dtp->opts.quiet) && fputc('\n', dtp->cons->out) == EOF)
		dt_consume_out_failed(dtp);
	dt_consume_flush(dtp, &sb);
	dt_sb_free(&sb);
	dt_consume_out_flush(dtp);
	if (dtp->opts.flamegraph[0] && dt_flame_write(dtp) < 0)
		dtp->cons->exit_failed = true;
}

static bool
dt_items_user(const dt_recitem_t *items, int n)
{
	for (int i = 0; i < n; i++)
		if (DT_RECFMT_IS_USER(items[i].fmt))
			return true;
	return false;
}

bool
dt_consume_wants_usyms(dt_handle_t *dtp)
{
	dt_program_t *prog = dtp->prog;

	for (int i = 0; prog && i < prog->naggs; i++)
		if (dt_items_user(prog->aggs[i]->keys, prog->aggs[i]->nkeys))
			return true;
	for (int c = 0; prog && c < prog->nclauses; c++) {
		for (int i = 0; i < prog->clauses[c]->nactions; i++) {
			const dt_action_t *a = &prog->clauses[c]->actions[i];

			if (dt_items_user(a->items, a->nitems) || dt_pfmt_has_conv(a->pfmt, 'A'))
				return true;
		}
	}
	return false;
}

void
dt_consume_proc_exit(dt_handle_t *dtp, pid_t pid)
{
	dt_consume_poll(dtp, 0);
	dt_usyms_hold(dtp->cons->usyms, pid);
}

void
dt_consume_proc_exec(dt_handle_t *dtp, pid_t pid)
{
	/* What the old program left prints with the mappings known for it, if any. */
	dt_consume_poll(dtp, 0);
	dt_usyms_forget(dtp->cons->usyms, pid);
}

void
dt_consume_fini(dt_handle_t *dtp)
{
	dt_prom_stop(dtp);	/* before anything it reads goes */
	for (uint32_t i = 0; dtp->cons->specs && i <= dtp->opts.nspec; i++)
		dt_recbuf_free(&dtp->cons->specs[i]);
	free(dtp->cons->specs);
	dtp->cons->specs = NULL;
	for (uint32_t c = 0; c < dtp->cons->nflowcpus; c++)
		free(dtp->cons->flowcpus[c].pending);
	free(dtp->cons->flowcpus);
	dtp->cons->flowcpus = NULL;
	dtp->cons->nflowcpus = 0;
	for (uint32_t c = 0; c < dtp->cons->nheld; c++)
		dt_recbuf_free(&dtp->cons->held[c]);
	free(dtp->cons->held);
	dtp->cons->held = NULL;
	dtp->cons->nheld = 0;
	ring_buffer__free(dtp->cons->rb);
	dtp->cons->rb = NULL;
}
