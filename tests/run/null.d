/*
 * NULL is address 0, an int 0 as in DTrace (sizeof (NULL) is 4; %u and %d print it), which a
 * pointer compares with and takes (C's null pointer constant). Against a string it is
 * DTrace's NULL string, which string subroutines return where they find nothing (strtok at
 * the end, strstr, ...): not "", and below every other string.
 */
BEGIN
{
	printf("%p %d %d %d %d\n", NULL, "abc" == NULL, NULL != "", execname == NULL,
	    strstr("abc", "x") == NULL);
	printf("%u %d %d\n", NULL, NULL, sizeof (NULL));
	/* C's null pointer constant: a pointer against NULL in ?: is that pointer's type */
	printf("%d %d\n", (0 ? curthread : NULL) == NULL, (1 ? NULL : curthread) == NULL);
	self->t = curthread;
	self->t = NULL;
	this->t = (struct task_struct *)NULL;
	printf("%d %d\n", self->t == NULL, this->t == NULL);
	exit(0);
}
