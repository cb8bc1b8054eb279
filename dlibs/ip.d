/*
 * ip.d: the address types DTrace's network subroutines and scripts name. in6_addr_t has
 * the kernel's layout of struct in6_addr (a D definition, so naming it reads no BTF).
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
