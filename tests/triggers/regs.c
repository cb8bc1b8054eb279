/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * regs [print]: make one getppid(2) system call with known register contents, then (with an
 * argument) print where it was made from, for the uregs[] and ucaller tests:
 *
 *   pc=ADDR sp=ADDR fp=ADDR ret=ADDR fs=ADDR
 *
 * The call is the syscall instruction itself (no C library wrapper), with rdi, rsi, rdx,
 * r10, r8, r9 = 0x11, 0x22, 0x33, 0x44, 0x55, 0x66. pc is the address after the syscall
 * instruction (the user rip the kernel saves), sp the stack pointer at the call, fp the
 * frame pointer of the function that makes it and ret that function's return address (the
 * second frame of the user stack, ucaller), fs the thread's fs base.
 */
#include <asm/prctl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static void __attribute__((noinline, optimize("no-omit-frame-pointer")))
call(int print)
{
	register long r10 __asm__("r10") = 0x44;
	register long r8 __asm__("r8") = 0x55;
	register long r9 __asm__("r9") = 0x66;
	unsigned long fs = 0;
	void *pc, *sp;
	long ret;

	__asm__ volatile("lea 1f(%%rip), %1\n\t"
			 "mov %%rsp, %2\n\t"
			 "syscall\n"
			 "1:"
			 : "=a"(ret), "=&r"(pc), "=&r"(sp)
			 : "0"((long)SYS_getppid), "D"(0x11L), "S"(0x22L), "d"(0x33L), "r"(r10),
			   "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory");
	if (!print)
		return;
	syscall(SYS_arch_prctl, ARCH_GET_FS, &fs);
	printf("pc=%p sp=%p fp=%p ret=%p fs=%#lx\n", pc, sp, __builtin_frame_address(0),
	       __builtin_return_address(0), fs);
	(void)ret;
}

int
main(int argc, char **argv)
{
	(void)argv;
	call(argc > 1);
	return 0;
}
