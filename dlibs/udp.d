/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * udp.d: the udp provider's argument types (src/providers/dt_prov_net.c), translated from
 * the kernel's UDP header, as Oracle's DTrace for Linux defines them:
 *   args[0] pktinfo_t *	the datagram (struct sk_buff *)
 *   args[1] csinfo_t *		its socket (struct sock *, NULL when not known)
 *   args[2] ipinfo_t *		its IP header (void_ip_t *)
 *   args[3] udpsinfo_t *	the UDP socket (struct udp_sock *, NULL when not known)
 *   args[4] udpinfo_t *	the UDP header (struct udphdr *)
 * udpsinfo_t's addresses and ports come from the headers (arg2, arg4), seen from this
 * host: the source is local for what udp:::send sends, the destination for what
 * udp:::receive receives, so they are right with or without the socket.
 */

typedef struct udpinfo {
	uint16_t udp_sport;		/* source port */
	uint16_t udp_dport;		/* destination port */
	uint16_t udp_length;		/* length, header included */
	uint16_t udp_checksum;		/* checksum */
	struct udphdr *udp_hdr;		/* the header */
} udpinfo_t;

typedef struct udpsinfo {
	uintptr_t udps_addr;		/* the struct udp_sock */
	uint16_t udps_lport;		/* local port */
	uint16_t udps_rport;		/* remote port */
	string udps_laddr;		/* local address */
	string udps_raddr;		/* remote address */
} udpsinfo_t;

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U ? ntohs(U->source) : 0;
	udp_dport = U ? ntohs(U->dest) : 0;
	udp_length = U ? ntohs(U->len) : 0;
	udp_checksum = U ? ntohs(U->check) : 0;
	udp_hdr = U;
};

translator udpsinfo_t < struct udp_sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = !arg4 ? 0 : probename == "send" ? ntohs(((struct udphdr *)arg4)->source) :
	    ntohs(((struct udphdr *)arg4)->dest);
	udps_rport = !arg4 ? 0 : probename == "send" ? ntohs(((struct udphdr *)arg4)->dest) :
	    ntohs(((struct udphdr *)arg4)->source);
	udps_laddr = arg2 && *(uint8_t *)arg2 >> 4 == 4 ? inet_ntoa(probename == "send" ?
	    &((struct iphdr *)arg2)->saddr : &((struct iphdr *)arg2)->daddr) :
	    arg2 && *(uint8_t *)arg2 >> 4 == 6 ? inet_ntoa6(probename == "send" ?
	    &((struct ipv6hdr *)arg2)->saddr : &((struct ipv6hdr *)arg2)->daddr) :
	    "<unknown>";
	udps_raddr = arg2 && *(uint8_t *)arg2 >> 4 == 4 ? inet_ntoa(probename == "send" ?
	    &((struct iphdr *)arg2)->daddr : &((struct iphdr *)arg2)->saddr) :
	    arg2 && *(uint8_t *)arg2 >> 4 == 6 ? inet_ntoa6(probename == "send" ?
	    &((struct ipv6hdr *)arg2)->daddr : &((struct ipv6hdr *)arg2)->saddr) :
	    "<unknown>";
};
