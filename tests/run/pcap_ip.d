/*
 * pcap(skb, proto) with no capture file prints the packet's first pcapsize bytes as
 * tracemem() does: here those of the netconn trigger's UDP datagram "data" at ip:::send on
 * lo: the link header (loopback's addresses are zeros, then type 0x0800), then the IPv4
 * header's first bytes (0x45: version 4, 5 words; no TOS; a total length of 32). A NULL skb
 * records nothing.
 */
#pragma D option quiet
#pragma D option pcapsize=18

syscall::socket:entry
/pid == $target/
{
	netns = (uint64_t)curthread->nsproxy->net_ns;
}

ip:::send
/netns && args[3]->if_ipstack == netns && args[2]->ip_ver == 4 &&
 args[4]->ipv4_protocol == IPPROTO_UDP && !seen++/
{
	printf("udp:");
	pcap((void *)args[0]->pkt_addr, PCAP_IP);
	printf("null:");
	pcap(NULL, PCAP_IP);
	printf("end\n");
}
