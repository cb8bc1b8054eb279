/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_x86insn.h: the length of an x86-64 instruction (dt_x86insn.c), for the pid provider's
 * probes at instruction offsets: a probe must be on an instruction's first byte, and a
 * function's offsets are the starts of its instructions.
 */
#ifndef DT_X86INSN_H
#define DT_X86INSN_H

#include <stddef.h>
#include <stdint.h>

/*
 * The length (1..15) of the 64-bit mode instruction at p, which has avail bytes; or -1
 * with *why saying what could not be decoded (an opcode this decoder does not know, or the
 * bytes ending inside the instruction). Only the length: prefixes, REX, VEX, EVEX and
 * XOP, the one-byte map and maps 0F, 0F38 and 0F3A, ModRM, SIB, displacements, immediates.
 */
int dt_x86_insn_len(const uint8_t *p, size_t avail, const char **why);

#endif /* DT_X86INSN_H */
