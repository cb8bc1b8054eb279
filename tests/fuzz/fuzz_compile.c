/*
 * fuzz_compile.c: a libFuzzer target over the front end: lexer, parser and semantic analysis.
 *
 *   input bytes -> NUL-terminated copy -> dt_compile_sources() (lex, parse, sema) -> fini
 *
 * Built by `make fuzz` into build/fuzz/fuzz_compile with -fsanitize=fuzzer,address,undefined
 * and run by scripts/fuzz.sh. Nothing here touches the kernel: dt_handle_new() only fills the
 * probe table, and the compile stops before code generation.
 *
 * Each input gets a fresh handle. A shared one would carry state from input to input:
 * "#pragma D option" sets options on the handle, and profile-N descriptions add on-demand
 * probes to its table, so a crash could depend on the inputs before it (unreproducible) and
 * the table would grow without bound. A handle costs a few microseconds (the probe table of
 * a few hundred syscalls), small beside the compile itself.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/dt_program.h"
#include "compiler/dt_compiler.h"
#include "runtime/dt_runtime.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Macro arguments $1 and $2, so inputs can reach macro substitution past its error path. */
static char *const fuzz_argv[] = {"42", "sshd", NULL};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	dt_handle_t *dtp;
	dt_compile_t cc;
	dt_source_t src;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	/* As -s: a named source, so diagnostics and $0 take the script's path. */
	src.name = "fuzz.d";
	src.text = text;
	src.len = strlen(text);	/* as dtrace(1): the text ends at a NUL */

	dtp = dt_handle_new();
	dt_compile_init(&cc, dtp);
	cc.argc = 2;
	cc.argv = fuzz_argv;
	cc.argv0 = src.name;
	dt_compile_sources(&cc, &src, 1, NULL);
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
	free(text);
	return 0;
}
