/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_x86insn.c: the length of an x86-64 instruction, from its bytes (64-bit mode only).
 *
 * An instruction is: legacy prefixes (F0 F2 F3, the segments 26 2E 36 3E 64 65, operand
 * size 66, address size 67), a REX byte (40-4F) right before the opcode, the opcode (one
 * byte; 0F and a byte; 0F 38 or 0F 3A and a byte; or a VEX, EVEX or XOP prefix that names
 * the map and holds the REX bits), a ModRM byte, a SIB byte, a displacement and an
 * immediate. Only the opcode says whether a ModRM and an immediate follow and how long the
 * immediate is; the tables below are that, one character per opcode, written from the
 * opcode maps of Intel's manual (volume 2, appendix A) with its rules for 64-bit mode:
 *
 *   .  nothing follows              m  ModRM
 *   b  an 8-bit immediate (or rel8)  B  ModRM and an 8-bit immediate
 *   w  a 16-bit immediate            e  a 16-bit and an 8-bit immediate (enter)
 *   z  16 bits with 66, else 32      Z  ModRM and that immediate
 *   d  32 bits (rel32 of call, jmp, jcc); with 66 and no REX.W Intel's processors take
 *      rel32 and AMD's rel16: refused, as a length could be wrong (compilers never emit it)
 *   v  64 bits with REX.W, 16 with 66, else 32 (mov reg, imm)
 *   o  a memory offset: 64 bits, 32 with 67 (mov al, [moffs])
 *   t  ModRM, and an 8-bit immediate when ModRM.reg is 0 or 1 (test): F6
 *   T  the same with a z immediate: F7
 *   W  ModRM and two 8-bit immediates (SSE4a's extrq, insertq: 66 or F2 0F 78)
 *   M  ModRM and a 32-bit immediate (XOP map 10)
 *   p  a legacy prefix               r  REX
 *   *  decided in the code (escapes, VEX, EVEX, XOP)
 *   x  not an instruction in 64-bit mode (a length cannot be given)
 *
 * REX.W makes a z immediate 32 bits whatever 66 says. Addressing is never 16-bit in 64-bit
 * mode (67 selects 32-bit addresses, with the same ModRM forms), so ModRM alone says whether
 * a SIB byte and how much displacement follow.
 */
#include <stdbool.h>

#include "dt_x86insn.h"

/* The one-byte opcode map, a row per high nibble. */
static const char x86_map1[16][17] = {
	"mmmmbzxxmmmmbzx*",	/* 00 add, or; 0F: the two-byte escape */
	"mmmmbzxxmmmmbzxx",	/* 10 adc, sbb */
	"mmmmbzpxmmmmbzpx",	/* 20 and, sub; es, cs */
	"mmmmbzpxmmmmbzpx",	/* 30 xor, cmp; ss, ds */
	"rrrrrrrrrrrrrrrr",	/* 40 REX */
	"................",	/* 50 push, pop */
	"xx*mppppzZbB....",	/* 60 62: EVEX; movsxd; fs gs 66 67; push, imul; ins, outs */
	"bbbbbbbbbbbbbbbb",	/* 70 jcc rel8 */
	"BZxBmmmmmmmmmmm*",	/* 80 group 1, test, xchg, mov, lea; 8F: pop, or XOP */
	"..........x.....",	/* 90 xchg, cwde, cdq, fwait, pushf, sahf */
	"oooo....bz......",	/* A0 mov moffs; movs, cmps; test; stos, lods, scas */
	"bbbbbbbbvvvvvvvv",	/* B0 mov reg, imm */
	"BBw.**BZe.w..bx.",	/* C0 shifts; ret; C4 C5: VEX; mov; enter, leave; int */
	"mmmmxxx.mmmmmmmm",	/* D0 shifts; xlat; x87 */
	"bbbbbbbbddxb....",	/* E0 loop, jrcxz, in, out; call, jmp */
	"p.pp..tT......mm",	/* F0 lock, int1, rep; hlt, cmc; test/not/neg/mul/div; FE FF */
};

/* The two-byte map (0F xx). */
static const char x86_map0f[16][17] = {
	"mmmmx.....x.xm.B",	/* 00 groups 6 and 7, lar, lsl; syscall...; prefetch; 3DNow! */
	"mmmmmmmmmmmmmmmm",	/* 10 movups...; hint nops, endbr */
	"mmmmxxxxmmmmmmmm",	/* 20 mov cr/dr; movaps... */
	"......x.*x*xxxxx",	/* 30 wrmsr, rdtsc...; 38 3A: the three-byte escapes */
	"mmmmmmmmmmmmmmmm",	/* 40 cmovcc */
	"mmmmmmmmmmmmmmmm",	/* 50 */
	"mmmmmmmmmmmmmmmm",	/* 60 */
	"BBBBmmm.mmxxmmmm",	/* 70 pshufd, shift groups; emms; vmread, vmwrite */
	"dddddddddddddddd",	/* 80 jcc rel32 */
	"mmmmmmmmmmmmmmmm",	/* 90 setcc */
	"...mBmxx...mBmmm",	/* A0 push/pop fs, cpuid, bt, shld; gs, rsm, bts, shrd, group 15 */
	"mmmmmmmmmmBmmmmm",	/* B0 cmpxchg...; popcnt, ud1, group 8, bsf... */
	"mmBmBBBm........",	/* C0 xadd, cmpps, movnti, pinsrw, pextrw, shufps, group 9; bswap */
	"mmmmmmmmmmmmmmmm",	/* D0 */
	"mmmmmmmmmmmmmmmm",	/* E0 */
	"mmmmmmmmmmmmmmmm",	/* F0; FF: ud0 */
};

/* VEX and EVEX map 1 (0F) opcodes with an 8-bit immediate (the rest have none, except
 * map 3, where all have one). */
static bool
x86_vex_map1_imm8(uint8_t op)
{
	return (op >= 0x70 && op <= 0x73) || op == 0xc2 || (op >= 0xc4 && op <= 0xc6);
}

/* Bytes the ModRM at p (and its SIB, displacement) take; -1 when they pass end. */
static int
x86_modrm_len(const uint8_t *p, const uint8_t *end)
{
	uint8_t mod, rm;
	int n = 1;

	if (p >= end)
		return -1;
	mod = p[0] >> 6;
	rm = p[0] & 7;
	if (mod == 3)
		return 1;
	if (rm == 4) {		/* a SIB byte; base 5 with mod 0: disp32, no base */
		if (p + 1 >= end)
			return -1;
		n++;
		if (mod == 0 && (p[1] & 7) == 5)
			n += 4;
	} else if (mod == 0 && rm == 5) {
		n += 4;		/* rip-relative */
	}
	if (mod == 1)
		n += 1;
	else if (mod == 2)
		n += 4;
	return n;
}

int
dt_x86_insn_len(const uint8_t *p, size_t avail, const char **why)
{
	const uint8_t *s = p, *end = p + (avail < 15 ? avail : 15);
	bool opsize = false, addrsize = false, f2 = false, rexw = false;
	int imm = 0, mlen;
	uint8_t op;
	char k;

	*why = "the bytes end inside the instruction";
	for (;; p++) {
		if (p >= end) {
			if (avail >= 15)
				*why = "more than 15 bytes of prefixes";
			return -1;
		}
		k = x86_map1[*p >> 4][*p & 15];
		if (k == 'r') {
			rexw = *p & 8;
		} else if (k == 'p') {
			opsize |= *p == 0x66;
			addrsize |= *p == 0x67;
			if (*p == 0xf2 || *p == 0xf3)
				f2 = *p == 0xf2;	/* the last of the two counts */
			rexw = false;	/* a REX not right before the opcode is ignored */
		} else {
			break;
		}
	}
	op = *p++;
	if (op == 0x0f) {
		if (p >= end)
			return -1;
		op = *p++;
		if (op == 0x38 || op == 0x3a) {		/* three-byte maps: all have ModRM */
			if (p >= end)
				return -1;
			p++;
			k = op == 0x38 ? 'm' : 'B';
		} else {
			k = x86_map0f[op >> 4][op & 15];
			/* SSE4a's extrq and insertq with immediates (66 or F2 0F 78): two bytes */
			if (op == 0x78 && (opsize || f2))
				k = 'W';
		}
	} else if (op == 0xc4 || op == 0xc5 || op == 0x62 ||
		   (op == 0x8f && p < end && (*p & 0x1f) >= 8)) {
		/*
		 * VEX (C4: two more bytes, C5: one), EVEX (62: three), XOP (8F with a map of 8 or
		 * more, where pop's ModRM has reg 0: two). The map is in the first of them
		 * (C5's is 0F); an opcode and a ModRM follow, but for vzeroupper and vzeroall.
		 */
		uint8_t esc = op;
		int map, plen = esc == 0xc5 ? 1 : esc == 0x62 ? 3 : 2;

		if (p + plen >= end)
			return -1;
		map = esc == 0xc5 ? 1 : esc == 0x62 ? (p[0] & 7) : (p[0] & 0x1f);
		p += plen;
		op = *p++;
		if (esc == 0x8f)
			k = map == 8 ? 'B' : map == 9 ? 'm' : map == 10 ? 'M' : 'x';
		else if (map == 1)
			k = x86_vex_map1_imm8(op) ? 'B' : op == 0x77 && esc != 0x62 ? '.' : 'm';
		else if (map == 2)
			k = 'm';
		else if (map == 3)
			k = 'B';
		else if ((map == 5 || map == 6) && esc == 0x62)
			k = 'm';	/* AVX512-FP16 */
		else
			k = 'x';
		if (k == 'x') {
			*why = "an unknown VEX, EVEX or XOP opcode map";
			return -1;
		}
	} else {
		k = op == 0x8f ? 'm' : x86_map1[op >> 4][op & 15];	/* 8F /0: pop */
	}

	switch (k) {
	case 'x':
	case '*':
	case 'p':
	case 'r':
		*why = "an opcode that is not an instruction in 64-bit mode";
		return -1;
	case '.':
		break;
	case 'b':
		imm = 1;
		break;
	case 'w':
		imm = 2;
		break;
	case 'e':
		imm = 3;
		break;
	case 'z':
		imm = opsize && !rexw ? 2 : 4;
		break;
	case 'd':
		if (opsize && !rexw) {
			*why = "a near branch with an operand-size prefix (its length differs "
			       "between Intel and AMD processors)";
			return -1;
		}
		imm = 4;
		break;
	case 'v':
		imm = rexw ? 8 : opsize ? 2 : 4;
		break;
	case 'o':
		imm = addrsize ? 4 : 8;
		break;
	default:	/* with a ModRM */
		if ((mlen = x86_modrm_len(p, end)) < 0)
			return -1;
		if (k == 'B')
			imm = 1;
		else if (k == 'W')
			imm = 2;
		else if (k == 'M')
			imm = 4;
		else if (k == 'Z')
			imm = opsize && !rexw ? 2 : 4;
		else if (k == 't' && ((*p >> 3) & 7) < 2)
			imm = 1;
		else if (k == 'T' && ((*p >> 3) & 7) < 2)
			imm = opsize && !rexw ? 2 : 4;
		p += mlen;
		break;
	}
	p += imm;
	if (p > end) {
		if (p - s > 15)
			*why = "an instruction longer than 15 bytes";
		return -1;
	}
	return (int)(p - s);
}
