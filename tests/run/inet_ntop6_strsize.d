/*
 * At strsize 12 (12 characters) the text of an IPv6 address is cut, as any string is; an
 * IPv4 address inside too.
 */
#pragma D option quiet

BEGIN
{
	this->p = (uint64_t *)alloca(16);
	this->p[0] = htonll(0xfe80000000000000);
	this->p[1] = htonll(0x02144ffffe0b76c8);
	printf("[%s] [%s]\n", inet_ntoa6((struct in6_addr *)this->p), inet_ntop(10, this->p));
	this->p[0] = 0;
	this->p[1] = htonll(0x0000ffffc0a80101);
	printf("[%s] [%s]\n", inet_ntoa6((struct in6_addr *)this->p), inet_ntop(10, this->p));
	exit(0);
}
