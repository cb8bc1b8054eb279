/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tcp.d: the tcp provider's argument types (src/providers/dt_prov_net.c), translated from
 * the kernel's TCP socket and header, as Oracle's DTrace for Linux defines them:
 *   args[0] pktinfo_t *	the segment (struct sk_buff *, NULL when there is none)
 *   args[1] csinfo_t *		its socket (struct sock *, NULL when not known)
 *   args[2] ipinfo_t *		its IP header (NULL: from the socket, arg3)
 *   args[3] tcpsinfo_t *	the TCP socket (struct tcp_sock *, NULL when not known)
 *   args[4] tcpinfo_t *	the TCP header (NULL: ports from the socket)
 *   args[5] tcplsinfo_t *	state-change: the state before
 * and, under them, arg6 the socket's state as a TCP_STATE_* value and arg7 which way the
 * segment goes (NET_PROBE_OUTBOUND or NET_PROBE_INBOUND, ip.d): where the provider has
 * only one of the socket and the headers, the translators take the other's values from it.
 */

/* tcp_flags */
inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

/* tcps_state: the kernel's TCP_* state numbers, with 0 for a socket not yet used */
inline int TCP_STATE_IDLE = 0x00;
inline int TCP_STATE_ESTABLISHED = 0x01;
inline int TCP_STATE_SYN_SENT = 0x02;
inline int TCP_STATE_SYN_RECEIVED = 0x03;
inline int TCP_STATE_FIN_WAIT_1 = 0x04;
inline int TCP_STATE_FIN_WAIT_2 = 0x05;
inline int TCP_STATE_TIME_WAIT = 0x06;
inline int TCP_STATE_CLOSED = 0x07;
inline int TCP_STATE_CLOSE_WAIT = 0x08;
inline int TCP_STATE_LAST_ACK = 0x09;
inline int TCP_STATE_LISTEN = 0x0a;
inline int TCP_STATE_CLOSING = 0x0b;

/* A state's name, as DTrace's scripts print it. */
inline string tcp_state_string[int state] =
    state == TCP_STATE_CLOSED ? "state-closed" :
    state == TCP_STATE_IDLE ? "state-idle" :
    state == TCP_STATE_LISTEN ? "state-listen" :
    state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
    state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
    state == TCP_STATE_ESTABLISHED ? "state-established" :
    state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
    state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
    state == TCP_STATE_CLOSING ? "state-closing" :
    state == TCP_STATE_LAST_ACK ? "state-last-ack" :
    state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
    state == TCP_STATE_TIME_WAIT ? "state-time-wait" : "<unknown>";

typedef struct tcpinfo {
	uint16_t tcp_sport;		/* source port */
	uint16_t tcp_dport;		/* destination port */
	uint32_t tcp_seq;		/* sequence number */
	uint32_t tcp_ack;		/* acknowledgment number */
	uint8_t tcp_offset;		/* data offset, bytes */
	uint8_t tcp_flags;		/* TH_* */
	uint16_t tcp_window;		/* window */
	uint16_t tcp_checksum;		/* checksum */
	uint16_t tcp_urgent;		/* urgent pointer */
	uintptr_t tcp_hdr;		/* the header */
} tcpinfo_t;

typedef struct tcpsinfo {
	uintptr_t tcps_addr;		/* the struct tcp_sock */
	int tcps_local;			/* both ends on this host */
	uint16_t tcps_lport;		/* local port */
	uint16_t tcps_rport;		/* remote port */
	string tcps_laddr;		/* local address */
	string tcps_raddr;		/* remote address */
	int tcps_state;			/* TCP_STATE_* */
	uint32_t tcps_iss;		/* initial sequence number sent */
	uint32_t tcps_suna;		/* sent, not yet acknowledged */
	uint32_t tcps_snxt;		/* next to send */
	uint32_t tcps_rnxt;		/* next expected */
	uint32_t tcps_swnd;		/* send window */
	int32_t tcps_snd_ws;		/* send window scale */
	uint32_t tcps_rwnd;		/* receive window */
	int32_t tcps_rcv_ws;		/* receive window scale */
	uint32_t tcps_cwnd;		/* congestion window */
	uint32_t tcps_cwnd_ssthresh;	/* slow-start threshold */
	uint32_t tcps_sack_snxt;	/* next SACK sequence number to retransmit */
	uint32_t tcps_rto;		/* retransmit timeout */
	uint32_t tcps_mss;		/* maximum segment size */
	int tcps_retransmit;		/* this segment is a retransmission */
	uint32_t tcps_rtt;		/* smoothed round-trip time, ms */
	uint32_t tcps_rtt_sd;		/* its deviation, ms */
	uint32_t tcps_irs;		/* initial sequence number received */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int tcps_state;			/* the state before */
} tcplsinfo_t;

/*
 * A socket's local port: the one it sends from, which stays when a closed socket gives its
 * bound port (skc_num) back; skc_num before the socket has sent (a listener).
 */
inline uint16_t __tcp_lport[struct sock *S] = ((struct inet_sock *)S)->inet_sport ?
    ntohs(((struct inet_sock *)S)->inet_sport) : S->__sk_common.skc_num;

/* a TCP header, or NULL where the provider has only the socket (arg3) */
typedef void *__dtrace_tcp_void_tcp_t;

translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = T ? ntohs(T->source) : 0;
	tcp_dport = T ? ntohs(T->dest) : 0;
	tcp_seq = T ? ntohl(T->seq) : 0;
	tcp_ack = T ? ntohl(T->ack_seq) : 0;
	tcp_offset = T ? (*((uint8_t *)T + 12) & 0xf0) >> 2 : 0;
	tcp_flags = T ? *((uint8_t *)T + 13) : 0;
	tcp_window = T ? ntohs(T->window) : 0;
	tcp_checksum = T ? ntohs(T->check) : 0;
	tcp_urgent = T ? ntohs(T->urg_ptr) : 0;
	tcp_hdr = (uintptr_t)T;
};

/*
 * With no header, the ports are the socket's (arg3): its local port is the source of
 * what goes out (arg7) and the destination of what comes in.
 */
translator tcpinfo_t < __dtrace_tcp_void_tcp_t *T > {
	tcp_sport = T ? ntohs(((struct tcphdr *)T)->source) : !arg3 ? 0 :
	    arg7 == NET_PROBE_INBOUND ? ntohs(((struct sock *)arg3)->__sk_common.skc_dport) :
	    __tcp_lport[(struct sock *)arg3];
	tcp_dport = T ? ntohs(((struct tcphdr *)T)->dest) : !arg3 ? 0 :
	    arg7 == NET_PROBE_INBOUND ? __tcp_lport[(struct sock *)arg3] :
	    ntohs(((struct sock *)arg3)->__sk_common.skc_dport);
	tcp_seq = T ? ntohl(((struct tcphdr *)T)->seq) : 0;
	tcp_ack = T ? ntohl(((struct tcphdr *)T)->ack_seq) : 0;
	tcp_offset = T ? (*((uint8_t *)T + 12) & 0xf0) >> 2 : 0;
	tcp_flags = T ? *((uint8_t *)T + 13) : 0;
	tcp_window = T ? ntohs(((struct tcphdr *)T)->window) : 0;
	tcp_checksum = T ? ntohs(((struct tcphdr *)T)->check) : 0;
	tcp_urgent = T ? ntohs(((struct tcphdr *)T)->urg_ptr) : 0;
	tcp_hdr = (uintptr_t)T;
};

/*
 * From the socket; where there is none (a segment the device layer receives, before the
 * stack has looked its socket up), the addresses and ports are the headers' (arg2, arg4)
 * seen from this host: the destination is local for what comes in (arg7). tcps_state is
 * arg6: the provider gives the state a probe is about (the new one at a state change).
 * A segment going out is a retransmission when it starts before snd_nxt: the device layer
 * sees it before the socket advances snd_nxt past a new one.
 */
translator tcpsinfo_t < struct tcp_sock *T > {
	tcps_addr = (uintptr_t)T;
	tcps_local = !T ? 0 :
	    ((struct sock *)T)->__sk_common.skc_family == AF_INET ?
	    ((struct sock *)T)->__sk_common.skc_rcv_saddr ==
	    ((struct sock *)T)->__sk_common.skc_daddr :
	    ((struct sock *)T)->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[0] ==
	    ((struct sock *)T)->__sk_common.skc_v6_daddr.in6_u.u6_addr32[0] &&
	    ((struct sock *)T)->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[1] ==
	    ((struct sock *)T)->__sk_common.skc_v6_daddr.in6_u.u6_addr32[1] &&
	    ((struct sock *)T)->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[2] ==
	    ((struct sock *)T)->__sk_common.skc_v6_daddr.in6_u.u6_addr32[2] &&
	    ((struct sock *)T)->__sk_common.skc_v6_rcv_saddr.in6_u.u6_addr32[3] ==
	    ((struct sock *)T)->__sk_common.skc_v6_daddr.in6_u.u6_addr32[3];
	tcps_lport = T ? __tcp_lport[(struct sock *)T] :
	    !arg4 ? 0 : ntohs(arg7 == NET_PROBE_INBOUND ?
	    ((struct tcphdr *)arg4)->dest : ((struct tcphdr *)arg4)->source);
	tcps_rport = T ? ntohs(((struct sock *)T)->__sk_common.skc_dport) :
	    !arg4 ? 0 : ntohs(arg7 == NET_PROBE_INBOUND ?
	    ((struct tcphdr *)arg4)->source : ((struct tcphdr *)arg4)->dest);
	tcps_laddr =
	    T && ((struct sock *)T)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&((struct sock *)T)->__sk_common.skc_rcv_saddr) :
	    T && ((struct sock *)T)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&((struct sock *)T)->__sk_common.skc_v6_rcv_saddr) :
	    arg2 && *(uint8_t *)arg2 >> 4 == 4 ? inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct iphdr *)arg2)->daddr : &((struct iphdr *)arg2)->saddr) :
	    arg2 && *(uint8_t *)arg2 >> 4 == 6 ? inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->daddr : &((struct ipv6hdr *)arg2)->saddr) :
	    "<unknown>";
	tcps_raddr =
	    T && ((struct sock *)T)->__sk_common.skc_family == AF_INET ?
	    inet_ntoa(&((struct sock *)T)->__sk_common.skc_daddr) :
	    T && ((struct sock *)T)->__sk_common.skc_family == AF_INET6 ?
	    inet_ntoa6(&((struct sock *)T)->__sk_common.skc_v6_daddr) :
	    arg2 && *(uint8_t *)arg2 >> 4 == 4 ? inet_ntoa(arg7 == NET_PROBE_INBOUND ?
	    &((struct iphdr *)arg2)->saddr : &((struct iphdr *)arg2)->daddr) :
	    arg2 && *(uint8_t *)arg2 >> 4 == 6 ? inet_ntoa6(arg7 == NET_PROBE_INBOUND ?
	    &((struct ipv6hdr *)arg2)->saddr : &((struct ipv6hdr *)arg2)->daddr) :
	    "<unknown>";
	tcps_state = arg6;
	tcps_iss = T ? T->snd_una - (uint32_t)T->bytes_acked : 0;
	tcps_suna = T ? T->snd_una : 0;
	tcps_snxt = T ? T->snd_nxt : 0;
	tcps_rnxt = T ? T->rcv_nxt : 0;
	tcps_swnd = T ? T->snd_wnd : 0;
	tcps_snd_ws = T ? T->rx_opt.snd_wscale : 0;
	tcps_rwnd = T ? T->rcv_wnd : 0;
	tcps_rcv_ws = T ? T->rx_opt.rcv_wscale : 0;
	tcps_cwnd = T ? T->snd_cwnd : 0;
	tcps_cwnd_ssthresh = T ? T->snd_ssthresh : 0;
	tcps_sack_snxt = !T ? 0 : T->sacked_out == 0 ? T->snd_una :
	    T->highest_sack == NULL ? T->snd_nxt :
	    ((struct tcp_skb_cb *)&T->highest_sack->cb[0])->seq;
	tcps_rto = T ? T->inet_conn.icsk_rto : 0;
	tcps_mss = T ? T->mss_cache : 0;
	tcps_retransmit = T && arg4 && arg7 == NET_PROBE_OUTBOUND ?
	    (int32_t)(ntohl(((struct tcphdr *)arg4)->seq) - T->snd_nxt) < 0 : 0;
	tcps_rtt = T ? (T->srtt_us >> 3) / 1000 : 0;
	tcps_rtt_sd = T ? (T->mdev_us >> 2) / 1000 : 0;
	tcps_irs = T && T->bytes_received > 0 ? T->rcv_nxt - (uint32_t)T->bytes_received : 0;
};

translator tcplsinfo_t < int I > {
	tcps_state = I;
};
