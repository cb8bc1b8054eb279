/*
 * tcp probes over IPv6: the netconn trigger's connection to [::1]:BASE+3 (its own network
 * namespace; the port follows from its pid), with the addresses as inet_ntoa6 writes them.
 */
inline int PORT = 10000 + 4 * ($target % 5000) + 3;

tcp:::connect-request
/args[4]->tcp_dport == PORT/
{
	printf("connect-request: v%d %s -> %s, %s, local %d\n", args[2]->ip_ver,
	    args[2]->ip_saddr, args[2]->ip_daddr, tcp_state_string[args[3]->tcps_state],
	    args[3]->tcps_local);
}

tcp:::accept-established
/args[3]->tcps_lport == PORT/
{
	printf("accept-established: v%d %s -> %s, laddr %s raddr %s\n", args[2]->ip_ver,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[3]->tcps_laddr, args[3]->tcps_raddr);
}

tcp:::send
/args[4]->tcp_dport == PORT && args[2]->ip_plength - args[4]->tcp_offset == 4/
{
	printf("send: 4 bytes v%d %s -> %s\n", args[2]->ip_ver, args[2]->ip_saddr,
	    args[2]->ip_daddr);
}

tcp:::receive
/args[4]->tcp_dport == PORT && args[2]->ip_plength - args[4]->tcp_offset == 4/
{
	printf("receive: 4 bytes v%d %s -> %s, laddr %s\n", args[2]->ip_ver, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[3]->tcps_laddr);
}
