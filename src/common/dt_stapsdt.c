/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_stapsdt.c: the probe notes SystemTap's sys/sdt.h (and dtrace -h headers) put in programs.
 *
 * Each probe site is one ELF note in section .note.stapsdt, owner "stapsdt", type 3:
 *
 *   desc:  pc (8)  base (8)  semaphore (8)  provider\0  name\0  argument specs\0
 *
 * pc is the probe's address (a nop), semaphore the address of the probe's 16-bit is-enabled
 * counter (0: none), both as the linker placed them; base is the address the linker gave
 * section .stapsdt.base, so that a file moved after linking (prelink) is corrected by the
 * difference between that section's address now and base. uprobes take offsets in the file,
 * so both addresses are turned into file offsets through the PT_LOAD segment holding them.
 *
 * The argument specs are GNU assembler operands, each prefixed with its size in bytes
 * (negative: signed): "-4@%eax", "8@-16(%rbp)", "8@(%rax,%rdx,8)", "4@$5".
 *
 * dtrace -G adds one more note, of owner "dtrace" (dt_stapsdt.h): the provider definition,
 * with each probe's argument types and the provider's stability, which the notes lack.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dt_attr.h"
#include "dt_stapsdt.h"

#define NT_STAPSDT 3

/* ---- argument specs -------------------------------------------------------------------- */

/* Register names by width: 64, 32, 16, 8 (low) bits. */
static const char *const sdt_regnames[DT_SDTREG_COUNT][4] = {
	[DT_SDTREG_AX] = {"rax", "eax", "ax", "al"},
	[DT_SDTREG_BX] = {"rbx", "ebx", "bx", "bl"},
	[DT_SDTREG_CX] = {"rcx", "ecx", "cx", "cl"},
	[DT_SDTREG_DX] = {"rdx", "edx", "dx", "dl"},
	[DT_SDTREG_SI] = {"rsi", "esi", "si", "sil"},
	[DT_SDTREG_DI] = {"rdi", "edi", "di", "dil"},
	[DT_SDTREG_BP] = {"rbp", "ebp", "bp", "bpl"},
	[DT_SDTREG_SP] = {"rsp", "esp", "sp", "spl"},
	[DT_SDTREG_R8] = {"r8", "r8d", "r8w", "r8b"},
	[DT_SDTREG_R9] = {"r9", "r9d", "r9w", "r9b"},
	[DT_SDTREG_R10] = {"r10", "r10d", "r10w", "r10b"},
	[DT_SDTREG_R11] = {"r11", "r11d", "r11w", "r11b"},
	[DT_SDTREG_R12] = {"r12", "r12d", "r12w", "r12b"},
	[DT_SDTREG_R13] = {"r13", "r13d", "r13w", "r13b"},
	[DT_SDTREG_R14] = {"r14", "r14d", "r14w", "r14b"},
	[DT_SDTREG_R15] = {"r15", "r15d", "r15w", "r15b"},
	[DT_SDTREG_IP] = {"rip", "eip", "ip", NULL},
};

/* "%name" at s: the register and its shift (8 for %ah..%dh); end after the name. */
static dt_sdtreg_t
sdt_reg(const char *s, const char **end, int *shift)
{
	static const char *const high[] = {"ah", "bh", "ch", "dh"};
	static const dt_sdtreg_t highreg[] = {DT_SDTREG_AX, DT_SDTREG_BX, DT_SDTREG_CX,
					      DT_SDTREG_DX};
	size_t n = 0;

	if (*s != '%')
		return DT_SDTREG_NONE;
	s++;
	while ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= '0' && s[n] <= '9'))
		n++;
	*end = s + n;
	*shift = 0;
	for (int r = 0; r < DT_SDTREG_COUNT; r++)
		for (int w = 0; w < 4; w++)
			if (sdt_regnames[r][w] && strlen(sdt_regnames[r][w]) == n &&
			    strncmp(s, sdt_regnames[r][w], n) == 0)
				return (dt_sdtreg_t)r;
	for (int i = 0; i < 4; i++)
		if (n == 2 && strncmp(s, high[i], 2) == 0) {
			*shift = 8;
			return highreg[i];
		}
	return DT_SDTREG_NONE;
}

/* One spec at s (no leading blanks); *end after it. 0 or -1. */
static int
sdt_arg_parse(const char *s, dt_sdtarg_t *a, const char **end)
{
	const char *p = s;
	char *q;
	long v;

	memset(a, 0, sizeof(*a));
	a->size = 8;
	a->reg = a->index = DT_SDTREG_NONE;
	a->scale = 1;
	/* "N@": a size, but not a displacement ("-16(%rbp)" has no '@') */
	v = strtol(p, &q, 10);
	if (q != p && *q == '@') {
		if (v < 0) {
			a->is_signed = true;
			v = -v;
		}
		if (v != 1 && v != 2 && v != 4 && v != 8)
			return -1;
		a->size = (int)v;
		p = q + 1;
	}
	if (*p == '%') {
		a->kind = DT_SDTARG_REG;
		if ((a->reg = sdt_reg(p, &p, &a->shift)) == DT_SDTREG_NONE ||
		    a->reg == DT_SDTREG_IP)
			return -1;
	} else if (*p == '$') {
		a->kind = DT_SDTARG_IMM;
		errno = 0;
		a->val = strtoll(p + 1, &q, 0);
		if (q == p + 1 || errno)
			return -1;
		p = q;
	} else {
		/* [disp](base[,index[,scale]]); a symbol ("sym(%rip)") is not supported */
		int shift;

		a->kind = DT_SDTARG_MEM;
		if (*p != '(') {
			errno = 0;
			a->val = strtoll(p, &q, 0);
			if (q == p || errno)
				return -1;
			p = q;
		}
		if (*p != '(')
			return -1;
		p++;
		if (*p != ',' && ((a->reg = sdt_reg(p, &p, &shift)) == DT_SDTREG_NONE || shift ||
				  a->reg == DT_SDTREG_IP))
			return -1;
		if (*p == ',') {
			if ((a->index = sdt_reg(p + 1, &p, &shift)) == DT_SDTREG_NONE || shift)
				return -1;
			if (*p == ',') {
				a->scale = (int)strtol(p + 1, &q, 10);
				if (q == p + 1 || (a->scale != 1 && a->scale != 2 && a->scale != 4 &&
						   a->scale != 8))
					return -1;
				p = q;
			}
		}
		if (*p != ')')
			return -1;
		p++;
	}
	if (*p && *p != ' ' && *p != '\t')
		return -1;
	*end = p;
	return 0;
}

int
dt_sdtargs_parse(const char *s, dt_sdtarg_t *args, int max, const char **bad)
{
	int n = 0;

	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			return n;
		if (n == max || sdt_arg_parse(s, &args[n], &s) < 0) {
			*bad = s;
			return -1;
		}
		n++;
	}
}

const char *
dt_sdt_probe_name(dt_arena_t *a, const char *s)
{
	char *out = dt_arena_strdup(a, s), *o = out;

	for (; *s; s++) {
		if (s[0] == '_' && s[1] == '_') {
			*o++ = '-';
			s++;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

const char *const dt_sdt_stab_names[8] = {
	"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable",
	"Standard",
};
const char *const dt_sdt_class_names[6] = {
	"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
};

int
dt_sdt_attr_parse(const char *s, unsigned char attr[5][3])
{
	for (int k = 0; k < 5; k++) {
		for (int f = 0; f < 3; f++) {
			size_t len = strcspn(s, "/ ");
			int i = f < 2 ? dt_attr_word(dt_sdt_stab_names, 8, s, len) :
					dt_attr_word(dt_sdt_class_names, 6, s, len);

			if (i < 0 || s[len] != (f < 2 ? '/' : k < 4 ? ' ' : '\0'))
				return -1;
			attr[k][f] = (unsigned char)i;
			s += len + (s[len] != '\0');
		}
	}
	return 0;
}

/* ---- the file's notes ------------------------------------------------------------------- */

typedef struct sdt_func {
	uint64_t lo, hi;
	const char *name;
} sdt_func_t;

typedef DT_VEC(sdt_func_t) sdt_funcs_t;

/* The FUNC symbols of .symtab and .dynsym, for naming the function around a probe. */
static void
sdt_funcs(dt_sdtfile_t *f, Elf *elf, sdt_funcs_t *funcs)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;
		size_t n;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB &&
						sh.sh_type != SHT_DYNSYM) || !sh.sh_entsize)
			continue;
		if (!(d = elf_getdata(scn, NULL)))
			continue;
		n = sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym sym;
			const char *name;

			if (!gelf_getsym(d, (int)i, &sym) || GELF_ST_TYPE(sym.st_info) != STT_FUNC ||
			    sym.st_shndx == SHN_UNDEF || !sym.st_value)
				continue;
			if (!(name = elf_strptr(elf, sh.sh_link, sym.st_name)) || !*name)
				continue;
			dt_vec_push(funcs, ((sdt_func_t){sym.st_value, sym.st_value + sym.st_size,
							 dt_arena_strdup(&f->arena, name)}));
		}
	}
}

static const char *
sdt_func_at(const sdt_func_t *fn, size_t n, uint64_t pc)
{
	const char *best = NULL;
	uint64_t best_lo = 0;

	/* a symbol with a size covers [lo, hi); without one, it covers nothing */
	for (size_t i = 0; i < n; i++)
		if (fn[i].lo <= pc && pc < fn[i].hi && (!best || fn[i].lo > best_lo)) {
			best = fn[i].name;
			best_lo = fn[i].lo;
		}
	return best;
}

/* The file offset of a link-time address, through the PT_LOAD segment holding it; 0 if none. */
static uint64_t
sdt_file_offset(Elf *elf, uint64_t addr)
{
	size_t n;

	if (elf_getphdrnum(elf, &n) < 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && ph.p_vaddr <= addr &&
		    addr < ph.p_vaddr + ph.p_memsz)
			return addr - ph.p_vaddr + ph.p_offset;
	}
	return 0;
}

/* One "dtrace" definition note: lines of tab-separated fields (dt_stapsdt.h). */
static void
sdt_defs_parse(dt_sdtfile_t *f, const char *text, size_t len)
{
	char *buf = dt_arena_strndup(&f->arena, text, len), *line, *save = NULL;

	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		dt_sdtdef_t d = {0};
		char *fld[3 + DT_SDT_MAXARGS], *s2 = NULL;
		int n = 0;

		for (char *t = strtok_r(line, "\t", &s2); t && n < (int)DT_ARRAY_SIZE(fld);
		     t = strtok_r(NULL, "\t", &s2))
			fld[n++] = t;
		if (n < 3)
			continue;
		d.prov = fld[0];
		d.name = fld[1];
		d.attr = fld[2];
		for (int i = 3; i < n; i++)
			d.types[d.nargs++] = fld[i];
		dt_vec_push(&f->defs, d);
	}
}

static void
sdt_note(dt_sdtfile_t *f, Elf *elf, bool is64, const char *desc, size_t len, int64_t adjust)
{
	size_t asz = is64 ? 8 : 4, off = 3 * asz;
	uint64_t a[3] = {0};
	dt_sdtnote_t nt = {0};
	const char *s[3];

	if (len < off)
		return;
	for (int i = 0; i < 3; i++) {
		if (is64) {
			memcpy(&a[i], desc + i * asz, 8);
		} else {
			uint32_t v;

			memcpy(&v, desc + i * asz, 4);
			a[i] = v;
		}
	}
	for (int i = 0; i < 3; i++) {
		const char *nul = off < len ? memchr(desc + off, '\0', len - off) : NULL;

		if (!nul)
			return;
		s[i] = desc + off;
		off = (size_t)(nul - desc) + 1;
	}
	nt.prov = dt_arena_strdup(&f->arena, s[0]);
	nt.name = dt_arena_strdup(&f->arena, s[1]);
	nt.args = dt_arena_strdup(&f->arena, s[2]);
	nt.pc = a[0] + (uint64_t)adjust;
	nt.sema = a[2] ? a[2] + (uint64_t)adjust : 0;
	if (!f->relocatable) {
		nt.pc_off = sdt_file_offset(elf, nt.pc);
		nt.sema_off = nt.sema ? sdt_file_offset(elf, nt.sema) : 0;
	}
	dt_vec_push(&f->notes, nt);
}

dt_sdtfile_t *
dt_sdtfile_read(const char *path)
{
	dt_sdtfile_t *f;
	sdt_funcs_t funcs = {0};
	Elf *elf;
	Elf_Scn *scn = NULL;
	GElf_Ehdr eh;
	GElf_Shdr sh;
	size_t shstrndx;
	uint64_t base = 0;
	bool have_base = false, is64;
	int fd;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return errno = ENOEXEC, NULL;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return NULL;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh) ||
	    elf_getshdrstrndx(elf, &shstrndx) < 0) {
		elf_end(elf);
		close(fd);
		return errno = ENOEXEC, NULL;
	}
	f = dt_xcalloc(1, sizeof(*f));
	dt_arena_init(&f->arena);
	f->path = dt_xstrdup(path);
	f->relocatable = eh.e_type == ET_REL;
	is64 = gelf_getclass(elf) == ELFCLASS64;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *name;

		if (gelf_getshdr(scn, &sh) && (name = elf_strptr(elf, shstrndx, sh.sh_name)) &&
		    strcmp(name, ".stapsdt.base") == 0) {
			base = sh.sh_addr;
			have_base = true;
		}
	}
	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;
		GElf_Nhdr nh;
		size_t off = 0, noff, doff;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE ||
		    !(d = elf_getdata(scn, NULL)))
			continue;
		while ((off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
			const char *owner = (const char *)d->d_buf + noff;
			const char *desc = (const char *)d->d_buf + doff;

			if (nh.n_namesz == sizeof("stapsdt") && strcmp(owner, "stapsdt") == 0 &&
			    nh.n_type == NT_STAPSDT) {
				uint64_t nbase = 0;
				size_t asz = is64 ? 8 : 4;

				if (nh.n_descsz >= 2 * asz)
					memcpy(&nbase, desc + asz, asz);
				sdt_note(f, elf, is64, desc, nh.n_descsz,
					 have_base && nbase && !f->relocatable ?
						 (int64_t)(base - nbase) : 0);
			} else if (nh.n_namesz == sizeof(DT_SDT_DEFNOTE_OWNER) &&
				   strcmp(owner, DT_SDT_DEFNOTE_OWNER) == 0 &&
				   nh.n_type == DT_SDT_DEFNOTE_TYPE) {
				sdt_defs_parse(f, desc, nh.n_descsz);
			}
		}
	}
	if (f->notes.len && !f->relocatable) {
		sdt_funcs(f, elf, &funcs);
		for (size_t i = 0; i < f->notes.len; i++)
			f->notes.data[i].func = sdt_func_at(funcs.data, funcs.len,
							    f->notes.data[i].pc);
	}
	dt_vec_free(&funcs);
	elf_end(elf);
	close(fd);
	return f;
}

void
dt_sdtfile_free(dt_sdtfile_t *f)
{
	if (!f)
		return;
	dt_vec_free(&f->notes);
	dt_vec_free(&f->defs);
	dt_arena_fini(&f->arena);
	free(f->path);
	free(f);
}
