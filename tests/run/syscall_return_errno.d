/* syscall return probe and errno: 100 openat calls of a missing file fail with ENOENT (2). */
syscall::openat:return
/pid == $target && errno == 2/
{
	@ = count();
}
