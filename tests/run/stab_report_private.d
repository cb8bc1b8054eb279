/*
 * dtrace -v: a clause that reads the kernel's own thread structure (curthread: Stable names,
 * Private data) and calls an Evolving subroutine (d_path) lowers the program's statement
 * attributes to Evolving/Private/Common; its descriptions are the dtrace provider's Stable
 * BEGIN and syscall::getpid:entry's Unstable/Unstable/ISA.
 */
dtrace:::BEGIN
{
	seen = 0;
}

syscall::getpid:entry
/pid == $target && !seen/
{
	printf("%d %s\n", curthread->pid == pid, d_path(&curthread->fs->root));
	seen = 1;
}
