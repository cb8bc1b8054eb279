/*
 * Eight calls of each of the library routines substr(), index(), rindex(), strstr(),
 * strchr(), strrchr(), lltostr(), strtoll(), toupper(), tolower() and progenyof() in one
 * clause, on a real probe: the path the trigger opens, "/proc/./self//../version". Each
 * routine (and each variant: with or without a start or a length) is one BPF subprogram of
 * the program, called from every call site (dt_cg_lib.c). Calls nested in calls, and two in
 * one printf(), whose results must not overwrite each other. (The expected output is what
 * the same calls printed one to a clause before they became subprograms.)
 */
#pragma D option quiet

syscall::openat:entry
/pid == $target/
{
	self->want = copyinstr(arg1) == "/proc/./self//../version";
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "S", substr(copyinstr(arg1), 1),
	    substr(copyinstr(arg1), -7, 3));
	printf("%s: [%s] [%s]\n", "S", substr(copyinstr(arg1), 3, -2),
	    substr(substr(copyinstr(arg1), 2), 2, 4));
	printf("%s: [%s] [%s]\n", "S", substr("abc", 5),
	    substr("abcdef", -10, 8));
	printf("%s: [%s] [%s]\n", "S", substr(copyinstr(arg1), 0, 0),
	    substr(copyinstr(arg1), 6, 100));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "X", lltostr(index(copyinstr(arg1), "/")),
	    lltostr(index(copyinstr(arg1), "/", 2)));
	printf("%s: [%s] [%s]\n", "X", lltostr(rindex(copyinstr(arg1), "/")),
	    lltostr(rindex(copyinstr(arg1), "/", 10)));
	printf("%s: [%s] [%s]\n", "X", lltostr(index(copyinstr(arg1), "self")),
	    lltostr(index(copyinstr(arg1), "nope")));
	printf("%s: [%s] [%s]\n", "X", lltostr(rindex(copyinstr(arg1), "")),
	    lltostr(index("", "")));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "R", strstr(copyinstr(arg1), "self"),
	    strstr(copyinstr(arg1), "//"));
	printf("%s: [%d] [%s]\n", "R", strstr(copyinstr(arg1), "nope") == NULL,
	    strchr(copyinstr(arg1), '.'));
	printf("%s: [%s] [%d]\n", "R", strrchr(copyinstr(arg1), '.'),
	    strchr(copyinstr(arg1), 'x') == NULL);
	printf("%s: [%s] [%s]\n", "R", strrchr(strstr(copyinstr(arg1), "self"), '/'),
	    strchr(strrchr(copyinstr(arg1), '/'), 'v'));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "L", lltostr(strlen(copyinstr(arg1))),
	    lltostr(-1234567));
	printf("%s: [%s] [%s]\n", "L", lltostr(255, 16),
	    lltostr(8, 8));
	printf("%s: [%s] [%s]\n", "L", lltostr(0, 2),
	    lltostr(strtoll("-0x1f", 16)));
	printf("%s: [%s] [%s]\n", "L", lltostr(strtoll(substr(copyinstr(arg1), 20), 10)),
	    lltostr(strtoll("  +777", 8)));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "U", toupper(copyinstr(arg1)),
	    tolower("MiXeD/Path"));
	printf("%s: [%s] [%s]\n", "U", toupper(tolower(copyinstr(arg1))),
	    tolower(toupper(substr(copyinstr(arg1), 6))));
	printf("%s: [%s] [%s]\n", "U", toupper(""),
	    tolower("abc123XYZ"));
	printf("%s: [%s] [%s]\n", "U", toupper(strjoin(copyinstr(arg1), "!z")),
	    tolower(basename(copyinstr(arg1))));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "G", lltostr(progenyof(pid)),
	    lltostr(progenyof(ppid)));
	printf("%s: [%s] [%s]\n", "G", lltostr(progenyof($pid)),
	    lltostr(progenyof(99999999)));
	printf("%s: [%s] [%s]\n", "G", lltostr(progenyof(-1)),
	    lltostr(progenyof(123456789)));
	printf("%s: [%s] [%s]\n", "G", lltostr(progenyof($target)),
	    lltostr(progenyof(pid + 1000000)));
}

syscall::openat:return
/self->want/
{
	self->want = 0;
}
