#!/usr/sbin/dtrace -qs
/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tcpconnect.d: outbound TCP connections: who connects where, and how it ends: established
 * (with the time the handshake took) or refused.
 *
 *   dtrace -qs examples/tcpconnect.d
 *
 * tcp:::connect-request fires as the SYN leaves, in the connecting thread; the answer comes
 * in softirq context, so the connection is found again by its socket (args[1]->cs_addr).
 */

BEGIN
{
	printf("%-6s %-16s %-15s %-15s %5s %-11s %s\n", "PID", "COMM", "SADDR", "DADDR",
	    "DPORT", "RESULT", "LAT(us)");
}

tcp:::connect-request
{
	start[args[1]->cs_addr] = timestamp;
	who[args[1]->cs_addr] = pid;
	comm[args[1]->cs_addr] = execname;
}

tcp:::connect-established, tcp:::connect-refused
/start[args[1]->cs_addr]/
{
	this->s = args[1]->cs_addr;
	printf("%-6d %-16s %-15s %-15s %5d %-11s %d\n", who[this->s], comm[this->s],
	    args[3]->tcps_laddr, args[3]->tcps_raddr, args[3]->tcps_rport,
	    probename == "connect-established" ? "established" : "refused",
	    (timestamp - start[this->s]) / 1000);
	start[this->s] = 0;
	who[this->s] = 0;
	comm[this->s] = 0;
}
