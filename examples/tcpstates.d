#!/usr/sbin/dtrace -qs
/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tcpstates.d: every TCP state change, with the connection's addresses and ports and how
 * long it spent in the state it leaves (in microseconds; "-" when it was not seen entering).
 *
 *   dtrace -qs examples/tcpstates.d
 */

uint64_t since[uintptr_t];

BEGIN
{
	printf("%-21s %-21s %-18s -> %-18s %s\n", "LOCAL", "REMOTE", "OLD", "NEW", "TIME(us)");
}

tcp:::state-change
{
	this->s = args[1]->cs_addr;
	printf("%15s:%-5d %15s:%-5d %-18s -> %-18s %s\n", args[3]->tcps_laddr,
	    args[3]->tcps_lport, args[3]->tcps_raddr, args[3]->tcps_rport,
	    tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state],
	    since[this->s] ? lltostr((timestamp - since[this->s]) / 1000) : "-");
	since[this->s] = args[3]->tcps_state == TCP_STATE_CLOSED ? 0 : timestamp;
}
