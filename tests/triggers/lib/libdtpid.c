/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * libdtpid.so: a shared library for the pid provider's tests (pidcalls links it, piddlopen
 * opens it): functions with known arguments and results.
 */
long dtpid_mul(long a, long b);
long dtpid_twice(long a);

__attribute__((noinline)) long
dtpid_mul(long a, long b)
{
	__asm__ volatile("" ::: "memory");
	return a * b;
}

__attribute__((noinline)) long
dtpid_twice(long a)
{
	return dtpid_mul(a, 2) + 0 * a;
}
