/*
 * The pid provider on a -c process (pidcalls, PIE, linked with libdtpid.so): entry
 * arguments arg0..arg9 (six in registers, four on the stack), the return value in arg1,
 * a.out naming the executable, the module and function names, an instruction offset probe
 * with the registers there, and main's entry: the process is held from its exec, so even
 * main's one call is seen.
 */
pid$target:a.out:main:entry
{
	printf("main %s %s\n", probemod, probename);
}

pid$target::pidcalls_ten:entry
{
	printf("%s:%s %d %d %d %d %d %d %d %d %d %d\n", probefunc, probename, arg0, arg1, arg2,
	    arg3, arg4, arg5, arg6, arg7, arg8, arg9);
}

pid$target::pidcalls_ten:return
{
	printf("%s:%s %d\n", probefunc, probename, arg1);
}

pid$target:libdtpid.so:dtpid_mul:entry
{
	printf("%s %s(%d, %d)\n", probemod, probefunc, arg0, arg1);
}

pid$target:libdtpid.so:dtpid_mul:return
{
	printf("%s %s = %d\n", probemod, probefunc, arg1);
}

pid$target:a.out:pidcalls_ten:4
{
	printf("%s+%s rdi=%d %A\n", probefunc, probename, uregs[R_RDI], uregs[R_PC]);
}
