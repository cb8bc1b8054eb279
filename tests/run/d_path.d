/*
 * d_path() on real probes: the file openat opens, on the /proc mount (a mount point
 * crossed); the task's root; its working directory (this test's directory, whose name
 * alone is fixed); the mount point of the file's mount. A struct path that cannot be read
 * is an invalid address fault.
 */
#pragma D option quiet

syscall::openat:entry
/pid == $target/
{
	self->want = copyinstr(arg1) == "/proc/version";
}

syscall::openat:return
/self->want/
{
	this->p = &curthread->files->fdt->fd[arg1]->f_path;
	printf("[%s] [%s] [%s] [%s]\n", d_path(this->p), d_path(&curthread->fs->root),
	    basename(d_path(&curthread->fs->pwd)), __fi_mount(this->p));
}

syscall::openat:return
/self->want/
{
	printf("[%s]\n", d_path((struct path *)8));
}

ERROR
{
	printf("fault %d at %x\n", arg4 == DTRACEFLT_BADADDR, arg5);
}
