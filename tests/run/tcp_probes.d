/*
 * Every tcp probe, on the netconn trigger's loopback TCP in its own network namespace: a
 * connection to port BASE (accepted, "ping" and "pong", closed by the client first) and
 * one to BASE + 1, refused. The trigger's ports follow from its pid; the arguments are
 * checked against each other and against what the trigger did.
 */
#pragma D option aggsortkey

inline int BASE = 10000 + 4 * ($target % 5000);

tcp:::connect-request
/args[4]->tcp_dport == BASE/
{
	printf("connect-request: %s -> %s flags %x, %s, lport is sport %d, cs_addr %d\n",
	    args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_flags,
	    tcp_state_string[args[3]->tcps_state], args[3]->tcps_lport == args[4]->tcp_sport,
	    args[1]->cs_addr == args[3]->tcps_addr && args[0]->pkt_addr != 0);
}

tcp:::connect-established
/args[4]->tcp_sport == BASE/
{
	printf("connect-established: %s -> %s, %s, dport is lport %d, no packet %d\n",
	    args[2]->ip_saddr, args[2]->ip_daddr, tcp_state_string[args[3]->tcps_state],
	    args[4]->tcp_dport == args[3]->tcps_lport, args[0]->pkt_addr == 0);
}

tcp:::accept-established
/args[4]->tcp_dport == BASE/
{
	printf("accept-established: %s -> %s, %s, lport %d rport is sport %d\n",
	    args[2]->ip_saddr, args[2]->ip_daddr, tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_lport - BASE, args[3]->tcps_rport == args[4]->tcp_sport);
}

tcp:::send
/args[4]->tcp_dport == BASE && args[2]->ip_plength - args[4]->tcp_offset == 4/
{
	printf("send: 4 bytes %s -> %s flags %x, %s, lport is sport %d, snxt is seq %d, "
	    "rnxt is ack %d, retransmit %d, mss %d cwnd %d\n",
	    args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_flags,
	    tcp_state_string[args[3]->tcps_state], args[3]->tcps_lport == args[4]->tcp_sport,
	    args[3]->tcps_snxt == args[4]->tcp_seq, args[3]->tcps_rnxt == args[4]->tcp_ack,
	    args[3]->tcps_retransmit, args[3]->tcps_mss > 0, args[3]->tcps_cwnd > 0);
}

tcp:::receive
/args[4]->tcp_sport == BASE && args[2]->ip_plength - args[4]->tcp_offset == 4/
{
	printf("receive: 4 bytes %s -> %s flags %x, no socket %d, lport is dport %d, rport %d, "
	    "laddr %s, state %d\n", args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_flags,
	    args[1]->cs_addr == 0 && args[3]->tcps_addr == 0,
	    args[3]->tcps_lport == args[4]->tcp_dport, args[3]->tcps_rport - BASE,
	    args[3]->tcps_laddr, args[3]->tcps_state);
}

tcp:::accept-refused
/args[4]->tcp_sport == BASE + 1/
{
	printf("accept-refused: %s -> %s flags %x, no connection %d\n", args[2]->ip_saddr,
	    args[2]->ip_daddr, args[4]->tcp_flags, args[3]->tcps_addr == 0);
}

tcp:::connect-refused
/args[4]->tcp_sport == BASE + 1/
{
	printf("connect-refused: %s -> %s, %s, rport %d\n", args[2]->ip_saddr,
	    args[2]->ip_daddr, tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_rport - BASE);
}

tcp:::state-change
/args[3]->tcps_lport == BASE || args[3]->tcps_rport == BASE/
{
	@conn[tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]] =
	    count();
}

tcp:::state-change
/args[3]->tcps_rport == BASE + 1/
{
	@refused[tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]] =
	    count();
}

END
{
	printf("state-change, the connection:\n");
	printa("  %s -> %s %@d\n", @conn);
	printf("state-change, the refused one:\n");
	printa("  %s -> %s %@d\n", @refused);
}
