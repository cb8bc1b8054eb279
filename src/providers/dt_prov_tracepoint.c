/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_tracepoint.c: every kernel tracepoint as tracepoint:GROUP::EVENT (and bpftrace's
 * spelling tracepoint:GROUP:EVENT), with bpftrace's arguments: args->FIELD, the fields of the
 * tracepoint's record as its tracefs format (events/GROUP/EVENT/format) names, types and
 * lays them out: tracepoint:sched::sched_switch { printf("%s", args->next_comm); }.
 *
 * The record exists only for a perf event of the tracepoint: each probe is a
 * BPF_PROG_TYPE_TRACEPOINT program on one (the context is the record), where sdt's are raw
 * tracepoint programs (the TP_PROTO arguments, typed by BTF). So the syscalls group, which
 * has no raw tracepoints, is here too (tracepoint:syscalls::sys_enter_openat,
 * args->filename). The prologue puts the record's address in arg0: args[0] is a pointer to
 * struct _tracepoint_GROUP_EVENT, a type made from the format when a program names the
 * probe (dt_type_record), and args alone stands for args[0] (DT_PRF_ARGS_RECORD). A
 * "__data_loc char[] name" field (a u32: where the string is in the record) reads as that
 * string (dt_sema_data_loc). The common_ fields are left out, as bpftrace does.
 *
 * The provider lists its probes only when a description names it (dtrace -l shows each
 * tracepoint once, as sdt's); dtrace -l -v shows the record's fields.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "dt_provider.h"

#define TP_NAMES(prp) ((const dt_sdt_names_t *)(prp)->pdata)
#define TP_MAXFIELDS 64

/* One field of a tracepoint's format. */
typedef struct tp_field {
	char decl[160];		/* as the format declares it: "char prev_comm[16]" */
	char type[160];		/* the type without the name: "char", "__data_loc char[]" */
	char name[64];
	uint32_t nelems;	/* "[16]": 16; else 0 */
	uint32_t off, size;
	bool is_signed, data_loc;
} tp_field_t;

/* "field:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;" into f; false for others. */
static bool
tp_parse_field(const char *line, tp_field_t *f)
{
	const char *p = strstr(line, "field:"), *semi, *o, *z, *sg;
	char *nm, *br;
	size_t len;

	if (!p || !(semi = strchr(p += 6, ';')) || !(o = strstr(semi, "offset:")) ||
	    !(z = strstr(semi, "size:")) || !(sg = strstr(semi, "signed:")))
		return false;
	memset(f, 0, sizeof(*f));
	len = DT_MIN((size_t)(semi - p), sizeof(f->decl) - 1);
	memcpy(f->decl, p, len);
	f->off = (uint32_t)strtoul(o + 7, NULL, 10);
	f->size = (uint32_t)strtoul(z + 5, NULL, 10);
	f->is_signed = sg[7] == '1';
	snprintf(f->type, sizeof(f->type), "%s", f->decl);
	/* the name is the last word, maybe followed by [N] (or [] after __data_loc's type) */
	if ((br = strrchr(f->type, '[')) && br > f->type && br[-1] != ' ' &&
	    strncmp(f->type, "__data_loc", 10) != 0) {
		f->nelems = (uint32_t)strtoul(br + 1, NULL, 0);
		*br = '\0';
	}
	len = strlen(f->type);
	while (len && f->type[len - 1] == ' ')
		f->type[--len] = '\0';
	nm = f->type + len;
	while (nm > f->type && (nm[-1] == '_' || (nm[-1] >= '0' && nm[-1] <= '9') ||
				((nm[-1] | 0x20) >= 'a' && (nm[-1] | 0x20) <= 'z')))
		nm--;
	if (!*nm || nm == f->type)
		return false;
	snprintf(f->name, sizeof(f->name), "%s", nm);
	while (nm > f->type && nm[-1] == ' ')
		nm--;
	*nm = '\0';
	f->data_loc = strncmp(f->type, "__data_loc", 10) == 0;
	return strncmp(f->name, "common_", 7) != 0;
}

/* The fields of the probe's tracepoint (at most max); -errno when there is no format. */
static int
tp_fields(const dt_probe_t *prp, tp_field_t *fs, int max)
{
	const char *tfs = dt_tracefs();
	char path[512], line[512];
	FILE *fp;
	int n = 0;

	if (!tfs)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", tfs, TP_NAMES(prp)->group,
		 TP_NAMES(prp)->event);
	if (!(fp = fopen(path, "r")))
		return -errno;
	while (n < max && fgets(line, sizeof(line), fp))
		if (tp_parse_field(line, &fs[n]))
			n++;
	fclose(fp);
	return n;
}

/*
 * A field's D type: the format's spelling where D or the kernel's BTF knows it with the
 * format's size; else an integer of its size and signedness (or bytes).
 */
static const dt_type_t *
tp_field_type(dt_compile_t *cc, const tp_field_t *f)
{
	const dt_type_t *t, *e;
	uint32_t esz = f->nelems ? f->size / f->nelems : f->size;

	if (f->data_loc)
		return strstr(f->type, "char") ? dt_type_data_loc(cc) : dt_type_int(cc, 4, false);
	e = dt_type_lookup(cc, f->type, NULL);
	if (!e || dt_type_sizeof(cc, e) != esz)
		e = esz == 1 || esz == 2 || esz == 4 || esz == 8 ?
			    dt_type_int(cc, esz, f->is_signed) : NULL;
	if (!e || (f->nelems && esz * f->nelems != f->size))
		return dt_type_array(cc, dt_type_int(cc, 1, false), f->size);
	t = f->nelems ? dt_type_array(cc, e, f->nelems) : e;
	return t;
}

/* struct _tracepoint_GROUP_EVENT in the compile's types (made once), and its spelling. */
static const char *
tp_record(dt_handle_t *dtp, const dt_probe_t *prp)
{
	const dt_sdt_names_t *nm = TP_NAMES(prp);
	const char *tag = dt_arena_printf(&dtp->arena, "_tracepoint_%s_%s", nm->group, nm->event);
	dt_compile_t *cc = dtp->cc;
	tp_field_t fs[TP_MAXFIELDS];
	dt_member_t *ms;
	uint32_t size = 0;
	int n;

	if (!cc || dt_type_dfind(cc, 's', tag) || (n = tp_fields(prp, fs, TP_MAXFIELDS)) < 0)
		return dt_arena_printf(&dtp->arena, "struct %s *", tag);
	ms = dt_arena_alloc(&cc->arena, sizeof(*ms) * (size_t)(n ? n : 1));
	for (int i = 0; i < n; i++) {
		ms[i].name = dt_arena_strdup(&cc->arena, fs[i].name);
		ms[i].type = tp_field_type(cc, &fs[i]);
		ms[i].bit_off = fs[i].off * 8;
		size = DT_MAX(size, fs[i].off + fs[i].size);
	}
	dt_type_record(cc, tag, dt_arena_printf(&cc->arena, "%s:%s", nm->group, nm->event), ms,
		       (uint32_t)n, size);
	return dt_arena_printf(&dtp->arena, "struct %s *", tag);
}

static void
tp_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	static bool told;

	/* only when asked for by name: dtrace -l lists each tracepoint once (sdt's) */
	if (strcmp(pd->prov, pv->name) != 0)
		return;
	if (!dt_tracefs()) {
		/* the events are tracefs's: without it there is nothing to match */
		if (!told)
			fprintf(stderr, "dtrace: tracefs is not mounted at /sys/kernel/tracing and "
				"could not be mounted (%s): the tracepoint provider has no "
				"probes\n", strerror(errno));
		told = true;
		return;
	}
	dt_sdt_provide(dtp, pv, pd, DT_PRF_ARGS_RECORD);
}

/* bpftrace's tracepoint:GROUP:EVENT, which D reads as module:function:name. */
static bool
tp_alias(dt_handle_t *dtp, const dt_provider_t *pv, dt_pdesc_t *pd)
{
	if (*pd->prov || strcmp(pd->mod, pv->name) != 0 || !*pd->func)
		return false;
	pd->prov = pv->name;
	pd->mod = pd->func;
	pd->func = "";
	return true;
}

static int
tp_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max)
{
	if (max < 1)
		return 0;
	types[0] = tp_record(dtp, prp);
	return 1;
}

static void
tp_list_verbose(dt_handle_t *dtp, dt_probe_t *prp, FILE *out)
{
	tp_field_t fs[TP_MAXFIELDS];
	int n = tp_fields(prp, fs, TP_MAXFIELDS);

	fprintf(out, "\n\tTracepoint Fields (args->name)\n");
	for (int i = 0; i < n; i++)
		fprintf(out, "\t\t%s;\n", fs[i].decl);
	if (n <= 0)
		fprintf(out, "\t\tNone\n");
}

static int
tp_group(const dt_probe_t *prp)
{
	return (int)prp->id;
}

static bool
tp_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_irbuf_t *ir = &cg->ir;

	/* stack(): a perf tracepoint's program gets the registers of the tracepoint's caller
	 * (the perf event's), so nothing of the machinery is on it; but the tracepoint's
	 * iterator, when the kernel calls one (several programs attached), is skipped */
	dt_tp_stack_skip(cg, TP_NAMES(bp->probe)->event);
	cg->stack_skip = 0;
	dt_cg_mstate(cg);
	dt_prov_store_prid(cg, bp->probe->id);
	if (needs & DT_NEED_ARGS) {
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 6, DT_MST_ARGS));	/* the record */
		for (int a = 1; a < DT_MAX_ARGS; a++)
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * a, 0));
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	return false;
}

/* A perf event of the tracepoint (its id in tracefs), the program linked to it. */
static int
tp_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	const dt_sdt_names_t *nm = TP_NAMES(bp->probe);
	const char *tfs = dt_tracefs();
	struct perf_event_attr attr;
	char path[512];
	FILE *fp;
	int id = -1, pfd;

	if (!tfs)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", tfs, nm->group, nm->event);
	if (!(fp = fopen(path, "r")))
		return -errno;
	if (fscanf(fp, "%d", &id) != 1)
		id = -1;
	fclose(fp);
	if (id < 0)
		return -ENOENT;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (uint64_t)id;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	/* one event serves every CPU: a tracepoint runs its programs wherever it fires */
	if ((pfd = dt_prov_perf_open(&attr, -1, 0)) < 0)
		return pfd;
	return dt_prov_perf_link(bp, pfd, 0);
}

/* Linux's kernel tracepoints: the Guide's table for sdt, the kernel's own static probes */
static const dt_pattr_t tp_pattr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, ISA),
	DT_ATTR(PRIVATE, PRIVATE, ISA),
};

const dt_provider_ops_t dt_prov_tracepoint_ops = {
	.pattr = &tp_pattr,
	.provide = tp_provide,
	.prog_type = BPF_PROG_TYPE_TRACEPOINT,
	.group = tp_group,
	.prologue = tp_prologue,
	.probe_info = tp_probe_info,
	.attach = tp_attach,
	.detach = dt_prov_perf_detach,
	.alias = tp_alias,
	.list_verbose = tp_list_verbose,
};
