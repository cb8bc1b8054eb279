/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_util.h: what the fuzz targets share: compiling an input as a -s script with the
 * kernel's BTF parsed once and lent to each compile (fuzz_util.c), and the generator of
 * valid D programs (fuzz_gen.c).
 */
#ifndef DT_FUZZ_UTIL_H
#define DT_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "common/dt_program.h"
#include "compiler/dt_compiler.h"
#include "runtime/dt_runtime.h"

/*
 * Compile text as the script "fuzz.d" on a fresh handle: the front end alone, or with link
 * the whole pipeline (code generation and link too, as dtrace -e). The program, or NULL.
 */
dt_program_t *dt_fuzz_compile(dt_compile_t *cc, dt_handle_t *dtp, const char *text, bool link);
/* Free the compile, keeping the lent BTF (after dt_handle_free: the program lives in the
 * compile's arena). */
void dt_fuzz_compile_fini(dt_compile_t *cc);

/* Inputs that start with this byte are choices for the generator, not D text. */
#define DT_FUZZ_GEN_MARK 0xff
/* Append the D program the choice bytes make to out. */
void dt_fuzz_gen(const uint8_t *data, size_t size, dt_strbuf_t *out);

#endif /* DT_FUZZ_UTIL_H */
