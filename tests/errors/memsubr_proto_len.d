/* The memory subroutines' argument counts (D_PROTO_LEN). */
BEGIN
{
	copyin(0);
	copyinto(0, 1);
	copyinto(0, 1, alloca(1), 2);
	bcopy("a", alloca(1));
	alloca();
	alloca(1, 2);
}
