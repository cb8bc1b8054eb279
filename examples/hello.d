#!/usr/sbin/dtrace -qs
/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hello.d: the smallest D program. BEGIN fires once when tracing starts.
 *
 *   dtrace -qs examples/hello.d      or, once installed:   ./examples/hello.d
 */

BEGIN
{
	printf("hello, world\n");
	exit(0);
}
