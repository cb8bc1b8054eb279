/* Actions under if/else print only when their branch runs; the record line too. */
BEGIN
{
	i = 0;
}

syscall::getpid:entry
/pid == $target/
{
	i++;
	if (i % 2 == 0) {
		printf("even %d\n", i);
	} else if (i == 3) {
		printf("three\n");
	}
}

syscall::getpid:return
/pid == $target && i == 4/
{
	exit(0);
}
