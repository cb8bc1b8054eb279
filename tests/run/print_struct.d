/* print(): values by their kernel types (root: uid 0); trace() of a struct: its bytes. */
BEGIN
{
	print(curthread->cred->uid);
	printf("\n");
	print(curthread->cred->euid.val);
	print(curthread->comm);
	print(curthread->cred->gid);
	printf("\n");
	trace(curthread->cred->uid);
	exit(0);
}
