/*
 * ip:::send and ip:::receive, on the netconn trigger's loopback traffic in its own network
 * namespace (the one it is in when it makes its first socket): the UDP datagrams it sends,
 * "data" over IPv4 and "data6" over IPv6, each seen going out and coming in on lo, with
 * every argument's members checked.
 */
int seen4[string], seen6[string];

syscall::socket:entry
/pid == $target/
{
	netns = (uint64_t)curthread->nsproxy->net_ns;
}

ip:::send, ip:::receive
/netns && args[3]->if_ipstack == netns && args[2]->ip_ver == 4 &&
 args[4]->ipv4_protocol == IPPROTO_UDP && !seen4[probename]/
{
	seen4[probename] = 1;
	printf("%s v%d %s -> %s plength %d, if %s local %d, skb %d, socket %d\n", probename,
	    args[2]->ip_ver, args[2]->ip_saddr, args[2]->ip_daddr, args[2]->ip_plength,
	    args[3]->if_name, args[3]->if_local, args[0]->pkt_addr != 0, args[1]->cs_addr != 0);
	printf("  ipv4: ver %d ihl %d tos %d length %d offset %d ttl %d protocol %d %s, "
	    "checksum %d, %x -> %x, %s -> %s, hdr %d, no ipv6 %d\n", args[4]->ipv4_ver,
	    args[4]->ipv4_ihl, args[4]->ipv4_tos, args[4]->ipv4_length, args[4]->ipv4_offset,
	    args[4]->ipv4_ttl, args[4]->ipv4_protocol, args[4]->ipv4_protostr,
	    args[4]->ipv4_checksum != 0, args[4]->ipv4_src, args[4]->ipv4_dst,
	    args[4]->ipv4_saddr, args[4]->ipv4_daddr, args[4]->ipv4_hdr == arg2,
	    args[5]->ipv6_ver == 0 && args[5]->ipv6_nextstr == "<null>");
}

ip:::send, ip:::receive
/netns && args[3]->if_ipstack == netns && args[2]->ip_ver == 6 &&
 args[5]->ipv6_nexthdr == IPPROTO_UDP && !seen6[probename]/
{
	seen6[probename] = 1;
	printf("%s v%d %s -> %s plength %d, if %s\n", probename, args[2]->ip_ver,
	    args[2]->ip_saddr, args[2]->ip_daddr, args[2]->ip_plength, args[3]->if_name);
	printf("  ipv6: ver %d tclass %d plen %d nexthdr %d %s hlim %d, %s -> %s, "
	    "src %s, hdr %d, no ipv4 %d\n", args[5]->ipv6_ver, args[5]->ipv6_tclass,
	    args[5]->ipv6_plen, args[5]->ipv6_nexthdr, args[5]->ipv6_nextstr,
	    args[5]->ipv6_hlim, args[5]->ipv6_saddr, args[5]->ipv6_daddr,
	    inet_ntoa6(args[5]->ipv6_src), args[5]->ipv6_hdr == arg2,
	    args[4]->ipv4_ver == 0 && args[4]->ipv4_protostr == "<null>");
}
