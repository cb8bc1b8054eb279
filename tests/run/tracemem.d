/* tracemem(): DTrace's hex dump of kernel memory (the task's name: "dtrace" in BEGIN), with
 * and without a display size; a display size out of range shows everything. */
BEGIN
{
	p = (uintptr_t)curthread + offsetof(struct task_struct, comm);
	tracemem(p, 16);
	tracemem(p, 16, 3);
	tracemem(p, 7, -1);
	tracemem(p, 4, 100);
	exit(0);
}
