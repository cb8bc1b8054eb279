/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * modbtf: write a kernel module file that holds only BTF, for the tests of types in a
 * module's scope (tests/run/type_module_file.sh).
 *
 *   modbtf OUT.ko STRUCT MEMBER OFFSET
 *
 * OUT.ko is an ELF relocatable file whose one section, .BTF, is split BTF on top of this
 * kernel's vmlinux BTF, as a module built with CONFIG_DEBUG_INFO_BTF_MODULES carries it:
 * "struct STRUCT { int MEMBER; }" with MEMBER at byte OFFSET (the struct is OFFSET + 4
 * bytes), its int being vmlinux's, so the type refers to the base as a module's do.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

/* Write data (size bytes) as the .BTF section of a new ELF file at path. */
static int
modbtf_write(const char *path, const void *data, size_t size)
{
	static const char shstrtab[] = "\0.BTF\0.shstrtab";
	Elf *e = NULL;
	Elf_Scn *scn;
	Elf_Data *d;
	GElf_Shdr sh;
	int fd, rc = -1;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return -1;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || !(e = elf_begin(fd, ELF_C_WRITE, NULL)) || !gelf_newehdr(e, ELFCLASS64))
		goto out;
	{
		GElf_Ehdr eh;

		gelf_getehdr(e, &eh);
		eh.e_ident[EI_DATA] = ELFDATA2LSB;
		eh.e_type = ET_REL;
		eh.e_machine = EM_X86_64;
		eh.e_version = EV_CURRENT;
		eh.e_shstrndx = 2;
		gelf_update_ehdr(e, &eh);
	}
	/* section 1: .BTF; section 2: the section names */
	for (int i = 1; i <= 2; i++) {
		if (!(scn = elf_newscn(e)) || !(d = elf_newdata(scn)))
			goto out;
		d->d_buf = (void *)(i == 1 ? data : shstrtab);
		d->d_size = i == 1 ? size : sizeof(shstrtab);
		d->d_align = i == 1 ? 4 : 1;
		d->d_type = ELF_T_BYTE;
		gelf_getshdr(scn, &sh);
		sh.sh_name = i == 1 ? 1 : 6;
		sh.sh_type = i == 1 ? SHT_PROGBITS : SHT_STRTAB;
		gelf_update_shdr(scn, &sh);
	}
	if (elf_update(e, ELF_C_WRITE) >= 0)
		rc = 0;
out:
	if (e)
		elf_end(e);
	if (fd >= 0)
		close(fd);
	return rc;
}

int
main(int argc, char **argv)
{
	struct btf *base, *btf;
	const void *raw;
	uint32_t size;
	int int_id, sid;
	long off;

	if (argc != 5 || (off = strtol(argv[4], NULL, 0)) < 0) {
		fprintf(stderr, "usage: modbtf OUT.ko STRUCT MEMBER OFFSET\n");
		return 2;
	}
	base = btf__load_vmlinux_btf();
	if (!base || libbpf_get_error(base)) {
		fprintf(stderr, "modbtf: no vmlinux BTF\n");
		return 1;
	}
	btf = btf__new_empty_split(base);
	int_id = btf__find_by_name_kind(base, "int", BTF_KIND_INT);
	if (!btf || libbpf_get_error(btf) || int_id <= 0 ||
	    (sid = btf__add_struct(btf, argv[2], (uint32_t)off + 4)) < 0 ||
	    btf__add_field(btf, argv[3], int_id, (uint32_t)off * 8, 0) < 0 ||
	    !(raw = btf__raw_data(btf, &size)) || modbtf_write(argv[1], raw, size) < 0) {
		fprintf(stderr, "modbtf: cannot write %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	btf__free(btf);
	btf__free(base);
	return 0;
}
