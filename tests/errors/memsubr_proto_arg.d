/* The memory subroutines' prototypes: addresses, sizes, pointers (D_PROTO_ARG). */
BEGIN
{
	copyin("1", 2);
	copyin(0, "2");
	copyinto(1, 2, 3);
	bcopy(1, alloca(2), 2);
	bcopy("ab", 2, 2);
	alloca("x");
}
