/*
 * inet_ntoa, inet_ntop and inet_ntoa6 read kernel memory: the root credentials' uid and
 * gid (all zero) and the capability sets; a NULL address is a fault (on stderr), the
 * clause's output is dropped and tracing goes on.
 */
BEGIN
{
	this->c = (uint64_t)curthread->cred;
	printf("[%s] [%s] [%s] [%s]\n", inet_ntoa(this->c + 8), inet_ntop(2, this->c + 8),
	    inet_ntop(10, this->c + 8), inet_ntoa6(this->c + 8));
	printf("[%s] [%s]\n", inet_ntop(99, this->c), lltostr(htonl(0x7f000001), 16));
	printf("%d %d %d\n", progenyof(pid), progenyof(0), progenyof(-5));
}

BEGIN
{
	printf("[%s]\n", inet_ntoa(0));
}

BEGIN
{
	printf("after the fault\n");
	exit(0);
}
