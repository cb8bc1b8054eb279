/* print() takes a pointer (or, ours, an object): an integer is DTrace's D_PROTO_ARG. */
BEGIN
{
	print(1);
}
