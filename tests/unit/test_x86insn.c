/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_x86insn.c: the x86-64 instruction length decoder (src/common/dt_x86insn.c).
 *
 * Known instructions, each with the length objdump -d gives it (the bytes were taken from
 * objdump's disassembly of this system's libc, libm, libstdc++ and python3.11); every
 * shorter slice of them refused; opcodes that are not instructions in 64-bit mode refused;
 * and, where objdump is installed, every instruction objdump decodes in those files, which
 * the decoder must give the same length (objdump's "fstcw" is two instructions, fwait and
 * fnstcw: the processor's view, and the decoder's, since a probe may be on either).
 */
#include "unit.h"

#include <stdbool.h>
#include <unistd.h>

#include "common/dt_x86insn.h"

typedef struct {
	const char *hex;
	int len;	/* objdump's */
	const char *what;
} known_t;

static const known_t known[] = {
	{"55", 1, "push %rbp"},
	{"c3", 1, "ret"},
	{"f3 0f 1e fa", 4, "endbr64"},
	{"48 89 e5", 3, "mov %rsp,%rbp"},
	{"48 83 ec 08", 4, "sub $0x8,%rsp"},
	{"48 81 ec 38 01 00 00", 7, "sub $0x138,%rsp"},
	{"e8 00 00 00 00", 5, "call rel32"},
	{"66 48 e8 00 00 00 00", 7, "call rel32 with 66 overridden by REX.W"},
	{"eb fe", 2, "jmp rel8"},
	{"0f 84 10 00 00 00", 6, "je rel32"},
	{"74 05", 2, "je rel8"},
	{"48 8b 05 a1 b2 c3 d4", 7, "mov rip-relative,%rax"},
	{"8b 44 24 08", 4, "mov 0x8(%rsp),%eax (SIB, disp8)"},
	{"8b 04 25 00 10 00 00", 7, "mov 0x1000,%eax (SIB without base: disp32)"},
	{"8b 84 24 00 01 00 00", 7, "mov 0x100(%rsp),%eax (SIB, disp32)"},
	{"8b 45 00", 3, "mov 0x0(%rbp),%eax"},
	{"41 8b 44 24 f8", 5, "mov -0x8(%r12),%eax"},
	{"42 8b 04 a5 00 00 00 00", 8, "mov 0x0(,%r12,4),%eax"},
	{"66 0f 1f 44 00 00", 6, "nopw 0x0(%rax,%rax,1)"},
	{"66 2e 0f 1f 84 00 00 00 00 00", 10, "cs nopw 0x0(%rax,%rax,1)"},
	{"66 66 2e 0f 1f 84 00 00 00 00 00", 11, "data16 cs nopw"},
	{"0f 1f 80 00 00 00 00", 7, "nopl 0x0(%rax)"},
	{"48 b8 88 77 66 55 44 33 22 11", 10, "movabs $imm64,%rax"},
	{"b8 01 00 00 00", 5, "mov $0x1,%eax"},
	{"66 b8 01 00", 4, "mov $0x1,%ax"},
	{"48 c7 c0 ff ff ff ff", 7, "mov $-1,%rax (imm32 with REX.W)"},
	{"66 c7 00 01 00", 5, "movw $0x1,(%rax)"},
	{"66 48 c7 00 01 00 00 00", 8, "REX.W over 66: imm32"},
	{"c6 05 00 00 00 00 01", 7, "movb $1,rip-relative (imm after disp)"},
	{"f6 c1 01", 3, "test $0x1,%cl"},
	{"f6 d8", 2, "neg %al (F6 /3: no immediate)"},
	{"f7 c2 00 00 01 00", 6, "test $0x10000,%edx"},
	{"f7 d8", 2, "neg %eax"},
	{"66 f7 c2 00 01", 5, "test $0x100,%dx"},
	{"48 a1 88 77 66 55 44 33 22 11", 10, "movabs moffs64,%rax"},
	{"67 a1 44 33 22 11", 6, "mov moffs32 (addr32)"},
	{"c8 10 00 00", 4, "enter $0x10,$0x0"},
	{"c2 08 00", 3, "ret $0x8"},
	{"cd 80", 2, "int $0x80"},
	{"69 c0 e8 03 00 00", 6, "imul $0x3e8,%eax,%eax"},
	{"6b c0 0a", 3, "imul $0xa,%eax,%eax"},
	{"f3 48 ab", 3, "rep stos %rax,%es:(%rdi)"},
	{"f0 48 0f b1 17", 5, "lock cmpxchg %rdx,(%rdi)"},
	{"64 48 8b 04 25 28 00 00 00", 9, "mov %fs:0x28,%rax"},
	{"0f 05", 2, "syscall"},
	{"0f a2", 2, "cpuid"},
	{"0f 0b", 2, "ud2"},
	{"0f b6 c0", 3, "movzbl %al,%eax"},
	{"0f ba e0 03", 4, "bt $0x3,%eax"},
	{"0f a4 c2 04", 4, "shld $0x4,%eax,%edx"},
	{"66 0f 70 c0 00", 5, "pshufd $0x0,%xmm0,%xmm0"},
	{"66 0f 73 d9 08", 5, "psrldq $0x8,%xmm1"},
	{"66 0f c6 c1 44", 5, "shufpd"},
	{"f2 0f 10 05 00 00 00 00", 8, "movsd rip-relative,%xmm0"},
	{"66 0f 3a 0f c1 08", 6, "palignr $0x8,%xmm1,%xmm0"},
	{"66 0f 38 00 c1", 5, "pshufb %xmm1,%xmm0"},
	{"66 0f 3a 63 0f 1a", 6, "pcmpistri $0x1a,(%rdi),%xmm1"},
	{"c5 f8 77", 3, "vzeroupper"},
	{"c5 fd 6f 0e", 4, "vmovdqa (%rsi),%ymm1"},
	{"c5 fe 6f 4c 16 e0", 6, "vmovdqu -0x20(%rsi,%rdx,1),%ymm1"},
	{"c4 e2 7d 78 c0", 5, "vpbroadcastb %xmm0,%ymm0"},
	{"c4 e3 7d 39 c1 01", 6, "vextracti128 $0x1,%ymm0,%xmm1"},
	{"c5 f5 73 d8 04", 5, "vpsrldq $0x4,%ymm0,%ymm1"},
	{"c4 41 7e 7f 44 24 20", 7, "vmovdqu %ymm8,0x20(%r12)"},
	{"62 e1 fe 28 6f 06", 6, "vmovdqu64 (%rsi),%ymm16"},
	{"62 e1 fe 28 6f 4e 01", 7, "vmovdqu64 0x20(%rsi),%ymm17 (disp8*N)"},
	{"62 b3 7d 20 3f c9 00", 7, "vpcmpeqb %ymm17,%ymm16,%k1 (EVEX map 3: imm8)"},
	{"62 f2 7d 48 7a c6", 6, "vpbroadcastb %esi,%zmm0"},
	{"62 f1 7d 48 73 d8 04", 7, "vpsrldq $0x4,%zmm0,%zmm0 (EVEX map 1 with imm8)"},
	{"d9 ee", 2, "fldz"},
	{"dd 44 24 08", 4, "fldl 0x8(%rsp)"},
	{"0f 0f c1 b4", 4, "3DNow! pfmul (imm8 suffix)"},
	{"8f c0", 2, "pop %rax (8F /0: not XOP)"},
	{"8f e9 78 c1 c0", 5, "XOP map 9 vphaddbw"},
	{"8f e8 78 c0 c0 02", 6, "XOP map 8 vprotb $2"},
	{"66 0f 78 c0 04 08", 6, "extrq $0x8,$0x4,%xmm0"},
	{"40 55", 2, "rex push %rbp"},
	{"e3 00", 2, "jrcxz"},
};

static int
parse_hex(const char *s, uint8_t *out, int max)
{
	int n = 0;
	unsigned v;
	int used;

	while (n < max && sscanf(s, " %2x%n", &v, &used) == 1) {
		out[n++] = (uint8_t)v;
		s += used;
	}
	return n;
}

UNIT_TEST(x86_known)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		uint8_t b[32];
		int n = parse_hex(known[i].hex, b, 16);
		const char *why = NULL;
		int len;

		/* extra bytes after it must not matter */
		memset(b + n, 0x90, sizeof(b) - (size_t)n);
		len = dt_x86_insn_len(b, sizeof(b), &why);
		if (len != known[i].len)
			UNIT_FAIL("%s (%s): length %d, want %d (%s)", known[i].hex, known[i].what,
				  len, known[i].len, len < 0 ? why : "");
		UNIT_EQ_INT(n, known[i].len);
	}
}

UNIT_TEST(x86_truncated)
{
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		uint8_t b[16];
		int n = parse_hex(known[i].hex, b, 16);
		const char *why = NULL;

		for (int k = 0; k < n; k++)
			if (dt_x86_insn_len(b, (size_t)k, &why) != -1)
				UNIT_FAIL("%s cut to %d bytes: a length", known[i].hex, k);
		UNIT_EQ_INT(dt_x86_insn_len(b, (size_t)n, &why), n);
	}
}

UNIT_TEST(x86_refused)
{
	static const char *const bad[] = {
		"06", "07", "1e", "27", "37", "60", "61", "82 c0 01", "9a 00 00 00 00 00 00",
		"c4 e0 78 10 c0",	/* VEX map 0 */
		"62 f4 7c 08 00 c0",	/* EVEX map 4 */
		"d6", "ea 00 00 00 00 00 00", "0f 0a", "0f 36", "0f 39", "0f 7a c0",
		"66 e8 00 00 00 00",	/* rel32 on Intel, rel16 on AMD */
		"66 0f 84 00 00 00 00",
	};
	uint8_t b[16];
	const char *why;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int n = parse_hex(bad[i], b, 16);

		why = NULL;
		memset(b + n, 0x90, sizeof(b) - (size_t)n);
		if (dt_x86_insn_len(b, sizeof(b), &why) != -1 || !why)
			UNIT_FAIL("%s: given a length", bad[i]);
	}
	/* 15 prefixes and more: no instruction */
	memset(b, 0x66, sizeof(b));
	UNIT_EQ_INT(dt_x86_insn_len(b, sizeof(b), &why), -1);
}

/*
 * Bare prefixes objdump prints on a line of their own (a REX before a legacy prefix is
 * ignored by the processor, and objdump shows it so): the decoder counts them with the
 * instruction they precede.
 */
static bool
bare_prefix(const char *mn)
{
	static const char *const names[] = {"data16", "addr32", "lock", "rep", "repz",
		"repnz", "cs", "ds", "es", "ss", "fs", "gs", "bnd", "notrack", "xacquire",
		"xrelease"};
	size_t n = strcspn(mn, " \t\n");

	if (mn[n] != '\0' && mn[n + strspn(mn + n, " \t\n")] != '\0')
		return false;	/* operands follow */
	if (strncmp(mn, "rex", 3) == 0)
		return true;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && strncmp(mn, names[i], n) == 0)
			return true;
	return false;
}

typedef struct {
	uint8_t b[16];
	int n;
	bool prefix, bad;
} oline_t;

/* Compare every instruction of one function's lines (a block objdump decoded in a row). */
static void
check_block(const char *file, oline_t *l, size_t n, size_t *ok, size_t *bad)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t buf[64];
		size_t got = 0, span = 0, j;
		const char *why = NULL;
		int len;

		if (l[i].bad)
			continue;
		for (j = i; j < n && got + l[j].n <= sizeof(buf); j++) {
			memcpy(buf + got, l[j].b, (size_t)l[j].n);
			got += (size_t)l[j].n;
		}
		len = dt_x86_insn_len(buf, got, &why);
		/* objdump shows fwait (9B) with the x87 instruction after it as one ("fstcw") */
		if (len == 1 && buf[0] == 0x9b && l[i].n > 1) {
			int rest = dt_x86_insn_len(buf + 1, got - 1, &why);

			len = rest < 0 ? rest : rest + 1;
		}
		/* a line of bare prefixes, then the instruction they belong to */
		for (j = i; j < n; j++) {
			span += (size_t)l[j].n;
			if (!l[j].prefix || (int)span >= len)
				break;
		}
		if (len < 0 || (size_t)len != span) {
			if (*bad < 10) {
				fprintf(stderr, "%s: objdump's %zu-byte instruction", file, span);
				for (size_t k = 0; k < span && k < 16; k++)
					fprintf(stderr, " %02x", buf[k]);
				fprintf(stderr, ": length %d%s%s\n", len, len < 0 ? ", " : "",
					len < 0 ? why : "");
			}
			(*bad)++;
		} else {
			(*ok)++;
		}
		i = j < n ? j : n;
	}
}

static void
check_file(const char *file, size_t *ok, size_t *bad)
{
	char cmd[512], *line = NULL;
	size_t cap = 0, n = 0, max = 0;
	oline_t *l = NULL;
	FILE *fp;

	snprintf(cmd, sizeof(cmd), "objdump -d -w --insn-width=16 '%s' 2>/dev/null", file);
	if (!(fp = popen(cmd, "r")))
		return;
	while (getline(&line, &cap, fp) > 0) {
		char *t1 = strchr(line, '\t'), *t2;
		unsigned long addr;

		/* "  addr:\tbytes\tmnemonic operands"; anything else ends a block */
		if (!t1 || sscanf(line, " %lx:", &addr) != 1 || !(t2 = strchr(t1 + 1, '\t'))) {
			check_block(file, l, n, ok, bad);
			n = 0;
			continue;
		}
		if (n == max) {
			max = max ? 2 * max : 1024;
			l = realloc(l, max * sizeof(*l));
			if (!l)
				abort();
		}
		*t2 = '\0';
		l[n].n = parse_hex(t1 + 1, l[n].b, 16);
		l[n].bad = strstr(t2 + 1, "(bad)") != NULL || l[n].n == 0;
		l[n].prefix = bare_prefix(t2 + 1);
		n++;
	}
	check_block(file, l, n, ok, bad);
	pclose(fp);
	free(line);
	free(l);
}

UNIT_TEST(x86_objdump)
{
	static const char *const files[] = {
		"/lib/x86_64-linux-gnu/libc.so.6", "/lib/x86_64-linux-gnu/libm.so.6",
		"/lib/x86_64-linux-gnu/libstdc++.so.6", "/usr/bin/python3.11",
	};
	size_t ok = 0, bad = 0;

	if (system("objdump --version >/dev/null 2>&1") != 0) {
		printf("# x86_objdump: no objdump, not compared\n");
		return;
	}
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (access(files[i], R_OK) == 0)
			check_file(files[i], &ok, &bad);
	printf("# x86_objdump: %zu instructions as objdump decodes them, %zu not\n", ok, bad);
	UNIT_EQ_INT(bad, 0);
	UNIT_TRUE(ok > 100000);
}

UNIT_MAIN()
