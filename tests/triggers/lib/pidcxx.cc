/* SPDX-License-Identifier: GPL-2.0-only */
// pidcxx N: C++ functions for the pid provider (mangled names) and ustack() (demangled):
// main -> dtcxx::Widget::poke(int) -> dtcxx::helper(long), N times (argv[1], default 1).
#include <cstdlib>

namespace dtcxx {
volatile long sink;

__attribute__((noinline)) long
helper(long v)
{
	sink = v;
	return v + 1;
}

struct Widget {
	long base;
	__attribute__((noinline)) long poke(int k);
};

long
Widget::poke(int k)
{
	long r = helper(base + k);

	sink = r;
	return r;
}
}	// namespace dtcxx

int
main(int argc, char **argv)
{
	long n = argc > 1 ? std::atol(argv[1]) : 1;
	dtcxx::Widget w{100};

	for (long i = 1; i <= n; i++)
		dtcxx::sink = w.poke((int)i);
	return 0;
}
