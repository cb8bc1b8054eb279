/*
 * print(): values by their kernel types (root: uid 0); trace() of a struct: its bytes.
 * print() of an integer or a string is refused: DTrace's print() takes a pointer
 * (errors/print_scalar).
 */
BEGIN
{
	print(curthread->cred->uid);
	printf("\n");
	print(curthread->cred->gid);
	printf("\n");
	trace(curthread->cred->uid);
	exit(0);
}
