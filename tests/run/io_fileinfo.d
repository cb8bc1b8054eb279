/*
 * dlibs/io.d's fileinfo_t of real files: the one openat opens on the /proc mount, and no
 * file at all (a NULL struct file *). With -x strsize=16 (io_fileinfo_strsize.sh), the path
 * of /proc/sys/kernel/hostname does not fit: its names are "<unknown>".
 */
#pragma D option quiet

syscall::openat:entry
/pid == $target/
{
	self->want = copyinstr(arg1, 5) == "/proc";
}

syscall::openat:return
/self->want/
{
	this->f = curthread->files->fdt->fd[arg1];
	printf("[%s] [%s] [%s] %d [%s] [%s] %d %d\n", xlate<fileinfo_t *>(this->f)->fi_name,
	    xlate<fileinfo_t *>(this->f)->fi_dirname, xlate<fileinfo_t *>(this->f)->fi_pathname,
	    xlate<fileinfo_t *>(this->f)->fi_offset, xlate<fileinfo_t *>(this->f)->fi_fs,
	    xlate<fileinfo_t *>(this->f)->fi_mount,
	    xlate<fileinfo_t *>(this->f)->fi_oflags & O_ACCMODE,
	    (xlate<fileinfo_t>(this->f).fi_oflags & (O_CREAT | O_TRUNC | O_APPEND)) == 0);
	this->f = NULL;
	printf("[%s] [%s] [%s] %d [%s] [%s] %d\n", xlate<fileinfo_t *>(this->f)->fi_name,
	    xlate<fileinfo_t *>(this->f)->fi_dirname, xlate<fileinfo_t *>(this->f)->fi_pathname,
	    xlate<fileinfo_t *>(this->f)->fi_offset, xlate<fileinfo_t *>(this->f)->fi_fs,
	    xlate<fileinfo_t *>(this->f)->fi_mount, xlate<fileinfo_t *>(this->f)->fi_oflags);
}
