/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_net.c: the ip, tcp and udp providers, on the kernel's network tracepoints.
 *
 * Their probes and arguments are Oracle's DTrace for Linux's (dlibs/ip.d, tcp.d, udp.d say
 * what each args[] is and hold the translators); where they fire is this kernel's stable
 * tracepoints, raw (the tracepoint's own arguments: the socket buffer, the socket):
 *
 *   probe                     tracepoint          when
 *   ip:::send                 net_dev_queue       an IPv4 or IPv6 packet goes to a device
 *   ip:::receive              netif_receive_skb   one comes from a device
 *   tcp:::send, udp:::send    net_dev_queue       ... carrying TCP (UDP)
 *   tcp:::receive, udp:::...  netif_receive_skb   ... carrying TCP (UDP)
 *   tcp:::connect-request     net_dev_queue       a SYN without ACK goes out
 *   tcp:::accept-refused      net_dev_queue       a RST+ACK goes out from no connection: the
 *                                                 answer to a SYN nothing listens for
 *   tcp:::state-change        inet_sock_set_state a TCP socket changes state
 *   tcp:::connect-established inet_sock_set_state SYN_SENT -> ESTABLISHED
 *   tcp:::accept-established  inet_sock_set_state SYN_RECV -> ESTABLISHED
 *   tcp:::connect-refused     tcp_receive_reset   a RST comes in for a socket in SYN_SENT
 *
 * So the packets are those a device sends or receives (loopback included), as DTrace's ip
 * provider sees them; a packet being received is seen before the stack has looked its socket
 * up, so there args[1] has no socket and tcp's args[3] takes addresses and ports from the
 * headers, with tcps_state -1 (not known). A socket that goes to TIME_WAIT is replaced by a
 * timewait socket, which has no tracepoint: the full socket's FIN_WAIT_2 (or CLOSING) ->
 * CLOSE with the peer's FIN received is reported as the move to TIME_WAIT, as DTrace does.
 *
 * Why not dt_tp.c's table: a probe here needs arithmetic on what it reads (the headers'
 * addresses from skb->head and offsets, the transport header after ihl words, the flags'
 * bits, the state before TIME_WAIT), which its values do not have; its stack skip and
 * attaching are shared. Each probe is a program of its own on its tracepoint (several can
 * fire on one event: tcp:::state-change and tcp:::accept-established). The prologue filters (an IP
 * packet of the protocol, the flags, the states), then sets the native arguments as
 * Oracle's providers do (the translators read them: arg6 is the state, arg7 the direction):
 *   ip:  skb, sk, IP header, net_device, IPv4 header or 0, IPv6 header or 0
 *   tcp: skb, sk, IP header, tcp_sock (a full socket) or 0, TCP header, old state, state,
 *        NET_PROBE_OUTBOUND (0) or NET_PROBE_INBOUND (1)
 *   udp: skb, sk, IP header, udp_sock or 0, UDP header
 * and the translated args[] (probe_info's argxl) are made from them in D.
 *
 * Headers: going out (net_dev_queue), the IP header is at skb->head + network_header;
 * coming in (netif_receive_skb), the device has pulled its link header, so skb->data is it.
 * The transport header follows: after ihl words (IPv4) or the 40-byte header (IPv6; a
 * packet with extension headers first is not TCP or UDP to this provider).
 */
#include <string.h>

#include "dt_provider.h"

enum { NET_XMIT, NET_RECV, NET_STATE, NET_RRST };

static const char *const net_tps[] = {
	[NET_XMIT] = "net_dev_queue", [NET_RECV] = "netif_receive_skb",
	[NET_STATE] = "inet_sock_set_state", [NET_RRST] = "tcp_receive_reset",
};

enum { NET_IP, NET_TCP, NET_UDP };

/* The kernel's numbers (UAPI and include/net/tcp_states.h) */
#define ETH_P_IP_BE 0x0008	/* skb->protocol, big-endian, as a little-endian load sees it */
#define ETH_P_IPV6_BE 0xdd86
#define PROTO_TCP 6
#define PROTO_UDP 17
#define TH_FIN 0x01
#define TH_SYN 0x02
#define TH_RST 0x04
#define TH_ACK 0x10
#define ST_ESTABLISHED 1
#define ST_SYN_SENT 2
#define ST_SYN_RECV 3
#define ST_FIN_WAIT2 5
#define ST_TIME_WAIT 6
#define ST_CLOSE 7
#define ST_CLOSING 11
#define ST_NEW_SYN_RECV 12
#define SOCK_STREAM_T 1
#define RCV_SHUTDOWN 1

typedef struct net_probe {
	const char *name;
	int tp;			/* NET_* tracepoint */
	uint8_t th_set, th_clear;	/* TCP flags that must be set, and clear */
	bool no_sock;		/* only with no full TCP socket (a reset from the stack) */
	int8_t old_state, new_state;	/* inet_sock_set_state: -1 any */
	int8_t state;		/* tcp_receive_reset: the socket's state; -1 any */
	uint8_t dir;		/* arg7: NET_PROBE_INBOUND (1) or OUTBOUND (0) */
} net_probe_t;

typedef struct net_arg {
	const char *type, *native;
} net_arg_t;

typedef struct net_prov {
	int kind;		/* NET_IP, NET_TCP, NET_UDP */
	const net_probe_t *probes;
	size_t nprobes;
	const net_arg_t *args;
	int nargs;		/* args[]; tcp:::state-change has one more */
} net_prov_t;

static const net_probe_t ip_probes[] = {
	{"send", NET_XMIT, 0, 0, false, -1, -1, -1, 0},
	{"receive", NET_RECV, 0, 0, false, -1, -1, -1, 1},
};

static const net_probe_t tcp_probes[] = {
	{"send", NET_XMIT, 0, 0, false, -1, -1, -1, 0},
	{"receive", NET_RECV, 0, 0, false, -1, -1, -1, 1},
	{"state-change", NET_STATE, 0, 0, false, -1, -1, -1, 0},
	{"connect-request", NET_XMIT, TH_SYN, TH_ACK, false, -1, -1, -1, 0},
	{"connect-established", NET_STATE, 0, 0, false, ST_SYN_SENT, ST_ESTABLISHED, -1, 1},
	{"connect-refused", NET_RRST, 0, 0, false, -1, -1, ST_SYN_SENT, 1},
	{"accept-established", NET_STATE, 0, 0, false, ST_SYN_RECV, ST_ESTABLISHED, -1, 1},
	{"accept-refused", NET_XMIT, TH_RST | TH_ACK, 0, true, -1, -1, -1, 0},
};

static const net_probe_t udp_probes[] = {
	{"send", NET_XMIT, 0, 0, false, -1, -1, -1, 0},
	{"receive", NET_RECV, 0, 0, false, -1, -1, -1, 1},
};

static const net_arg_t ip_args[] = {
	{"pktinfo_t *", "struct sk_buff *"}, {"csinfo_t *", "struct sock *"},
	{"ipinfo_t *", "void_ip_t *"}, {"ifinfo_t *", "struct net_device *"},
	{"ipv4info_t *", "struct iphdr *"}, {"ipv6info_t *", "struct ipv6hdr *"},
};

static const net_arg_t tcp_args[] = {
	{"pktinfo_t *", "struct sk_buff *"}, {"csinfo_t *", "struct sock *"},
	{"ipinfo_t *", "__dtrace_tcp_void_ip_t *"}, {"tcpsinfo_t *", "struct tcp_sock *"},
	{"tcpinfo_t *", "__dtrace_tcp_void_tcp_t *"}, {"tcplsinfo_t *", "int"},
};

static const net_arg_t udp_args[] = {
	{"pktinfo_t *", "struct sk_buff *"}, {"csinfo_t *", "struct sock *"},
	{"ipinfo_t *", "void_ip_t *"}, {"udpsinfo_t *", "struct udp_sock *"},
	{"udpinfo_t *", "struct udphdr *"},
};

static const net_prov_t net_provs[] = {
	[NET_IP] = {NET_IP, ip_probes, DT_ARRAY_SIZE(ip_probes), ip_args, 6},
	[NET_TCP] = {NET_TCP, tcp_probes, DT_ARRAY_SIZE(tcp_probes), tcp_args, 5},
	[NET_UDP] = {NET_UDP, udp_probes, DT_ARRAY_SIZE(udp_probes), udp_args, 5},
};

/* pdata: the probe's index in its provider's table. */
#define NET_INDEX(prp) ((size_t)(uintptr_t)(prp)->pdata)

static const net_prov_t *
net_prov(const dt_probe_t *prp)
{
	return prp->provider->data;
}

static void
net_init(dt_handle_t *dtp, dt_provider_t *pv, int kind)
{
	pv->data = (void *)&net_provs[kind];
}

static void ip_init(dt_handle_t *dtp, dt_provider_t *pv) { net_init(dtp, pv, NET_IP); }
static void tcp_init(dt_handle_t *dtp, dt_provider_t *pv) { net_init(dtp, pv, NET_TCP); }
static void udp_init(dt_handle_t *dtp, dt_provider_t *pv) { net_init(dtp, pv, NET_UDP); }

static void
net_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	const net_prov_t *np = pv->data;

	if (!dt_glob_match(pd->mod, "") || !dt_glob_match(pd->func, ""))
		return;
	for (size_t i = 0; i < np->nprobes; i++) {
		bool made = false;

		if (!dt_glob_match(pd->name, np->probes[i].name))
			continue;
		for (size_t k = 1; k < dtp->probes.len && !made; k++) {
			dt_probe_t *prp = dtp->probes.data[k];

			made = prp->provider == pv && NET_INDEX(prp) == i;
		}
		if (!made)
			dt_probe_add(dtp, pv, "", "", np->probes[i].name, (void *)(uintptr_t)i);
	}
}

/* Each probe its own program (several may fire on one event). */
static int
net_group(const dt_probe_t *prp)
{
	return (int)prp->id;
}

static int
net_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max)
{
	const net_prov_t *np = net_prov(prp);
	int n = np->nargs;

	if (np->kind == NET_TCP && np->probes[NET_INDEX(prp)].tp == NET_STATE &&
	    np->probes[NET_INDEX(prp)].old_state < 0)
		n++;	/* state-change: args[5], the state before */
	n = DT_MIN(n, max);
	prp->argxl = dt_arena_alloc(&dtp->arena, sizeof(char *) * (size_t)DT_MAX(n, 1));
	for (int i = 0; i < n; i++) {
		types[i] = np->args[i].type;
		prp->argxl[i] = np->args[i].native;
	}
	return n;
}

/* ---- the prologue ------------------------------------------------------------------------ */

/*
 * The prologue works on the stack until the event is one of the probe's, then copies the
 * native arguments into the scratch value (the clauses reuse the stack).
 */
#define FP_READ (-8)		/* a kernel read's 8 bytes */
#define FP_A(i) (-16 - 8 * (i))	/* native argument i, 0 .. 7 */
#define FP_TH (-80)		/* the transport header */
#define NET_NARGS 8

typedef struct net_cg {
	dt_cg_t *cg;
	int out;		/* label: not this probe's event */
} net_cg_t;

/* r0 = size bytes at r3 (kernel memory; 0 when unreadable), zero-extended. */
static void
net_load(net_cg_t *n, uint32_t size)
{
	dt_prov_kread(&n->cg->ir, FP_READ, size);
}

/* r0 = the byte at the address in stack slot slot, plus off. */
static void
net_byte(net_cg_t *n, int slot, int off)
{
	dt_irbuf_t *ir = &n->cg->ir;

	dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 10, slot));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, off));
	net_load(n, 1);
}

/*
 * r0 = member m of the kernel's struct sou at the address in stack slot slot (offsets and
 * sizes from BTF; a bit-field is shifted and masked). Fails the compile when this kernel's
 * struct has no such member.
 */
static void
net_member(net_cg_t *n, int slot, const char *sou, const char *m)
{
	dt_cg_t *cg = n->cg;
	dt_irbuf_t *ir = &cg->ir;
	const dt_type_t *t = dt_type_kstruct(cg->cc, sou), *mt;
	uint32_t off, bit_off, bit_size;
	int64_t size;

	if (!t || dt_type_member(cg->cc, t, m, &off, &mt, &bit_off, &bit_size) < 0 ||
	    (size = dt_type_sizeof(cg->cc, mt)) <= 0) {
		static char msg[160];

		snprintf(msg, sizeof(msg), "this kernel's struct %s has no member %s (BTF)", sou, m);
		dt_cg_fail(cg, msg);
		return;
	}
	dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 10, slot));
	if (bit_size) {
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, (int32_t)(bit_off / 8)));
		net_load(n, 8);
		if (bit_off % 8)
			dt_ir_emit(ir, DT_ALU64_IMM(BPF_RSH, 0, (int32_t)(bit_off % 8)));
		if (bit_size < 32)
			dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 0, (int32_t)((1u << bit_size) - 1)));
		return;
	}
	if (size != 1 && size != 2 && size != 4 && size != 8) {
		dt_cg_fail(cg, "a network member is not an integer or a pointer");
		return;
	}
	if (off)
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 3, (int32_t)off));
	net_load(n, (uint32_t)size);
}

static void
net_set(net_cg_t *n, int i, int reg)
{
	dt_ir_emit(&n->cg->ir, DT_STX(BPF_DW, 10, reg, FP_A(i)));
}

static void
net_set_imm(net_cg_t *n, int i, int32_t v)
{
	dt_ir_emit(&n->cg->ir, DT_ST(BPF_DW, 10, FP_A(i), v));
}

/*
 * A packet's event (net_dev_queue, netif_receive_skb: ctx[0] is the skb): out unless it is
 * IP (of the provider's protocol, with the probe's TCP flags). Sets arg0 (skb), arg1 (sk),
 * arg2 (IP header), arg4 and arg5 (ip: the IPv4 or IPv6 header; tcp, udp: arg4 the TCP or
 * UDP header) and FP_TH.
 */
static void
net_packet(net_cg_t *n, const net_prov_t *np, const net_probe_t *p)
{
	dt_irbuf_t *ir = &n->cg->ir;
	int v4 = dt_ir_label(ir), v6 = dt_ir_label(ir), hdr = dt_ir_label(ir);
	int want = np->kind == NET_TCP ? PROTO_TCP : np->kind == NET_UDP ? PROTO_UDP : 0;

	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, 0));
	net_set(n, 0, 1);
	net_member(n, FP_A(0), "sk_buff", "protocol");
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, ETH_P_IP_BE, hdr);
	dt_ir_jmp_imm(ir, BPF_JNE, 0, ETH_P_IPV6_BE, n->out);
	dt_ir_place(ir, hdr);
	if (p->tp == NET_XMIT) {
		net_member(n, FP_A(0), "sk_buff", "network_header");
		net_set(n, 2, 0);
		net_member(n, FP_A(0), "sk_buff", "head");
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(2)));
		dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 0, 1));
	} else {
		net_member(n, FP_A(0), "sk_buff", "data");
	}
	net_set(n, 2, 0);
	net_set_imm(n, 4, 0);
	net_set_imm(n, 5, 0);
	/* the version: the first byte's high 4 bits */
	net_byte(n, FP_A(2), 0);
	dt_ir_emit(ir, DT_MOV64_REG(1, 0));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_RSH, 1, 4));
	dt_ir_jmp_imm(ir, BPF_JEQ, 1, 4, v4);
	dt_ir_jmp_imm(ir, BPF_JNE, 1, 6, n->out);

	dt_ir_place(ir, v6);
	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(2)));
	if (np->kind == NET_IP)
		net_set(n, 5, 1);
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, 40));
	dt_ir_emit(ir, DT_STX(BPF_DW, 10, 1, FP_TH));
	net_byte(n, FP_A(2), 6);		/* nexthdr */
	{
		int proto = dt_ir_label(ir);

		dt_ir_ja(ir, proto);
		dt_ir_place(ir, v4);
		/* r0 = the first byte: ihl in its low 4 bits */
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 0, 0xf));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_LSH, 0, 2));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(2)));
		if (np->kind == NET_IP)
			net_set(n, 4, 1);
		dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 1, 0));
		dt_ir_emit(ir, DT_STX(BPF_DW, 10, 1, FP_TH));
		net_byte(n, FP_A(2), 9);	/* protocol */
		dt_ir_place(ir, proto);
	}
	if (want)
		dt_ir_jmp_imm(ir, BPF_JNE, 0, want, n->out);
	if (np->kind != NET_IP) {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_TH));
		net_set(n, 4, 1);
	}
	if (p->th_set || p->th_clear) {
		net_byte(n, FP_TH, 13);		/* the TCP flags */
		dt_ir_emit(ir, DT_MOV64_REG(1, 0));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 1, p->th_set | p->th_clear));
		dt_ir_jmp_imm(ir, BPF_JNE, 1, p->th_set, n->out);
	}
	net_member(n, FP_A(0), "sk_buff", "sk");
	net_set(n, 1, 0);
	if (np->kind == NET_IP) {
		net_member(n, FP_A(0), "sk_buff", "dev");
		net_set(n, 3, 0);
	}
}

/*
 * tcp: arg3 = the full TCP socket (arg1 when it is one: not a request or timewait
 * socket, nor the stack's own raw socket that sends resets), arg6 = its state (-1: no
 * socket), arg5 = 0. With p->no_sock, out when there is such a socket.
 */
static void
net_tcp_sock(net_cg_t *n, const net_probe_t *p)
{
	dt_irbuf_t *ir = &n->cg->ir;
	int none = dt_ir_label(ir), done = dt_ir_label(ir), full = dt_ir_label(ir);
	int stream = dt_ir_label(ir);

	net_set_imm(n, 3, 0);
	net_set_imm(n, 5, 0);
	net_set_imm(n, 6, -1);
	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(1)));
	dt_ir_jmp_imm(ir, BPF_JEQ, 1, 0, none);
	net_member(n, FP_A(1), "sock_common", "skc_state");
	dt_ir_emit(ir, DT_STX(BPF_DW, 10, 0, FP_A(6)));
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, ST_TIME_WAIT, none);
	dt_ir_jmp_imm(ir, BPF_JNE, 0, ST_NEW_SYN_RECV, full);
	net_set_imm(n, 6, ST_SYN_RECV);
	dt_ir_ja(ir, none);
	dt_ir_place(ir, full);
	net_member(n, FP_A(1), "sock", "sk_type");
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, SOCK_STREAM_T, stream);
	net_set_imm(n, 6, -1);		/* the stack's raw socket: no connection's state */
	dt_ir_ja(ir, none);
	dt_ir_place(ir, stream);
	if (p->no_sock) {
		dt_ir_ja(ir, n->out);
	} else {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(1)));
		net_set(n, 3, 1);
		dt_ir_ja(ir, done);
	}
	dt_ir_place(ir, none);
	dt_ir_place(ir, done);
}

/* inet_sock_set_state (ctx: sk, oldstate, newstate): a TCP socket's change of state. */
static void
net_state(net_cg_t *n, const net_probe_t *p)
{
	dt_irbuf_t *ir = &n->cg->ir;
	int keep = dt_ir_label(ir);

	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, 0));
	net_set(n, 1, 1);
	net_set(n, 3, 1);
	net_member(n, FP_A(1), "sock", "sk_protocol");
	dt_ir_jmp_imm(ir, BPF_JNE, 0, PROTO_TCP, n->out);
	dt_ir_emit(ir, DT_LDX(BPF_W, 1, 6, 8));
	dt_ir_emit(ir, DT_LDX(BPF_W, 2, 6, 16));
	net_set(n, 5, 1);
	net_set(n, 6, 2);
	/* FIN_WAIT_2 or CLOSING -> CLOSE with the peer's FIN in: the move to TIME_WAIT */
	dt_ir_jmp_imm(ir, BPF_JNE, 2, ST_CLOSE, keep);
	{
		int tw = dt_ir_label(ir);

		dt_ir_jmp_imm(ir, BPF_JEQ, 1, ST_FIN_WAIT2, tw);
		dt_ir_jmp_imm(ir, BPF_JNE, 1, ST_CLOSING, keep);
		dt_ir_place(ir, tw);
		net_member(n, FP_A(1), "sock", "sk_shutdown");
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 0, RCV_SHUTDOWN));
		dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, keep);
		net_set_imm(n, 6, ST_TIME_WAIT);
	}
	dt_ir_place(ir, keep);
	/* a listener's clone reports LISTEN -> SYN_RECV; NEW_SYN_RECV is SYN_RECEIVED */
	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(5)));
	dt_ir_jmp_imm(ir, BPF_JNE, 1, ST_NEW_SYN_RECV, keep = dt_ir_label(ir));
	net_set_imm(n, 5, ST_SYN_RECV);
	dt_ir_place(ir, keep);
	if (p->old_state >= 0) {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(5)));
		dt_ir_jmp_imm(ir, BPF_JNE, 1, p->old_state, n->out);
	}
	if (p->new_state >= 0) {
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(6)));
		dt_ir_jmp_imm(ir, BPF_JNE, 1, p->new_state, n->out);
	}
}

/* tcp_receive_reset (ctx: sk): a reset came in for a socket in the probe's state. */
static void
net_rrst(net_cg_t *n, const net_probe_t *p)
{
	dt_irbuf_t *ir = &n->cg->ir;

	dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, 0));
	net_set(n, 1, 1);
	net_set(n, 3, 1);
	net_set_imm(n, 5, 0);
	net_member(n, FP_A(1), "sock_common", "skc_state");
	net_set(n, 6, 0);
	if (p->state >= 0)
		dt_ir_jmp_imm(ir, BPF_JNE, 0, p->state, n->out);
}

static bool
net_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_probe_t *prp = bp->probes.data[0];
	const net_prov_t *np = net_prov(prp);
	const net_probe_t *p = &np->probes[NET_INDEX(prp)];
	dt_irbuf_t *ir = &cg->ir;
	net_cg_t n = {.cg = cg, .out = dt_ir_label(ir)};
	int go = dt_ir_label(ir);

	dt_tp_stack_skip(cg, net_tps[p->tp]);
	for (int i = 0; i < NET_NARGS; i++)
		net_set_imm(&n, i, 0);
	switch (p->tp) {
	case NET_XMIT:
	case NET_RECV:
		net_packet(&n, np, p);
		if (np->kind == NET_TCP)
			net_tcp_sock(&n, p);
		else if (np->kind == NET_UDP)
			net_set(&n, 3, 0);	/* r0: arg1, the socket (a UDP one, if any) */
		break;
	case NET_STATE:
		net_state(&n, p);
		break;
	case NET_RRST:
		net_rrst(&n, p);
		break;
	}
	if (np->kind == NET_TCP)
		net_set_imm(&n, 7, p->dir);

	dt_cg_mstate(cg);
	dt_prov_store_prid(cg, prp->id);
	for (int i = 0; i < 10; i++) {
		if (i < NET_NARGS) {
			dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 10, FP_A(i)));
			dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8 * i));
		} else {
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
		}
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	dt_ir_ja(ir, go);
	dt_ir_place(ir, n.out);
	dt_ir_emit(ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(ir, DT_EXIT());
	dt_ir_place(ir, go);
	return false;
}

static int
net_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	dt_probe_t *prp = bp->probes.data[0];
	const net_probe_t *p = &net_prov(prp)->probes[NET_INDEX(prp)];

	return dt_tp_attach_raw(bp, net_tps[p->tp]);
}

#define NET_OPS(initfn)                                                                     \
	{                                                                                   \
		.init = initfn, .provide = net_provide,                                     \
		.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT, .group = net_group,              \
		.prologue = net_prologue, .probe_info = net_probe_info,                     \
		.attach = net_attach, .pattr = &dt_prov_pattr_isa,                          \
	}

const dt_provider_ops_t dt_prov_ip_ops = NET_OPS(ip_init);
const dt_provider_ops_t dt_prov_tcp_ops = NET_OPS(tcp_init);
const dt_provider_ops_t dt_prov_udp_ops = NET_OPS(udp_init);
