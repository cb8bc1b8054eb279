/*
 * strtok() on a path that copyinstr() cut at strsize (16 characters), on literals of
 * exactly 15 characters and of more, and its state's lifetime: one probe firing. The
 * trigger opens the path twice; in the second firing strtok(NULL, ...) has no string (the
 * first firing's is gone), which is an invalid address fault.
 */
syscall::openat:entry
/pid == $target && substr(copyinstr(arg1), 0, 4) == "/aaa" && n++ == 0/
{
	printf("[%s]", strtok(copyinstr(arg1), "/"));
	printf("[%s]", strtok(NULL, "/"));
	printf("[%s]", strtok(NULL, "/"));
	printf(" %d\n", strtok(NULL, "/") == NULL);
	printf("[%s] [%s]\n", strtok("abcdefghijklmno", "x"), strtok("abcdefghijklmnopqrs", "x"));
	printf("%d\n", strtok(NULL, "x") == NULL);
}

syscall::openat:entry
/pid == $target && n == 2/
{
	printf("[%s]\n", strtok(NULL, "/"));
}

ERROR
{
	printf("fault %d\n", arg4);
}
