/*
 * cleanpath() at strsize 16 (16 characters): a path copyinstr() cut there, and literals of
 * exactly 15 characters and of more (cut to 16 before cleaning).
 */
syscall::openat:entry
/pid == $target && substr(copyinstr(arg1), 0, 2) == "/a"/
{
	printf("[%s] [%s]\n", copyinstr(arg1), cleanpath(copyinstr(arg1)));
	printf("[%s] [%s]\n", cleanpath("/x/../y/./zzzzz"), cleanpath("/x/../y/./zzzzz/../.."));
}
