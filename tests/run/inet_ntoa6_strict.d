/*
 * inet_ntoa6(addr, strict): an IPv4 address inside an IPv6 one is a dotted quad unless
 * strict is other than 0 (a constant or not); then it keeps the IPv6 form ("::a.b.c.d").
 */
#pragma D option quiet

BEGIN
{
	p = (uint32_t *)alloca(16);
	p[3] = htonl(0x7f000001);
	s = 7;
	printf("%s %s %s %s\n", inet_ntoa6((struct in6_addr *)p),
	       inet_ntoa6((struct in6_addr *)p, 0), inet_ntoa6((struct in6_addr *)p, 1),
	       inet_ntoa6((struct in6_addr *)p, s));
	p[2] = htonl(0xffff);
	printf("%s %s\n", inet_ntoa6((struct in6_addr *)p, 0),
	       inet_ntoa6((struct in6_addr *)p, 1));
	exit(0);
}
