/* Built-in variables on a syscall probe, checked against what the trigger must be. */
syscall::getpid:entry
/pid == $target/
{
	printf("tid==pid %d\n", tid == pid);
	printf("ppid is dtrace %d\n", ppid == $pid);
	printf("execname %s\n", execname);
	printf("uid %d gid %d\n", uid, gid);
	printf("cpu ok %d\n", cpu >= 0 && cpu < 4096);
	printf("timestamp ok %d\n", timestamp > 0);
	printf("id is the probe %d\n", id > 3);
	printf("errno %d\n", errno);
}
