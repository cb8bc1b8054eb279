/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_compile.c: a libFuzzer target over the front end: lexer, parser and semantic analysis.
 *
 *   input bytes -> NUL-terminated copy -> dt_compile_sources() (lex, parse, sema) -> fini
 *
 * Built by `make fuzz` into build/fuzz/fuzz_compile with -fsanitize=fuzzer,address,undefined
 * and run by scripts/fuzz.sh. Nothing here touches the kernel: dt_handle_new() only fills the
 * probe table, and the compile stops before code generation. How inputs are compiled (a
 * fresh handle each, the kernel's BTF lent): fuzz_util.c.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	dt_handle_t *dtp;
	dt_compile_t cc;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	dtp = dt_handle_new();
	dt_fuzz_compile(&cc, dtp, text, false);
	dt_handle_free(dtp);
	dt_fuzz_compile_fini(&cc);
	free(text);
	return 0;
}
