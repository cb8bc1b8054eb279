/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pidinsns N: calls pidinsns_line() N times (argv[1], default 1), then exits 0. For the pid
 * provider's instruction-offset probes: pidinsns_line is straight-line code of known bytes
 * (written as bytes, whatever the assembler would choose), so its instructions start at
 * known offsets: 0 4 5 8 12 19 1d 23 29 30 3a 3d 3e. pidinsns_odd, never called, holds an
 * opcode that is no instruction (0F 0A), so its offsets cannot be found.
 */
#include <stdlib.h>

long pidinsns_line(void);
void pidinsns_odd(void);

__asm__(".text\n"
	".globl pidinsns_line\n"
	".type pidinsns_line, @function\n"
	"pidinsns_line:\n"
	".byte 0xf3, 0x0f, 0x1e, 0xfa\n"		/* 0  endbr64 */
	".byte 0x55\n"					/* 4  push %rbp */
	".byte 0x48, 0x89, 0xe5\n"			/* 5  mov %rsp,%rbp */
	".byte 0x48, 0xb8, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11\n"
							/* 8  movabs $0x1122334455667788,%rax */
	".byte 0x48, 0x8d, 0x0d, 0x00, 0x00, 0x00, 0x00\n"	/* 12 lea 0x0(%rip),%rcx */
	".byte 0x8b, 0x54, 0x24, 0xf8\n"		/* 19 mov -0x8(%rsp),%edx */
	".byte 0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00\n"	/* 1d nopw 0x0(%rax,%rax,1) */
	".byte 0xf7, 0xc1, 0x00, 0x01, 0x00, 0x00\n"	/* 23 test $0x100,%ecx */
	".byte 0x48, 0xc7, 0xc2, 0xff, 0xff, 0xff, 0xff\n"	/* 29 mov $-1,%rdx */
	".byte 0x66, 0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00\n"
							/* 30 data16 nopw 0x0(%rax,%rax,1) */
	".byte 0x0f, 0xb6, 0xc0\n"			/* 3a movzbl %al,%eax */
	".byte 0x5d\n"					/* 3d pop %rbp */
	".byte 0xc3\n"					/* 3e ret */
	".size pidinsns_line, .-pidinsns_line\n"
	".globl pidinsns_odd\n"
	".type pidinsns_odd, @function\n"
	"pidinsns_odd:\n"
	".byte 0x90\n"					/* 0  nop */
	".byte 0x0f, 0x0a\n"				/* 1  (no instruction) */
	".byte 0xc3\n"
	".size pidinsns_odd, .-pidinsns_odd\n");

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	volatile long sink = 0;

	for (long i = 0; i < n; i++)
		sink += pidinsns_line();
	return sink == 0x88 * n ? 0 : 1;
}
