/* print() of a pointer to a struct of no size (a kernel type with no members): D_PRINT_SIZE. */
BEGIN
{
	print((struct bpf_raw_tracepoint_args *)alloca(8));
}
