/*
 * udp:::send and udp:::receive, on the netconn trigger's datagrams in its own network
 * namespace: "data" to 127.0.0.1:BASE+2 and "data6" to [::1]:BASE+3 (the ports follow
 * from the trigger's pid), each seen sent and received, with the arguments checked.
 */
inline int BASE = 10000 + 4 * ($target % 5000);

udp:::send, udp:::receive
/args[4]->udp_dport == BASE + 2 || args[4]->udp_dport == BASE + 3/
{
	printf("%s v%d %s -> %s port %d, length %d, socket %d, skb %d\n", probename,
	    args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr, args[4]->udp_dport - BASE,
	    args[4]->udp_length, args[1]->cs_addr != 0 && args[3]->udps_addr == args[1]->cs_addr,
	    args[0]->pkt_addr != 0);
	printf("  local %s:%s remote %s:%s, hdr %d\n", args[3]->udps_laddr,
	    args[3]->udps_lport == args[4]->udp_dport ? "dport" :
	    args[3]->udps_lport == args[4]->udp_sport ? "sport" : "?",
	    args[3]->udps_raddr,
	    args[3]->udps_rport == args[4]->udp_dport ? "dport" :
	    args[3]->udps_rport == args[4]->udp_sport ? "sport" : "?",
	    (uintptr_t)args[4]->udp_hdr == arg4);
}
