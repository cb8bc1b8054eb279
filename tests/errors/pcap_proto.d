/* pcap( ) takes a packet's address and a link type, as DTrace's prototype says. */
struct {
	int	a;
} st;

BEGIN
{
	pcap(0);
	pcap(st, 0);
	pcap(0, "ip");
}
