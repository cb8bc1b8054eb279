/*
 * Eight calls of each library routine in one clause, on a real probe: the path the trigger
 * opens, "/proc/./self//../version" (which is /proc/version). Each routine is one BPF
 * subprogram of the program, called from every call site (dt_cg_lib.c); inlined, eight
 * dirname() of a copyinstr() in one clause failed to load ("The sequence of 8193 jumps is
 * too complex"). Calls nested in calls, and two in one printf(), whose results must not
 * overwrite each other. (The expected output is what the same calls printed one to a clause
 * before they became subprograms.)
 */
#pragma D option quiet

syscall::openat:entry
/pid == $target/
{
	self->want = copyinstr(arg1) == "/proc/./self//../version";
}

/* the shape that failed: eight statements, each a dirname() of a copyinstr() */
syscall::openat:entry
/self->want/
{
	printf("E0: [%s]\n", dirname(copyinstr(arg1)));
	printf("E1: [%s]\n", dirname(copyinstr(arg1)));
	printf("E2: [%s]\n", dirname(copyinstr(arg1)));
	printf("E3: [%s]\n", dirname(copyinstr(arg1)));
	printf("E4: [%s]\n", dirname(copyinstr(arg1)));
	printf("E5: [%s]\n", dirname(copyinstr(arg1)));
	printf("E6: [%s]\n", dirname(copyinstr(arg1)));
	printf("E7: [%s]\n", dirname(copyinstr(arg1)));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "D", dirname(copyinstr(arg1)),
	    dirname(dirname(copyinstr(arg1))));
	printf("%s: [%s] [%s]\n", "D", dirname(dirname(dirname(copyinstr(arg1)))),
	    dirname(strjoin(copyinstr(arg1), "/x")));
	printf("%s: [%s] [%s]\n", "D", dirname("/"),
	    dirname("a"));
	printf("%s: [%s] [%s]\n", "D", dirname(""),
	    dirname("//usr//lib//"));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "B", basename(copyinstr(arg1)),
	    basename(dirname(copyinstr(arg1))));
	printf("%s: [%s] [%s]\n", "B", basename(basename(copyinstr(arg1))),
	    basename(strjoin(copyinstr(arg1), "//")));
	printf("%s: [%s] [%s]\n", "B", basename("/"),
	    basename(""));
	printf("%s: [%s] [%s]\n", "B", basename("a"),
	    basename("/usr/lib/"));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "C", cleanpath(copyinstr(arg1)),
	    cleanpath(dirname(copyinstr(arg1))));
	printf("%s: [%s] [%s]\n", "C", cleanpath(strjoin(copyinstr(arg1), "/../../..")),
	    cleanpath(strjoin(copyinstr(arg1), "/./x/.")));
	printf("%s: [%s] [%s]\n", "C", cleanpath("/a/b/../../../c"),
	    cleanpath("//a//b//"));
	printf("%s: [%s] [%s]\n", "C", cleanpath("a/./b/.."),
	    cleanpath(cleanpath(copyinstr(arg1))));
}

syscall::openat:entry
/self->want/
{
	printf("%s: [%s] [%s]\n", "T", strtok(copyinstr(arg1), "/"),
	    strtok(NULL, "/"));
	printf("%s: [%s] [%s]\n", "T", strtok(NULL, "/."),
	    strtok(NULL, "/"));
	printf("%s: [%s] [%d]\n", "T", strtok(NULL, "/"),
	    strtok(NULL, "") == NULL);
	printf("%s: [%d] [%s]\n", "T", strtok(NULL, "/") == NULL,
	    strtok("x,y", ","));
}

syscall::openat:entry
/self->want/
{
	this->p = (uint64_t *)alloca(14 * 8);
	this->p[0] = htonll(0x20010db800000000); this->p[1] = htonll(1);
	this->p[2] = htonll(0xfe80000000000000); this->p[3] = htonll(0x000a00b00c00d000);
	this->p[4] = 0; this->p[5] = 0;
	this->p[6] = htonll(0x0000000000000000); this->p[7] = htonll(0x0000ffffc0a80101);
	this->p[8] = htonll(0x0000000000000000); this->p[9] = htonll(0x0000ffffc0a80101);
	this->p[10] = htonll(0x0001000100010001); this->p[11] = htonll(0x0001000100000000);
	this->p[12] = htonll(0xabcdef0123456789); this->p[13] = htonll(0xabcdef0123456789);
	printf("%s: [%s] [%s]\n", "I", inet_ntop(10, this->p),
	    inet_ntop(10, this->p + 2));
	printf("%s: [%s] [%s]\n", "I", inet_ntop(10, this->p + 4),
	    inet_ntop(10, this->p + 6));
	printf("%s: [%s] [%s]\n", "I", inet_ntop(2, this->p + 6),
	    inet_ntoa6((struct in6_addr *)(this->p + 8)));
	printf("%s: [%s] [%s]\n", "I", inet_ntop(10, this->p + 10),
	    inet_ntop(10, this->p + 12));
}

syscall::openat:return
/self->want/
{
	this->f = curthread->files->fdt->fd[arg1];
	this->p = &this->f->f_path;
	printf("%s: [%s] [%s]\n", "P", d_path(this->p),
	    d_path(&curthread->fs->root));
	printf("%s: [%s] [%s]\n", "P", basename(d_path(&curthread->fs->pwd)),
	    __fi_mount(this->p));
	printf("%s: [%s] [%s]\n", "P", d_path(&this->f->f_path),
	    cleanpath(d_path(this->p)));
	printf("%s: [%s] [%s]\n", "P", d_path(&curthread->fs->root),
	    __fi_pathname(this->p));
}

syscall::openat:return
/self->want/
{
	self->want = 0;
}
