/*
 * inet_ntoa6() and inet_ntop(AF_INET6) as DTrace writes them: lowercase groups without
 * leading zeros; the longest run of two or more zero groups as "::" (the first of equal
 * runs), a lone zero group as "0"; an IPv4 address inside (five zero groups then ffff, or
 * six zero groups then anything but ::0 and ::1) as its dotted quad alone (inet_ntoa6) or
 * after "::ffff:" or "::" (inet_ntop). Each line: the groups written in, then both results.
 */
#pragma D option quiet

/* one address per clause: the two 64-bit halves, most significant group first */
#define ADDR(hi, lo) \
BEGIN { this->p = (uint64_t *)alloca(16); this->p[0] = htonll(hi); this->p[1] = htonll(lo); \
	printf("%016x%016x %s %s\n", (uint64_t)hi, (uint64_t)lo, \
	    inet_ntoa6((struct in6_addr *)this->p), inet_ntop(10, this->p)); }

ADDR(0x20010db800000000, 0x0000000000000001)
ADDR(0x20010db800000000, 0x0001000000000001)
ADDR(0x2001000000000001, 0x0000000000000001)
ADDR(0x0001000000010001, 0x0001000100010001)
ADDR(0x0000000100010001, 0x0001000100010000)
ADDR(0x0000000000010001, 0x0001000100010001)
ADDR(0x0001000100010001, 0x0001000100000000)
ADDR(0x0000000000010000, 0x0000000000010000)
ADDR(0xffffffffffffffff, 0xffffffffffffffff)
ADDR(0xabcdef0123456789, 0xabcdef0123456789)
ADDR(0xfe80000000000000, 0x000a00b00c00d000)
ADDR(0x0000000000000000, 0x0000000000000000)
ADDR(0x0000000000000000, 0x0000000000000001)
ADDR(0x0000000000000000, 0x0000000000000002)
ADDR(0x0000000000000000, 0x0000000000010000)
ADDR(0x0000000000000000, 0x00000000c0a80101)
ADDR(0x0000000000000000, 0x0000ffffc0a80101)
ADDR(0x0000000000000000, 0x0000ffff00000000)
ADDR(0x0000000000000000, 0x0000fffec0a80101)
ADDR(0x0000000000000000, 0x0001ffffc0a80101)
ADDR(0x0001000000000000, 0x0000ffffc0a80101)
ADDR(0x0000000000000000, 0x0001000000000001)

BEGIN
{
	exit(0);
}
