/*
 * Translators: a script's own translator from the kernel's task_struct, used through an
 * inline (as D libraries define curpsinfo), through xlate<T *>(e)-> and xlate<T>(e).
 */
#pragma D option quiet
typedef struct myps { int p_pid; int p_ppid; char p_comm[16]; uint64_t p_start; } myps_t;

translator myps_t < struct task_struct *T > {
	p_pid = T->tgid;
	p_ppid = T->real_parent->tgid;
	p_comm = T->comm;
	p_start = T->start_time;
};
inline myps_t *curps = xlate <myps_t *> (curthread);

syscall::getpid:entry
/pid == $target/
{
	printf("%d %d %d %s %s\n", curps->p_pid == pid, xlate<myps_t *>(curthread)->p_ppid == ppid,
	    xlate<myps_t>(curthread).p_pid == pid, curps->p_comm, stringof(curps->p_comm));
	exit(0);
}
