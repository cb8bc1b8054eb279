/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The provider of the test program myserv.c: dtrace -h makes its header, dtrace -G the object
 * it links with (tests/run/usdt_*.sh).
 */
provider myserv {
	probe query__start(char *, int);
	probe query__done(int, long) : (int, long);
	probe tick();
	probe bytes(unsigned char, short, unsigned int, long long);
};

#pragma D attributes Evolving/Evolving/ISA provider myserv provider
#pragma D attributes Evolving/Evolving/ISA provider myserv args
