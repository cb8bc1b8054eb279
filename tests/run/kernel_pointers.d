/* Kernel pointers in variables (this->, self->), & of a member, member access through them. */
BEGIN
{
	this->c = curthread->cred;
	self->p = curthread->real_parent;
	printf("%d %d\n", this->c->uid.val, self->p->tgid == ppid);
	printf("%s %d\n", stringof(&curthread->comm),
	    (uintptr_t)&curthread->comm - (uintptr_t)curthread ==
	    offsetof(struct task_struct, comm));
	exit(0);
}
