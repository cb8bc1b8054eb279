/*
 * mutex_owned(), mutex_owner(), mutex_type_adaptive(), mutex_type_spin() on a kernel struct
 * mutex: the test builds one in scratch space, unheld and then held by the current task.
 */
#pragma D option quiet

BEGIN
{
	m = (struct mutex *)alloca(sizeof(struct mutex));
	printf("%d %d %d %d\n", mutex_owned(m), mutex_owner(m) == NULL,
	       mutex_type_adaptive(m), mutex_type_spin(m));
	m->owner.counter = (long)curthread | 1;
	printf("%d %d\n", mutex_owned(m), mutex_owner(m) == curthread);
	exit(0);
}
