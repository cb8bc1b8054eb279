/*
 * link_ntop(): an Ethernet address (ARPHRD_ETHER, 6 bytes) and an InfiniBand one
 * (ARPHRD_INFINIBAND, 20 bytes) as two hex digits a byte, joined by ':'; the type may be a
 * variable. Another type is an illegal operation, a NULL address an invalid address.
 */
#pragma D option quiet

uint8_t ib[20];

BEGIN
{
	this->mac = (uint64_t *)alloca(8);
	*this->mac = htonll(0x0a1b2c3d4e5f << 16);
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->mac));
	ib[0] = 0xfe;
	ib[9] = 0x01;
	ib[19] = 0x7f;
	t = ARPHRD_INFINIBAND;
	printf("%s\n", link_ntop(t, ib));
}

BEGIN
{
	printf("%s\n", link_ntop(2, ib));
}

BEGIN
{
	printf("%s\n", link_ntop(ARPHRD_ETHER, (uint8_t *)NULL));
}

BEGIN
{
	exit(0);
}
