/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_sdtgen.c: dtrace -h and dtrace -G, for programs that define their own probes.
 *
 * A program's probes are declared in a provider.d:
 *
 *   provider myserv {
 *           probe query__start(char *, int);      probe name "query-start"
 *           probe query__done(int) : (int);       args[] typed by the ':' list
 *   };
 *   #pragma D attributes Evolving/Evolving/Common provider myserv provider
 *
 * dtrace -h writes the header the program includes: MYSERV_QUERY_START(arg0, arg1) and
 * MYSERV_QUERY_START_ENABLED(), laid out as DTrace lays it out. The probe sites are SystemTap
 * SDT notes (.note.stapsdt, see dt_stapsdt.c), which the macros emit with inline assembly:
 * a nop where the probe fires and a note saying where it is, where its is-enabled semaphore
 * is, and how to find each argument ("-4@%eax"). That is the format the rest of the Linux
 * world reads (bpftrace, perf, gdb, systemtap), so a program built this way is traceable by
 * all of them; it needs nothing rewritten in the program's objects and no code run at the
 * program's start (DTrace's drti.o registers DOF with the kernel; here dtrace reads the notes
 * from the file). The arguments are converted to the provider's native types by the
 * always-inline function each macro calls, and passed in registers or as constants ("nr"),
 * never as memory operands, which could be symbols ("counter(%rip)") no tracer can read.
 *
 * dtrace -G writes the object the program links with: the semaphores (16-bit counters in
 * section .probes, which the kernel increments while a uprobe with a reference counter is
 * attached: the _ENABLED() macros read them) and a note of owner "dtrace" holding the
 * provider's definition (argument types, stability), which the SDT notes lack. Without it
 * the program does not link (the probe sites refer to the semaphores), as with DTrace. The
 * objects named after the script are read to check that every probe they use is defined.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/dt_attr.h"
#include "../common/dt_stapsdt.h"
#include "dt_sdtgen.h"

static const char *const sg_attr_kinds[] = {"provider", "module", "function", "name", "args"};

typedef struct sg_probe {
	const char *name;	/* "query-start" */
	const char *cname;	/* "query__start", as the source spells it */
	int nargs, nxargs;
	const char *native[DT_SDT_MAXARGS];
	const char *xlate[DT_SDT_MAXARGS];
} sg_probe_t;

typedef struct sg_prov {
	const char *name;
	DT_VEC(sg_probe_t) probes;
	unsigned char attr[5][3];	/* per kind: name and data stability, class */
} sg_prov_t;

struct dt_sdtgen {
	DT_VEC(sg_prov_t *) provs;
};

/* ---- the definitions --------------------------------------------------------------------- */

static sg_prov_t *
sg_find(const dt_sdtgen_t *g, const char *name)
{
	for (size_t i = 0; i < g->provs.len; i++)
		if (strcmp(g->provs.data[i]->name, name) == 0)
			return g->provs.data[i];
	return NULL;
}

static void
sg_probe(dt_compile_t *cc, sg_prov_t *pv, dt_node_t *n)
{
	sg_probe_t pr = {0};

	pr.cname = n->text;
	pr.name = dt_sdt_probe_name(&cc->arena, n->text);
	for (size_t i = 0; i < pv->probes.len; i++)
		if (strcmp(pv->probes.data[i].name, pr.name) == 0) {
			dt_diag_error(&cc->diags, D_PROV_INCOMPAT, n->loc,
				      "probe %s:%s is defined more than once", pv->name, pr.name);
			return;
		}
	if (n->list.len > DT_SDT_MAXARGS ||
	    (n->left && n->left->list.len > DT_SDT_MAXARGS)) {
		dt_diag_error(&cc->diags, D_PROV_PRARGLEN, n->loc,
			      "probe %s prototype exceeds %d parameters: %zu params used",
			      pr.name, DT_SDT_MAXARGS, DT_MAX(n->list.len, n->left ?
							       n->left->list.len : 0));
		return;
	}
	for (size_t i = 0; i < n->list.len; i++) {
		const char *t = ((dt_node_t *)n->list.data[i])->text;

		if (strcmp(t, "void") == 0 && n->list.len == 1)
			break;
		pr.native[pr.nargs++] = t;
	}
	if (n->left) {
		for (size_t i = 0; i < n->left->list.len; i++) {
			const char *t = ((dt_node_t *)n->left->list.data[i])->text;

			if (strcmp(t, "void") == 0 && n->left->list.len == 1)
				break;
			pr.xlate[pr.nxargs++] = t;
		}
	} else {
		pr.nxargs = pr.nargs;
		memcpy(pr.xlate, pr.native, sizeof(pr.xlate));
	}
	dt_vec_push(&pv->probes, pr);
}

static void
sg_provider(dt_compile_t *cc, dt_sdtgen_t *g, dt_node_t *n)
{
	size_t len = strlen(n->text);
	sg_prov_t *pv;

	if (len && isdigit((unsigned char)n->text[len - 1])) {
		dt_diag_error(&cc->diags, D_PROV_BADNAME, n->loc,
			      "provider name may not end with a digit: %s", n->text);
		return;
	}
	if (!(pv = sg_find(g, n->text))) {
		pv = dt_arena_alloc(&cc->arena, sizeof(*pv));
		pv->name = n->text;
		/* DTrace's default for a provider a script defines: Unstable/Unstable/Common */
		for (int k = 0; k < 5; k++) {
			pv->attr[k][0] = pv->attr[k][1] = 4;
			pv->attr[k][2] = 5;
		}
		dt_vec_push(&g->provs, pv);
	}
	for (size_t i = 0; i < n->list.len; i++)
		sg_probe(cc, pv, n->list.data[i]);
}

/* "#pragma D attributes N/D/C provider NAME KIND": the provider's stability. */
static void
sg_pragma(dt_compile_t *cc, dt_sdtgen_t *g, dt_node_t *n)
{
	char attr[64], cls[64], name[64], kind[64];
	unsigned char v[3];
	const char *p = attr;
	sg_prov_t *pv;
	int k;

	if (sscanf(n->text, " D attributes %63s %63s %63s %63s", attr, cls, name, kind) != 4 ||
	    strcmp(cls, "provider") != 0 || !(pv = sg_find(g, name)) ||
	    (k = dt_attr_word(sg_attr_kinds, 5, kind, strlen(kind))) < 0)
		return;
	memcpy(v, pv->attr[k], 3);
	for (int f = 0; f < 3 && *p; f++) {
		size_t len = strcspn(p, "/");
		int i = f < 2 ? dt_attr_word(dt_sdt_stab_names, 8, p, len) :
				 dt_attr_word(dt_sdt_class_names, 6, p, len);

		if (i < 0) {
			dt_diag_error(&cc->diags, D_UNKNOWN, n->loc,
				      "invalid attributes specified by #pragma attributes");
			return;
		}
		v[f] = (unsigned char)i;
		p += len + (p[len] == '/');
	}
	memcpy(pv->attr[k], v, 3);
}

void
dt_sdtgen_free(dt_sdtgen_t *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->provs.len; i++)
		dt_vec_free(&g->provs.data[i]->probes);
	dt_vec_free(&g->provs);
}

dt_sdtgen_t *
dt_sdtgen_collect(dt_compile_t *cc, dt_node_t *const *roots, int nroots)
{
	dt_sdtgen_t *g = dt_arena_alloc(&cc->arena, sizeof(*g));

	for (int r = 0; r < nroots; r++)
		for (size_t i = 0; roots[r] && i < roots[r]->list.len; i++) {
			dt_node_t *n = roots[r]->list.data[i];

			if (n->kind == DT_NODE_DECL && n->op == TOK_PROVIDER)
				sg_provider(cc, g, n);
		}
	/* after every definition: a pragma may come before the provider it names */
	for (int r = 0; r < nroots; r++)
		for (size_t i = 0; roots[r] && i < roots[r]->list.len; i++) {
			dt_node_t *n = roots[r]->list.data[i];

			if (n->kind == DT_NODE_PRAGMA)
				sg_pragma(cc, g, n);
		}
	return g;
}

/* ---- dtrace -h ------------------------------------------------------------------------- */

/* DTrace's macro spelling: upper case, '-' and '.' as '_'. */
static void
sg_macro(FILE *fp, const char *s)
{
	for (; *s; s++)
		fputc(*s == '-' || *s == '.' ? '_' : toupper((unsigned char)*s), fp);
}

/* DTrace's function spelling: '-' as "__". */
static void
sg_func(FILE *fp, const char *s)
{
	for (; *s; s++)
		fputs(*s == '-' ? "__" : (char[2]){*s, 0}, fp);
}

static void
sg_params(FILE *fp, int n)
{
	for (int i = 0; i < n; i++)
		fprintf(fp, "%sarg%d", i ? ", " : "", i);
}

/* PROV_PROBE: the macro's name */
static void
sg_mname(FILE *fp, const sg_prov_t *pv, const sg_probe_t *pr)
{
	sg_macro(fp, pv->name);
	fputc('_', fp);
	sg_macro(fp, pr->name);
}

/* __dtrace_prov___probe: the inline function's name, and its semaphore's with "_semaphore" */
static void
sg_fname(FILE *fp, const sg_prov_t *pv, const sg_probe_t *pr)
{
	fputs("__dtrace_", fp);
	sg_func(fp, pv->name);
	fputs("___", fp);
	sg_func(fp, pr->name);
}

/* The note's "N@" of argument type t: 8 for a pointer, else C's size with the sign. */
static void
sg_argsize(FILE *fp, const char *t)
{
	if (strchr(t, '*'))
		fputs("8", fp);
	else
		fprintf(fp, "(((%s)-1 < (%s)0) ? -(int)sizeof(%s) : (int)sizeof(%s))", t, t, t, t);
}

static void
sg_header_probe(FILE *fp, const sg_prov_t *pv, const sg_probe_t *pr)
{
	fputs("#define\t", fp);
	sg_mname(fp, pv, pr);
	fputc('(', fp);
	sg_params(fp, pr->nargs);
	fputs(") \\\n\t", fp);
	sg_fname(fp, pv, pr);
	fputc('(', fp);
	sg_params(fp, pr->nargs);
	fputs(")\n#define\t", fp);
	sg_mname(fp, pv, pr);
	fputs("_ENABLED() \\\n\t__builtin_expect(", fp);
	sg_fname(fp, pv, pr);
	fputs("_semaphore != 0, 0)\n", fp);
}

static void
sg_header_decl(FILE *fp, const sg_prov_t *pv, const sg_probe_t *pr)
{
	/* the semaphore, defined by dtrace -G's object */
	fputs("extern volatile unsigned short ", fp);
	sg_fname(fp, pv, pr);
	fputs("_semaphore\n    __attribute__((__visibility__(\"hidden\")));\n", fp);
	/* the probe site: a nop and its SDT note */
	fputs("static __inline__ __attribute__((__always_inline__, __unused__)) void\n", fp);
	sg_fname(fp, pv, pr);
	fputc('(', fp);
	for (int i = 0; i < pr->nargs; i++)
		fprintf(fp, "%s%s arg%d", i ? ", " : "", pr->native[i], i);
	if (!pr->nargs)
		fputs("void", fp);
	fputs(")\n{\n\t__asm__ __volatile__(\n", fp);
	fputs("\t    \"990:\tnop\\n\"\n"
	      "\t    \"\t.pushsection .note.stapsdt, \\\"?\\\", \\\"note\\\"\\n\"\n"
	      "\t    \"\t.balign 4\\n\"\n"
	      "\t    \"\t.4byte 992f-991f, 994f-993f, 3\\n\"\n"
	      "\t    \"991:\t.asciz \\\"stapsdt\\\"\\n\"\n"
	      "\t    \"992:\t.balign 4\\n\"\n"
	      "\t    \"993:\t.8byte 990b\\n\"\n"
	      "\t    \"\t.8byte _.stapsdt.base\\n\"\n", fp);
	fputs("\t    \"\t.8byte ", fp);
	sg_fname(fp, pv, pr);
	fputs("_semaphore\\n\"\n", fp);
	fprintf(fp, "\t    \"\t.asciz \\\"%s\\\"\\n\"\n", pv->name);
	fputs("\t    \"\t.asciz \\\"", fp);
	sg_func(fp, pr->name);
	fputs("\\\"\\n\"\n\t    \"\t.asciz \\\"", fp);
	for (int i = 0; i < pr->nargs; i++)
		fprintf(fp, "%s%%c[s%d]@%%[a%d]", i ? " " : "", i, i);
	fputs("\\\"\\n\"\n", fp);
	fputs("\t    \"994:\t.balign 4\\n\"\n"
	      "\t    \"\t.popsection\\n\"\n"
	      "\t    \"\t.ifndef _.stapsdt.base\\n\"\n"
	      "\t    \"\t.pushsection .stapsdt.base, \\\"aG\\\", \\\"progbits\\\", "
	      ".stapsdt.base, comdat\\n\"\n"
	      "\t    \"\t.weak _.stapsdt.base\\n\"\n"
	      "\t    \"\t.hidden _.stapsdt.base\\n\"\n"
	      "\t    \"_.stapsdt.base:\t.space 1\\n\"\n"
	      "\t    \"\t.size _.stapsdt.base, 1\\n\"\n"
	      "\t    \"\t.popsection\\n\"\n"
	      "\t    \"\t.endif\\n\"\n"
	      "\t    ::", fp);
	for (int i = 0; i < pr->nargs; i++) {
		fprintf(fp, "%s\n\t    [s%d] \"n\" (", i ? "," : "", i);
		sg_argsize(fp, pr->native[i]);
		fprintf(fp, "), [a%d] \"nr\" (arg%d)", i, i);
	}
	fputs(");\n}\n", fp);
}

int
dt_sdtgen_header(const dt_sdtgen_t *g, const char *path, char *err, size_t errlen)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	FILE *fp = fopen(path, "w");

	if (!fp) {
		snprintf(err, errlen, "failed to open header file '%s': %s", path,
			 strerror(errno));
		return -1;
	}
	fputs("/*\n * Generated by dtrace(1M).\n */\n\n#ifndef\t_", fp);
	sg_macro(fp, base);
	fputs("\n#define\t_", fp);
	sg_macro(fp, base);
	fputs("\n\n#include <unistd.h>\n#include <inttypes.h>\n\n"
	      "#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n"
	      "#ifdef\t__GNUC__\n#pragma GCC system_header\n#endif\n\n", fp);
	for (size_t i = 0; i < g->provs.len; i++) {
		const sg_prov_t *pv = g->provs.data[i];

		fputs("#define _DTRACE_VERSION 1\n\n#if _DTRACE_VERSION\n\n", fp);
		for (size_t k = 0; k < pv->probes.len; k++)
			sg_header_probe(fp, pv, &pv->probes.data[k]);
		fputs("\n\n", fp);
		for (size_t k = 0; k < pv->probes.len; k++)
			sg_header_decl(fp, pv, &pv->probes.data[k]);
		fputs("\n#else\n\n", fp);
		for (size_t k = 0; k < pv->probes.len; k++) {
			const sg_probe_t *pr = &pv->probes.data[k];

			fputs("#define\t", fp);
			sg_mname(fp, pv, pr);
			fputc('(', fp);
			sg_params(fp, pr->nargs);
			fputs(")\n#define\t", fp);
			sg_mname(fp, pv, pr);
			fputs("_ENABLED() (0)\n", fp);
		}
		fputs("\n#endif\n\n", fp);
	}
	fputs("\n#ifdef\t__cplusplus\n}\n#endif\n\n#endif\t/* _", fp);
	sg_macro(fp, base);
	fputs(" */\n", fp);
	if (ferror(fp) | (fclose(fp) != 0)) {
		snprintf(err, errlen, "failed to create header file %s: %s", path,
			 strerror(errno));
		return -1;
	}
	return 0;
}

/* ---- dtrace -G ------------------------------------------------------------------------- */

/* The probes the objects use must be defined (a header older than the provider.d). */
static int
sg_check_objs(const dt_sdtgen_t *g, char *const *objs, int nobjs, char *err, size_t errlen)
{
	for (int i = 0; i < nobjs; i++) {
		dt_sdtfile_t *f = dt_sdtfile_read(objs[i]);

		if (!f) {
			snprintf(err, errlen, errno == ENOEXEC ? "failed to process %s: not an ELF "
				 "file" : "failed to open %s: %s", objs[i], strerror(errno));
			return -1;
		}
		for (size_t k = 0; k < f->notes.len; k++) {
			const dt_sdtnote_t *nt = &f->notes.data[k];
			const sg_prov_t *pv = sg_find(g, nt->prov);
			dt_arena_t a;
			const char *name;
			bool found = false;

			if (!pv)
				continue;	/* another tool's probes (sys/sdt.h) */
			dt_arena_init(&a);
			name = dt_sdt_probe_name(&a, nt->name);
			for (size_t p = 0; p < pv->probes.len && !found; p++)
				found = strcmp(pv->probes.data[p].name, name) == 0;
			if (!found)
				snprintf(err, errlen, "no such probe %s:%s (used by %s)", pv->name,
					 name, objs[i]);
			dt_arena_fini(&a);
			if (!found) {
				dt_sdtfile_free(f);
				return -1;
			}
		}
		dt_sdtfile_free(f);
	}
	return 0;
}

/* The definition note's text (dt_stapsdt.h). */
static void
sg_defs_text(const dt_sdtgen_t *g, dt_strbuf_t *sb)
{
	for (size_t i = 0; i < g->provs.len; i++) {
		const sg_prov_t *pv = g->provs.data[i];

		for (size_t k = 0; k < pv->probes.len; k++) {
			const sg_probe_t *pr = &pv->probes.data[k];

			dt_sb_printf(sb, "%s\t%s\t", pv->name, pr->name);
			for (int a = 0; a < 5; a++)
				dt_sb_printf(sb, "%s%s/%s/%s", a ? " " : "",
					     dt_sdt_stab_names[pv->attr[a][0]],
					     dt_sdt_stab_names[pv->attr[a][1]],
					     dt_sdt_class_names[pv->attr[a][2]]);
			for (int a = 0; a < pr->nxargs; a++)
				dt_sb_printf(sb, "\t%s", pr->xlate[a]);
			dt_sb_putc(sb, '\n');
		}
	}
}

static Elf_Scn *
sg_section(Elf *elf, uint32_t name, uint32_t type, uint64_t flags, void *buf, size_t size,
	   size_t align)
{
	Elf_Scn *scn = elf_newscn(elf);
	Elf_Data *d = scn ? elf_newdata(scn) : NULL;
	GElf_Shdr sh;

	if (!d || !gelf_getshdr(scn, &sh))
		return NULL;
	d->d_buf = buf;
	d->d_size = size;
	d->d_align = align;
	d->d_type = ELF_T_BYTE;
	sh.sh_name = name;
	sh.sh_type = type;
	sh.sh_flags = flags;
	sh.sh_addralign = align;
	return gelf_update_shdr(scn, &sh) ? scn : NULL;
}

int
dt_sdtgen_link(const dt_sdtgen_t *g, const char *path, char *const *objs, int nobjs,
	       char *err, size_t errlen)
{
	dt_strbuf_t shstr = {0}, str = {0}, defs = {0}, note = {0};
	DT_VEC(Elf64_Sym) syms = {0};
	size_t nsema = 0;
	unsigned char *semas;
	Elf *elf = NULL;
	Elf_Scn *scn_probes, *scn_note, *scn_sym, *scn_str, *scn_shstr;
	GElf_Ehdr eh;
	GElf_Shdr sh;
	uint32_t n_probes, n_note, n_stack, n_sym, n_str, n_shstr, namesz, descsz, type;
	int fd = -1, rc = -1;

	if (sg_check_objs(g, objs, nobjs, err, errlen) < 0)
		return -1;
	for (size_t i = 0; i < g->provs.len; i++)
		nsema += g->provs.data[i]->probes.len;
	semas = dt_xcalloc(nsema ? nsema : 1, 2);

	/* string tables: each starts with "" */
	dt_sb_putn(&shstr, "", 1);
	dt_sb_putn(&str, "", 1);
#define SG_SHSTR(v, s) (v = (uint32_t)shstr.len, dt_sb_putn(&shstr, s, sizeof(s)))
	SG_SHSTR(n_probes, ".probes");
	SG_SHSTR(n_note, DT_SDT_DEFNOTE_SECTION);
	SG_SHSTR(n_stack, ".note.GNU-stack");
	SG_SHSTR(n_sym, ".symtab");
	SG_SHSTR(n_str, ".strtab");
	SG_SHSTR(n_shstr, ".shstrtab");
#undef SG_SHSTR

	/* symbols: the null one, then one hidden global object per semaphore (section 1) */
	dt_vec_push(&syms, ((Elf64_Sym){0}));
	nsema = 0;
	for (size_t i = 0; i < g->provs.len; i++) {
		const sg_prov_t *pv = g->provs.data[i];

		for (size_t k = 0; k < pv->probes.len; k++) {
			Elf64_Sym s = {0};

			s.st_name = (uint32_t)str.len;
			dt_sb_printf(&str, "__dtrace_%s___", pv->name);
			for (const char *c = pv->probes.data[k].name; *c; c++)
				dt_sb_puts(&str, *c == '-' ? "__" : (char[2]){*c, 0});
			dt_sb_puts(&str, "_semaphore");
			dt_sb_putn(&str, "", 1);
			s.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_OBJECT);
			s.st_other = STV_HIDDEN;
			s.st_shndx = 1;
			s.st_value = 2 * nsema++;
			s.st_size = 2;
			dt_vec_push(&syms, s);
		}
	}

	/* the definition note: namesz, descsz, type, "dtrace\0" padded, the text padded */
	sg_defs_text(g, &defs);
	dt_sb_putn(&defs, "", 1);
	namesz = sizeof(DT_SDT_DEFNOTE_OWNER);
	descsz = (uint32_t)defs.len;
	type = DT_SDT_DEFNOTE_TYPE;
	dt_sb_putn(&note, (char *)&namesz, 4);
	dt_sb_putn(&note, (char *)&descsz, 4);
	dt_sb_putn(&note, (char *)&type, 4);
	dt_sb_putn(&note, DT_SDT_DEFNOTE_OWNER, sizeof(DT_SDT_DEFNOTE_OWNER));
	while (note.len % 4)
		dt_sb_putn(&note, "", 1);
	dt_sb_putn(&note, defs.s, defs.len);
	while (note.len % 4)
		dt_sb_putn(&note, "", 1);

	if (elf_version(EV_CURRENT) == EV_NONE)
		goto elferr;
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0) {
		snprintf(err, errlen, "failed to open %s: %s", path, strerror(errno));
		goto out;
	}
	if (!(elf = elf_begin(fd, ELF_C_WRITE, NULL)) || !gelf_newehdr(elf, ELFCLASS64) ||
	    !gelf_getehdr(elf, &eh))
		goto elferr;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_type = ET_REL;
	eh.e_machine = EM_X86_64;
	eh.e_version = EV_CURRENT;
	if (!gelf_update_ehdr(elf, &eh))
		goto elferr;
	scn_probes = sg_section(elf, n_probes, SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, semas,
				2 * (nsema ? nsema : 1), 2);
	scn_note = sg_section(elf, n_note, SHT_NOTE, 0, note.s, note.len, 4);
	/* no executable stack wanted (the linker warns about objects that do not say) */
	if (!sg_section(elf, n_stack, SHT_PROGBITS, 0, NULL, 0, 1))
		goto elferr;
	scn_sym = sg_section(elf, n_sym, SHT_SYMTAB, 0, syms.data, syms.len * sizeof(Elf64_Sym),
			     8);
	scn_str = sg_section(elf, n_str, SHT_STRTAB, 0, str.s, str.len, 1);
	scn_shstr = sg_section(elf, n_shstr, SHT_STRTAB, 0, shstr.s, shstr.len, 1);
	if (!scn_probes || !scn_note || !scn_sym || !scn_str || !scn_shstr)
		goto elferr;
	elf_getdata(scn_sym, NULL)->d_type = ELF_T_SYM;
	if (!gelf_getshdr(scn_sym, &sh))
		goto elferr;
	sh.sh_link = (uint32_t)elf_ndxscn(scn_str);
	sh.sh_info = 1;		/* the first global symbol */
	sh.sh_entsize = sizeof(Elf64_Sym);
	if (!gelf_update_shdr(scn_sym, &sh))
		goto elferr;
	eh.e_shstrndx = (uint16_t)elf_ndxscn(scn_shstr);
	if (!gelf_update_ehdr(elf, &eh) || elf_update(elf, ELF_C_WRITE) < 0)
		goto elferr;
	rc = 0;
	goto out;
elferr:
	snprintf(err, errlen, "failed to write %s: %s", path, elf_errmsg(-1));
out:
	if (elf)
		elf_end(elf);
	if (fd >= 0 && close(fd) < 0 && rc == 0) {
		snprintf(err, errlen, "failed to write %s: %s", path, strerror(errno));
		rc = -1;
	}
	if (rc < 0 && fd >= 0)
		unlink(path);
	free(semas);
	dt_vec_free(&syms);
	dt_sb_free(&shstr);
	dt_sb_free(&str);
	dt_sb_free(&defs);
	dt_sb_free(&note);
	return rc;
}
