/* Pointer arithmetic as in C: p + i steps by the pointee's size, p - q counts elements. */
BEGIN
{
	this->p = (int *)&curthread->pid;
	printf("%d %d %d\n", *(this->p + 1) == curthread->tgid, (this->p + 1) - this->p,
	    (long)((char *)&curthread->tgid - (char *)&curthread->pid));
	exit(0);
}
