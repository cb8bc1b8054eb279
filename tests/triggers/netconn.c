/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * netconn: TCP and UDP over loopback in a network namespace of its own, for the ip, tcp and
 * udp providers' tests.
 *
 *   netconn [-n]
 *
 * -n: first unshare(CLONE_NEWNET) and bring lo up, so nothing else shares its addresses
 * and ports. The ports depend on the process id, so tests filter on them ($target):
 *   base = 10000 + 4 * (pid % 5000)	(below the ephemeral range, which starts at 32768)
 * In this order, each step complete before the next:
 *   1. TCP on 127.0.0.1: a listener on base, a connection to it, accepted; the client sends
 *      "ping" and the server answers "pong"; the client shuts down its side first, the
 *      server then; the trigger waits until the server's socket is closed (its final ACK
 *      received), so every state change has happened when it exits.
 *   2. A connection to 127.0.0.1:base+1, where nothing listens: refused (a RST).
 *   3. A UDP datagram "data" from 127.0.0.1 to 127.0.0.1:base+2, received.
 *   4. A UDP datagram "data6" from ::1 to [::1]:base+3, received.
 *   5. TCP on ::1: a listener on base+3, a connection to it, accepted; the client sends
 *      "ping", received; both close.
 * Exits 0 when all went as described, else says what failed and exits 1.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static int
fail(const char *what)
{
	fprintf(stderr, "netconn: %s: %s\n", what, strerror(errno));
	return 1;
}

static int
lo_up(void)
{
	struct ifreq ifr = {0};
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		return -1;
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		return -1;
	ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
	if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
		return -1;
	close(fd);
	return 0;
}

static struct sockaddr_in
addr4(int port)
{
	struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(port)};

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	return a;
}

/* The TCP state of fd (TCP_INFO), or -1. */
static int
tcp_state(int fd)
{
	struct tcp_info ti;
	socklen_t len = sizeof(ti);

	return getsockopt(fd, IPPROTO_TCP, TCP_INFO, &ti, &len) < 0 ? -1 : ti.tcpi_state;
}

static int
tcp_steps(int base)
{
	struct sockaddr_in a = addr4(base), r = addr4(base + 1);
	int one = 1, l, c, s, rc;
	char buf[8];

	if ((l = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) < 0 ||
	    bind(l, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(l, 1) < 0)
		return fail("listen");
	if ((c = socket(AF_INET, SOCK_STREAM, 0)) < 0 ||
	    connect(c, (struct sockaddr *)&a, sizeof(a)) < 0)
		return fail("connect");
	if ((s = accept(l, NULL, NULL)) < 0)
		return fail("accept");
	if (write(c, "ping", 4) != 4 || read(s, buf, sizeof(buf)) != 4 ||
	    write(s, "pong", 4) != 4 || read(c, buf, sizeof(buf)) != 4)
		return fail("ping-pong");
	/* the client's FIN first: it ends in TIME_WAIT, the server in LAST_ACK then CLOSE */
	if (shutdown(c, SHUT_WR) < 0 || read(s, buf, sizeof(buf)) != 0)
		return fail("client shutdown");
	if (shutdown(s, SHUT_WR) < 0 || read(c, buf, sizeof(buf)) != 0)
		return fail("server shutdown");
	/* the client's last ACK reaches the server in softirq context, maybe on another CPU */
	while (tcp_state(s) != TCP_CLOSE)
		sched_yield();
	close(c);
	close(s);
	close(l);

	if ((c = socket(AF_INET, SOCK_STREAM, 0)) < 0)
		return fail("socket");
	rc = connect(c, (struct sockaddr *)&r, sizeof(r));
	if (rc == 0 || errno != ECONNREFUSED) {
		fprintf(stderr, "netconn: connect to port %d was not refused\n", base + 1);
		return 1;
	}
	close(c);
	return 0;
}

static int
udp_step(int family, int port, const char *msg)
{
	struct sockaddr_storage ss = {0};
	socklen_t len;
	char buf[16];
	int u, v;

	if (family == AF_INET) {
		*(struct sockaddr_in *)&ss = addr4(port);
		len = sizeof(struct sockaddr_in);
	} else {
		struct sockaddr_in6 *a6 = (struct sockaddr_in6 *)&ss;

		a6->sin6_family = AF_INET6;
		a6->sin6_port = htons(port);
		a6->sin6_addr = in6addr_loopback;
		len = sizeof(*a6);
	}
	if ((u = socket(family, SOCK_DGRAM, 0)) < 0 || bind(u, (struct sockaddr *)&ss, len) < 0)
		return fail("udp bind");
	if ((v = socket(family, SOCK_DGRAM, 0)) < 0 ||
	    sendto(v, msg, strlen(msg), 0, (struct sockaddr *)&ss, len) != (ssize_t)strlen(msg))
		return fail("udp sendto");
	if (recv(u, buf, sizeof(buf), 0) != (ssize_t)strlen(msg))
		return fail("udp recv");
	close(u);
	close(v);
	return 0;
}

static int
tcp6_step(int port)
{
	struct sockaddr_in6 a = {.sin6_family = AF_INET6, .sin6_port = htons(port)};
	int l, c, s;
	char buf[8];

	a.sin6_addr = in6addr_loopback;
	if ((l = socket(AF_INET6, SOCK_STREAM, 0)) < 0 ||
	    bind(l, (struct sockaddr *)&a, sizeof(a)) < 0 || listen(l, 1) < 0)
		return fail("listen6");
	if ((c = socket(AF_INET6, SOCK_STREAM, 0)) < 0 ||
	    connect(c, (struct sockaddr *)&a, sizeof(a)) < 0 || (s = accept(l, NULL, NULL)) < 0)
		return fail("connect6");
	if (write(c, "ping", 4) != 4 || read(s, buf, sizeof(buf)) != 4)
		return fail("ping6");
	close(c);
	close(s);
	close(l);
	return 0;
}

int
main(int argc, char **argv)
{
	int base = 10000 + 4 * (getpid() % 5000);

	if (argc > 1 && strcmp(argv[1], "-n") == 0) {
		if (unshare(CLONE_NEWNET) < 0)
			return fail("unshare(CLONE_NEWNET)");
		if (lo_up() < 0)
			return fail("lo up");
	}
	if (tcp_steps(base) || udp_step(AF_INET, base + 2, "data") ||
	    udp_step(AF_INET6, base + 3, "data6") || tcp6_step(base + 3))
		return 1;
	return 0;
}
