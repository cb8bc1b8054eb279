/* Subscripts into kernel arrays (char arrays too) and through kernel pointers. */
BEGIN
{
	printf("%c%c %d %d\n", curthread->comm[0], curthread->comm[1], curthread->comm[6],
	    ((int *)&curthread->pid)[0] == pid);
	exit(0);
}
