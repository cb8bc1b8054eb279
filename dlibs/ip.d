/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ip.d: the address types DTrace's network subroutines and scripts name, and the ip
 * provider's argument types (src/providers/dt_prov_net.c), translated from the kernel's
 * socket buffer, socket, IP headers and network device. in6_addr_t has the kernel's layout
 * of struct in6_addr (a D definition, so naming it reads no BTF).
 *
 * ip:::send and ip:::receive give, as Oracle's DTrace for Linux does:
 *   args[0] pktinfo_t *	the packet (struct sk_buff *)
 *   args[1] csinfo_t *		its socket (struct sock *, NULL when not known)
 *   args[2] ipinfo_t *		its IP header, version 4 or 6 (void_ip_t *)
 *   args[3] ifinfo_t *		the network device (struct net_device *)
 *   args[4] ipv4info_t *	the IPv4 header (struct iphdr *, NULL for IPv6)
 *   args[5] ipv6info_t *	the IPv6 header (struct ipv6hdr *, NULL for IPv4)
 * The tcp and udp providers share args[0] to args[2] (tcp.d, udp.d). A translator's
 * members are read only where a program uses them, so none of this reads kernel types
 * until then.
 */

typedef uint32_t ipaddr_t;

typedef struct in6_addr {
	union {
		uint8_t u6_addr8[16];
		uint16_t u6_addr16[8];
		uint32_t u6_addr32[4];
	} in6_u;
} in6_addr_t;

/* address families, for inet_ntop() */
inline int AF_INET = 2;
inline int AF_INET6 = 10;

/* link types, for link_ntop() */
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;

/* IP protocol numbers (ipv4_protocol, ipv6_nexthdr) */
inline int IPPROTO_IP = 0;
inline int IPPROTO_HOPOPTS = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_PUP = 12;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IDP = 22;
inline int IPPROTO_TP = 29;
inline int IPPROTO_DCCP = 33;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_RSVP = 46;
inline int IPPROTO_GRE = 47;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_MTP = 92;
inline int IPPROTO_BEETPH = 94;
inline int IPPROTO_ENCAP = 98;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_COMP = 108;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_MH = 135;
inline int IPPROTO_UDPLITE = 136;
inline int IPPROTO_RAW = 255;
inline int IPPROTO_MAX = 256;

inline int TCP_MIN_HEADER_LENGTH = 20;

/* which way a packet goes: tcp.d's translators read it from arg7 */
inline int NET_PROBE_OUTBOUND = 0x00;
inline int NET_PROBE_INBOUND = 0x01;

/* the network namespace (Solaris' IP stack instance) */
typedef uint64_t netstackid_t;

/* an IPv4 or an IPv6 header: its first 4 bits say which */
typedef uintptr_t void_ip_t;
/* the same, or NULL where tcp:::state-change and others have only the socket (arg3) */
typedef void *__dtrace_tcp_void_ip_t;

typedef struct pktinfo {
	uintptr_t pkt_addr;		/* the struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;		/* the struct sock (0: not known) */
	uint64_t cs_cid;		/* connection id: the socket's address */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;			/* 4 or 6 */
	uint32_t ip_plength;		/* payload length */
	string ip_saddr;		/* source address */
	string ip_daddr;		/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	string if_name;			/* interface name */
	int8_t if_local;		/* delivered locally (no device) */
	netstackid_t if_ipstack;	/* the device's network namespace */
	uintptr_t if_addr;		/* the struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;		/* 4 */
	uint8_t ipv4_ihl;		/* header length, bytes */
	uint8_t ipv4_tos;		/* type of service */
	uint16_t ipv4_length;		/* total length */
	uint16_t ipv4_ident;		/* identification */
	uint8_t ipv4_flags;		/* flags */
	uint16_t ipv4_offset;		/* fragment offset */
	uint8_t ipv4_ttl;		/* time to live */
	uint8_t ipv4_protocol;		/* next protocol */
	string ipv4_protostr;		/* next protocol, as text */
	uint16_t ipv4_checksum;		/* header checksum */
	ipaddr_t ipv4_src;		/* source address */
	ipaddr_t ipv4_dst;		/* destination address */
	string ipv4_saddr;		/* source address, as text */
	string ipv4_daddr;		/* destination address, as text */
	struct iphdr *ipv4_hdr;		/* the header */
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;		/* 6 */
	uint8_t ipv6_tclass;		/* traffic class */
	uint32_t ipv6_flow;		/* flow label */
	uint16_t ipv6_plen;		/* payload length */
	uint8_t ipv6_nexthdr;		/* next header */
	string ipv6_nextstr;		/* next header, as text */
	uint8_t ipv6_hlim;		/* hop limit */
	in6_addr_t *ipv6_src;		/* source address */
	in6_addr_t *ipv6_dst;		/* destination address */
	string ipv6_saddr;		/* source address, as text */
	string ipv6_daddr;		/* destination address, as text */
	struct ipv6hdr *ipv6_hdr;	/* the header */
} ipv6info_t;

/* A protocol number as DTrace writes it. */
inline string __ip_protostr[int p] =
    p == IPPROTO_TCP ? "TCP" : p == IPPROTO_UDP ? "UDP" : p == IPPROTO_IP ? "IP" :
    p == IPPROTO_ICMP ? "ICMP" : p == IPPROTO_IGMP ? "IGMP" : p == IPPROTO_EGP ? "EGP" :
    p == IPPROTO_IPV6 ? "IPv6" : p == IPPROTO_ROUTING ? "ROUTE" : p == IPPROTO_ESP ? "ESP" :
    p == IPPROTO_AH ? "AH" : p == IPPROTO_ICMPV6 ? "ICMPv6" : p == IPPROTO_OSPF ? "OSPF" :
    p == IPPROTO_SCTP ? "SCTP" : p == IPPROTO_RAW ? "RAW" : lltostr(p);

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
};

translator ipinfo_t < struct iphdr *I > {
	ip_ver = 4;
	ip_plength = I ? ntohs(I->tot_len) - (I->ihl << 2) : 0;
	ip_saddr = I ? inet_ntoa(&I->saddr) : "<unknown>";
	ip_daddr = I ? inet_ntoa(&I->daddr) : "<unknown>";
};

translator ipinfo_t < struct ipv6hdr *I > {
	ip_ver = 6;
	ip_plength = I ? ntohs(I->payload_len) : 0;
	ip_saddr = I ? inet_ntoa6(&I->saddr) : "<unknown>";
	ip_daddr = I ? inet_ntoa6(&I->daddr) : "<unknown>";
};

translator ipinfo_t < void_ip_t *I > {
	ip_ver = I ? *(uint8_t *)I >> 4 : 0;
	ip_plength = !I ? 0 :
	    *(uint8_t *)I >> 4 == 4 ?
	    ntohs(((struct iphdr *)I)->tot_len) - ((*(uint8_t *)I & 0xf) << 2) :
	    *(uint8_t *)I >> 4 == 6 ? ntohs(((struct ipv6hdr *)I)->payload_len) : 0;
	ip_saddr = !I ? "<unknown>" :
	    *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->saddr) :
	    *(uint8_t *)I >> 4 == 6 ? inet_ntoa6(&((struct ipv6hdr *)I)->saddr) : "<unknown>";
	ip_daddr = !I ? "<unknown>" :
	    *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->daddr) :
	    *(uint8_t *)I >> 4 == 6 ? inet_ntoa6(&((struct ipv6hdr *)I)->daddr) : "<unknown>";
};

/*
 * Where the tcp provider has no IP header (state changes, a reset received), the addresses
 * are the socket's (arg3): its local one is the source of what goes out (arg7
 * NET_PROBE_OUTBOUND) and the destination of what comes in; with no segment, the payload
 * length is 0.
 */
translator ipinfo_t < __dtrace_tcp_void_ip_t *I > {
	ip_ver = I ? *(uint8_t *)I >> 4 :
	    arg3 && ((struct sock *)arg3)->__sk_common.skc_family == AF_INET ? 4 :
	    arg3 && ((struct sock *)arg3)->__sk_common.skc_family == AF_INET6 ? 6 : 0;
	ip_plength = I && *(uint8_t *)I >> 4 == 4 ?
	    ntohs(((struct iphdr *)I)->tot_len) - ((*(uint8_t *)I & 0xf) << 2) :
	    I && *(uint8_t *)I >> 4 == 6 ? ntohs(((struct ipv6hdr *)I)->payload_len) : 0;
	ip_saddr = I && *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->saddr) :
	    I && *(uint8_t *)I >> 4 == 6 ? inet_ntoa6(&((struct ipv6hdr *)I)->saddr) :
	    arg3 && ((struct sock *)arg3)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_daddr :
	    &((struct sock *)arg3)->__sk_common.skc_rcv_saddr) :
	    arg3 && ((struct sock *)arg3)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_v6_daddr :
	    &((struct sock *)arg3)->__sk_common.skc_v6_rcv_saddr) : "<unknown>";
	ip_daddr = I && *(uint8_t *)I >> 4 == 4 ? inet_ntoa(&((struct iphdr *)I)->daddr) :
	    I && *(uint8_t *)I >> 4 == 6 ? inet_ntoa6(&((struct ipv6hdr *)I)->daddr) :
	    arg3 && ((struct sock *)arg3)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_rcv_saddr :
	    &((struct sock *)arg3)->__sk_common.skc_daddr) :
	    arg3 && ((struct sock *)arg3)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct sock *)arg3)->__sk_common.skc_v6_rcv_saddr :
	    &((struct sock *)arg3)->__sk_common.skc_v6_daddr) : "<unknown>";
};

translator ifinfo_t < struct net_device *N > {
	if_name = N ? stringof(N->name) : "<unknown>";
	if_local = N == NULL;
	if_ipstack = N ? (uint64_t)N->nd_net.net : 0;
	if_addr = (uintptr_t)N;
};

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I ? 4 : 0;
	ipv4_ihl = I ? (*(uint8_t *)I & 0xf) << 2 : 0;
	ipv4_tos = I ? I->tos : 0;
	ipv4_length = I ? ntohs(I->tot_len) : 0;
	ipv4_ident = I ? ntohs(I->id) : 0;
	ipv4_flags = I ? ntohs(I->frag_off) >> 12 : 0;
	ipv4_offset = I ? ntohs(I->frag_off) & 0x0fff : 0;
	ipv4_ttl = I ? I->ttl : 0;
	ipv4_protocol = I ? I->protocol : 0;
	ipv4_protostr = I ? __ip_protostr[I->protocol] : "<null>";
	ipv4_checksum = I ? ntohs(I->check) : 0;
	ipv4_src = I ? I->saddr : 0;
	ipv4_dst = I ? I->daddr : 0;
	ipv4_saddr = I ? inet_ntoa(&I->saddr) : "<null>";
	ipv4_daddr = I ? inet_ntoa(&I->daddr) : "<null>";
	ipv4_hdr = I;
};

translator ipv6info_t < struct ipv6hdr *I > {
	ipv6_ver = I ? *(uint8_t *)I >> 4 : 0;
	ipv6_tclass = I ? (ntohl(*(uint32_t *)I) & 0x0fffffff) >> 20 : 0;
	ipv6_flow = I ? ntohl(*(uint32_t *)I) & 0x000fffff : 0;
	ipv6_plen = I ? ntohs(I->payload_len) : 0;
	ipv6_nexthdr = I ? I->nexthdr : 0;
	ipv6_nextstr = I ? __ip_protostr[I->nexthdr] : "<null>";
	ipv6_hlim = I ? I->hop_limit : 0;
	ipv6_src = I ? (in6_addr_t *)&I->saddr : NULL;
	ipv6_dst = I ? (in6_addr_t *)&I->daddr : NULL;
	ipv6_saddr = I ? inet_ntoa6(&I->saddr) : "<null>";
	ipv6_daddr = I ? inet_ntoa6(&I->daddr) : "<null>";
	ipv6_hdr = I;
};
