/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_usymtab.c: user-space ELF files: their load segments and symbol tables, separate debug
 * files, C++ names, and the lines of /proc/PID/maps. Shared by the consumer (user symbols
 * for ustack() and friends, dt_usyms.c) and the pid provider (a probe per function).
 *
 * Symbols come from .symtab and .dynsym together (a stripped library has only .dynsym); only
 * functions, objects and common symbols with a size count, and an address belongs to a
 * symbol when it lies in [value, value + size). Several symbols at one address (getpid and
 * __getpid) resolve to one name, chosen as Oracle's libproc chooses: a function over the
 * rest, a global or weak symbol over a local one, no leading '$', fewer leading underscores,
 * the smaller size, then the name's order.
 *
 * A stripped file (no .symtab) may have its full table in a separate debug file, found as
 * gdb finds it: by build id (/usr/lib/debug/.build-id/xx/yyyy.debug), else by the
 * .gnu_debuglink name in the file's directory, its .debug/ subdirectory, or the same path
 * under /usr/lib/debug; a debuglink file must match the link's CRC32. The debug file's
 * symbols are added to the .dynsym ones; its load segments are the file's own.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <zlib.h>

#include "dt_usymtab.h"

#define DT_USYM_BACKSCAN 32	/* earlier addresses looked at for a symbol that covers addr */

/* ---- symbol tables ------------------------------------------------------------------- */

struct dt_usymtab {
	DT_VEC(dt_usym_t) syms;
	dt_arena_t names;
	bool sorted;
};

dt_usymtab_t *
dt_usymtab_new(void)
{
	dt_usymtab_t *t = dt_xcalloc(1, sizeof(*t));

	dt_arena_init(&t->names);
	return t;
}

void
dt_usymtab_free(dt_usymtab_t *t)
{
	if (!t)
		return;
	dt_vec_free(&t->syms);
	dt_arena_fini(&t->names);
	free(t);
}

void
dt_usymtab_add(dt_usymtab_t *t, const char *name, uint64_t value, uint64_t size, int type,
	       int bind)
{
	dt_usym_t s = { .value = value, .size = size, .type = (uint8_t)type, .bind = (uint8_t)bind };

	/* Only what an address can fall in: sized code and data, not sections or files. */
	if (!name || !*name || size == 0 ||
	    (type != STT_FUNC && type != STT_OBJECT && type != STT_COMMON))
		return;
	s.name = dt_arena_strdup(&t->names, name);
	dt_vec_push(&t->syms, s);
	t->sorted = false;
}

size_t
dt_usymtab_count(dt_usymtab_t *t)
{
	dt_usymtab_sort(t);
	return t->syms.len;
}

/* Which of two symbols at one address names it (negative: l), as libproc prefers. */
static int
usym_prefer(const dt_usym_t *l, const dt_usym_t *r)
{
	const char *ln = l->name, *rn = r->name;

	if (l->type != r->type && (l->type == STT_FUNC || r->type == STT_FUNC))
		return l->type == STT_FUNC ? -1 : 1;
	if (l->bind != r->bind && (l->bind == STB_LOCAL || r->bind == STB_LOCAL))
		return l->bind == STB_LOCAL ? 1 : -1;
	if ((*ln == '$') != (*rn == '$'))
		return *ln == '$' ? 1 : -1;
	while (*ln == '_' && *rn == '_') {
		ln++;
		rn++;
	}
	if ((*ln == '_') != (*rn == '_'))
		return *ln == '_' ? 1 : -1;
	if (l->size != r->size)
		return l->size < r->size ? -1 : 1;
	return strcmp(l->name, r->name);
}

static int
usym_cmp(const void *lp, const void *rp)
{
	const dt_usym_t *l = lp, *r = rp;

	if (l->value != r->value)
		return l->value < r->value ? -1 : 1;
	return usym_prefer(l, r);
}

void
dt_usymtab_sort(dt_usymtab_t *t)
{
	size_t n = 0;

	if (t->sorted)
		return;
	t->sorted = true;
	if (t->syms.len < 2)
		return;
	qsort(t->syms.data, t->syms.len, sizeof(dt_usym_t), usym_cmp);
	/* .symtab and .dynsym list most symbols twice: keep one of each. */
	for (size_t i = 0; i < t->syms.len; i++) {
		const dt_usym_t *s = &t->syms.data[i], *p = n ? &t->syms.data[n - 1] : NULL;

		if (p && p->value == s->value && p->size == s->size && strcmp(p->name, s->name) == 0)
			continue;
		t->syms.data[n++] = *s;
	}
	t->syms.len = n;
}

const dt_usym_t *
dt_usymtab_get(dt_usymtab_t *t, size_t i)
{
	dt_usymtab_sort(t);
	return i < t->syms.len ? &t->syms.data[i] : NULL;
}

const char *
dt_usymtab_lookup(dt_usymtab_t *t, uint64_t vaddr, uint64_t *value)
{
	size_t lo = 0, hi;
	int groups = 0;

	dt_usymtab_sort(t);
	hi = t->syms.len;
	/* The first symbol above vaddr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->syms.data[mid].value <= vaddr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/*
	 * Walk down, one address at a time: the preferred symbol at an address comes first, so
	 * the first of its run that covers vaddr names it. The closest address wins; a large
	 * symbol further down (an object holding others) is looked for a little way only.
	 */
	while (lo > 0 && groups++ < DT_USYM_BACKSCAN) {
		size_t end = lo, first = lo - 1;

		while (first > 0 && t->syms.data[first - 1].value == t->syms.data[end - 1].value)
			first--;
		for (size_t i = first; i < end; i++) {
			const dt_usym_t *s = &t->syms.data[i];

			if (vaddr - s->value < s->size) {
				if (value)
					*value = s->value;
				return s->name;
			}
		}
		lo = first;
	}
	return NULL;
}

/* ---- /proc/PID/maps ------------------------------------------------------------------ */

/* Parse a hexadecimal field ending in one of the characters of stop; false if malformed. */
static bool
umaps_hex(const char **pp, const char *stop, uint64_t *v)
{
	char *end;

	*v = strtoull(*pp, &end, 16);
	if (end == *pp || !strchr(stop, *end) || *end == '\0')
		return false;
	*pp = end + 1;
	return true;
}

bool
dt_umaps_parse_line(const char *line, dt_umap_t *m)
{
	const char *p = line;
	uint64_t maj, min;
	char *end;
	size_t n;

	memset(m, 0, sizeof(*m));
	if (!umaps_hex(&p, "-", &m->start) || !umaps_hex(&p, " ", &m->end) || m->end < m->start)
		return false;
	if (strlen(p) < 5 || p[4] != ' ')
		return false;
	memcpy(m->perms, p, 4);
	p += 5;
	if (!umaps_hex(&p, " ", &m->off) || !umaps_hex(&p, ":", &maj) || !umaps_hex(&p, " ", &min))
		return false;
	m->dev = makedev(maj, min);
	m->ino = strtoull(p, &end, 10);
	if (end == p)
		return false;
	p = end + strspn(end, " \t");
	n = strcspn(p, "\n");
	m->path = p;
	m->pathlen = n;
	/* A file replaced or removed since it was mapped: the name is still the module's. */
	if (n > 10 && memcmp(p + n - 10, " (deleted)", 10) == 0)
		m->pathlen = n - 10;
	return true;
}


/* ---- ELF files ----------------------------------------------------------------------- */

/* Add the symbols of every SHT_SYMTAB and SHT_DYNSYM section; true if there was a .symtab. */
static bool
uelf_syms(dt_usymtab_t *tab, Elf *e)
{
	Elf_Scn *scn = NULL;
	bool symtab = false;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || sh.sh_entsize == 0 || d->d_type != ELF_T_SYM)
			continue;	/* a debug file's NOBITS copy has no data */
		symtab |= sh.sh_type == SHT_SYMTAB;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *name;

			if (!gelf_getsym(d, (int)i, &s) || s.st_shndx == SHN_UNDEF)
				continue;
			name = elf_strptr(e, sh.sh_link, s.st_name);
			dt_usymtab_add(tab, name, s.st_value, s.st_size, GELF_ST_TYPE(s.st_info),
				       GELF_ST_BIND(s.st_info));
		}
	}
	return symtab;
}

/* The build id (hex) and the .gnu_debuglink name and CRC of a file, where it has them. */
static void
uelf_debug_ids(Elf *e, char *bid, size_t bidlen, char *link, size_t linklen, uint32_t *crc)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	bid[0] = link[0] = '\0';
	if (elf_getshdrstrndx(e, &shstrndx) != 0)
		return;
	while ((scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || !(name = elf_strptr(e, shstrndx, sh.sh_name)))
			continue;
		if (sh.sh_type == SHT_NOTE) {
			GElf_Nhdr nh;
			size_t off = 0, noff, doff;

			if (!(d = elf_getdata(scn, NULL)))
				continue;
			while ((off = gelf_getnote(d, off, &nh, &noff, &doff)) > 0) {
				const unsigned char *p = (const unsigned char *)d->d_buf + doff;

				if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
				    memcmp((const char *)d->d_buf + noff, "GNU", 4) != 0 ||
				    nh.n_descsz * 2 + 1 > bidlen)
					continue;
				for (size_t i = 0; i < nh.n_descsz; i++)
					snprintf(bid + 2 * i, 3, "%02x", p[i]);
			}
		} else if (strcmp(name, ".gnu_debuglink") == 0 && (d = elf_getdata(scn, NULL)) &&
			   d->d_size >= 8) {
			size_t n = strnlen(d->d_buf, d->d_size);
			size_t at = (n + 4) & ~(size_t)3;

			if (n == 0 || n >= linklen || at + 4 > d->d_size)
				continue;
			memcpy(link, d->d_buf, n);
			link[n] = '\0';
			memcpy(crc, (const char *)d->d_buf + at, 4);
		}
	}
}

static uint32_t
uelf_file_crc(int fd)
{
	unsigned char buf[65536];
	uLong crc = crc32(0L, Z_NULL, 0);
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0)
		crc = crc32(crc, buf, (uInt)n);
	return (uint32_t)crc;
}

/* Open the separate debug file of path; its name in *found. -1 when none is installed. */
static int
uelf_debug_open(Elf *e, const char *path, char **found)
{
	char bid[256], link[256], cand[8192], dir[4096];
	uint32_t crc = 0;
	const char *slash;
	int fd;

	uelf_debug_ids(e, bid, sizeof(bid), link, sizeof(link), &crc);
	if (strlen(bid) > 2) {
		snprintf(cand, sizeof(cand), "/usr/lib/debug/.build-id/%.2s/%s.debug", bid, bid + 2);
		if ((fd = open(cand, O_RDONLY | O_CLOEXEC)) >= 0) {
			*found = dt_xstrdup(cand);
			return fd;
		}
	}
	if (!link[0] || !path || !(slash = strrchr(path, '/')))
		return -1;
	snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	for (int k = 0; k < 3; k++) {
		static const char *const pre[] = {"", "", "/usr/lib/debug"};
		static const char *const sub[] = {"/", "/.debug/", "/"};

		snprintf(cand, sizeof(cand), "%s%s%s%s", pre[k], dir, sub[k], link);
		if (strcmp(cand, path) == 0 || (fd = open(cand, O_RDONLY | O_CLOEXEC)) < 0)
			continue;
		if (uelf_file_crc(fd) == crc && lseek(fd, 0, SEEK_SET) == 0) {
			*found = dt_xstrdup(cand);
			return fd;
		}
		close(fd);
	}
	return -1;
}

void
dt_uelf_read(dt_uelf_t *ue, int fd, const char *path)
{
	Elf *e;
	GElf_Ehdr eh;
	size_t nph = 0;

	if (!ue->tab)
		ue->tab = dt_usymtab_new();
	if (elf_version(EV_CURRENT) == EV_NONE)
		return;
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!e)
		return;
	if (elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh) || elf_getphdrnum(e, &nph) != 0)
		goto out;
	ue->ok = true;
	ue->is_exec = eh.e_type == ET_EXEC;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD) {
			dt_uload_t l = { ph.p_offset, ph.p_vaddr, DT_MAX(ph.p_filesz, 1),
					 (ph.p_flags & PF_X) != 0 };

			dt_vec_push(&ue->loads, l);
		}
	}
	if (!uelf_syms(ue->tab, e)) {
		int dfd = uelf_debug_open(e, path, &ue->debugfile);
		Elf *de = dfd >= 0 ? elf_begin(dfd, ELF_C_READ_MMAP, NULL) : NULL;

		if (de && elf_kind(de) == ELF_K_ELF)
			uelf_syms(ue->tab, de);
		if (de)
			elf_end(de);
		if (dfd >= 0)
			close(dfd);
	}
	dt_usymtab_sort(ue->tab);
out:
	elf_end(e);
}

void
dt_uelf_fini(dt_uelf_t *ue)
{
	dt_usymtab_free(ue->tab);
	dt_vec_free(&ue->loads);
	free(ue->debugfile);
	memset(ue, 0, sizeof(*ue));
}

int
dt_uelf_off2vaddr(const dt_uelf_t *ue, uint64_t off, uint64_t *vaddr)
{
	for (size_t i = 0; i < ue->loads.len; i++) {
		const dt_uload_t *l = &ue->loads.data[i];

		if (off - l->off < l->size) {
			*vaddr = l->vaddr + (off - l->off);
			return 0;
		}
	}
	return -1;
}

int64_t
dt_uelf_vaddr2off(const dt_uelf_t *ue, uint64_t vaddr)
{
	for (size_t i = 0; i < ue->loads.len; i++) {
		const dt_uload_t *l = &ue->loads.data[i];

		if (vaddr - l->vaddr < l->size)
			return (int64_t)(l->off + (vaddr - l->vaddr));
	}
	return -1;
}

/* ---- C++ names ----------------------------------------------------------------------- */

/* libstdc++'s demangler (the build links libstdc++): the C ABI's entry point. */
extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

char *
dt_demangle(const char *name)
{
	int status = 0;
	char *d;

	if (!name || name[0] != '_' || name[1] != 'Z')
		return NULL;
	d = __cxa_demangle(name, NULL, NULL, &status);
	if (status != 0) {
		free(d);
		return NULL;
	}
	return d;
}
