/*
 * Bit-fields of a script struct, laid out as C does and read over known bytes: the
 * trigger's name ("getpid") in its task's comm. The values are what gcc reads from the same
 * bytes through the same struct.
 */
struct bits {
	unsigned int a : 4;
	int b : 5;
	unsigned int c : 7;
	int d : 13;
	char e : 3;
	unsigned long f : 40;
};

union ubits {
	char c : 7;
	unsigned short s : 12;
	long : 40;
};

syscall::getpid:entry
/pid == $target/
{
	this->p = (struct bits *)&curthread->comm;
	this->u = (union ubits *)&curthread->comm;
	printf("%s %d %d %d %d %d %d %d\n", curthread->comm, this->p->a, this->p->b, this->p->c,
	    this->p->d, this->p->e, this->p->f, sizeof (struct bits));
	printf("%d %d %d\n", this->u->c, this->u->s, sizeof (union ubits));
	exit(0);
}
