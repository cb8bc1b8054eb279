/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libdtusdt.so: a shared library with USDT probes, for a process to dlopen (piddlopen opens
 * it and calls its dtpid_mul(i, 5)): the usdt provider must find the probes of a library
 * loaded after the start. Its SystemTap SDT notes are written here by hand (no sys/sdt.h on
 * the build hosts): a note per probe site in .note.stapsdt, holding the site's address (a
 * nop), the .stapsdt.base address, no semaphore, the provider, the name and the argument
 * specs, the operands as the compiler placed them ("8@%rdi", "-8@16(%rsp)").
 *
 *   dtlib:::mul     at the call, args (a, b), in registers
 *   dtlib:::done    after it, arg0 the product, in memory
 */
long dtpid_mul(long a, long b);

/* A probe site: a nop, and its note (type 3, owner "stapsdt"). */
#define DTLIB_SITE(name, specs, ...)                                                       \
	__asm__ volatile("990: nop\n"                                                        \
			 ".pushsection .note.stapsdt, \"\", \"note\"\n"                      \
			 ".balign 4\n"                                                       \
			 ".4byte 992f - 991f, 994f - 993f, 3\n"                              \
			 "991: .asciz \"stapsdt\"\n"                                         \
			 "992: .balign 4\n"                                                  \
			 "993: .8byte 990b, _.stapsdt.base, 0\n"                             \
			 ".asciz \"dtlib\"\n"                                                \
			 ".asciz \"" name "\"\n"                                             \
			 ".asciz \"" specs "\"\n"                                            \
			 "994: .balign 4\n"                                                  \
			 ".popsection\n"                                                     \
			 ".ifndef _.stapsdt.base\n"                                          \
			 ".pushsection .stapsdt.base, \"aG\", \"progbits\", .stapsdt.base, " \
			 "comdat\n"                                                          \
			 ".weak _.stapsdt.base\n"                                            \
			 ".hidden _.stapsdt.base\n"                                          \
			 "_.stapsdt.base: .space 1\n"                                        \
			 ".size _.stapsdt.base, 1\n"                                         \
			 ".popsection\n"                                                     \
			 ".endif\n" ::__VA_ARGS__)

__attribute__((noinline)) long
dtpid_mul(long a, long b)
{
	long r;

	DTLIB_SITE("mul", "-8@%[a] -8@%[b]", [a] "r"(a), [b] "r"(b));
	r = a * b;
	DTLIB_SITE("done", "-8@%[r]", [r] "m"(r));
	return r;
}
