/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_util.c: compiling a fuzz input, as the fuzz targets all do.
 *
 * Each input gets a fresh handle. A shared one would carry state from input to input:
 * "#pragma D option" sets options on the handle, and profile-N descriptions add on-demand
 * probes to its table, so a crash could depend on the inputs before it (unreproducible) and
 * the table would grow without bound. A handle costs a few microseconds (the probe table of
 * a few hundred syscalls), small beside the compile itself.
 *
 * The kernel's BTF is the exception: parsing /sys/kernel/btf/vmlinux costs ~150 ms under
 * ASan, which would make every input that names a kernel type (curthread->pid) 100 times
 * slower than the rest. It is parsed once and lent to each compile the way dt_type_btf()
 * would have set it up, and taken back before dt_compile_fini() could free it. libbpf's lookups leave a
 * parsed btf unchanged, so inputs cannot affect each other through it. The compile's table
 * of converted types (one pointer per BTF id, into the compile's arena) is lent the same
 * way and zeroed after each input: a fresh 1 MB calloc per input would cost more than most
 * compiles.
 */
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "fuzz_util.h"

/* The kernel's BTF, loaded on the first input; NULL where there is none. Fuzzer state only. */
static struct btf *fuzz_btf;
static const dt_type_t **fuzz_btf_types;
static uint32_t fuzz_nbtf_types;
static bool fuzz_btf_tried;

/* Macro arguments $1 and $2, so inputs can reach macro substitution past its error path. */
static char *const fuzz_argv[] = {"42", "sshd", NULL};

/* The source must outlive the compile (diagnostics point into it). */
static dt_source_t fuzz_src;

dt_program_t *
dt_fuzz_compile(dt_compile_t *cc, dt_handle_t *dtp, const char *text, bool link)
{
	if (!fuzz_btf_tried) {
		fuzz_btf_tried = true;
		fuzz_btf = btf__load_vmlinux_btf();
		if (libbpf_get_error(fuzz_btf))
			fuzz_btf = NULL;
		if (fuzz_btf) {
			fuzz_nbtf_types = btf__type_cnt(fuzz_btf);
			fuzz_btf_types = dt_xcalloc(fuzz_nbtf_types, sizeof(*fuzz_btf_types));
		}
	}
	/* As -s: a named source, so diagnostics and $0 take the script's path. */
	fuzz_src.name = "fuzz.d";
	fuzz_src.text = text;
	fuzz_src.len = strlen(text);	/* as dtrace(1): the text ends at a NUL */
	dt_compile_init(cc, dtp);
	if (fuzz_btf) {
		/* as dt_type_btf() leaves a compile that loaded BTF */
		cc->btf = fuzz_btf;
		cc->btf_tried = true;
		cc->nbtf_types = fuzz_nbtf_types;
		cc->btf_types = fuzz_btf_types;
	}
	cc->argc = 2;
	cc->argv = fuzz_argv;
	cc->argv0 = fuzz_src.name;
	if (link)
		return dt_compile_program(cc, &fuzz_src, 1);
	return dt_compile_sources(cc, &fuzz_src, 1, NULL);
}

void
dt_fuzz_compile_fini(dt_compile_t *cc)
{
	if (fuzz_btf) {
		/* lent, not the compile's to free; the types it converted die with its arena */
		cc->btf = NULL;
		cc->btf_types = NULL;
		memset(fuzz_btf_types, 0, fuzz_nbtf_types * sizeof(*fuzz_btf_types));
	}
	dt_compile_fini(cc);
}
