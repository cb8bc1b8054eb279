/* A kernel symbol that /proc/kallsyms does not have. */
BEGIN
{
	trace(&`no_such_kernel_symbol_here);
}
