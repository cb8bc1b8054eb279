/*
 * Bit-fields of a script struct, laid out as DTrace does (each in bytes of its own, at the
 * byte after the previous member, aligned to its size: ceil(width / 8) rounded up to a power
 * of two) and read over known bytes: the trigger's name ("getpid", 67 65 74 70 69 64 00...)
 * in its task's comm. a is byte 0's low 4 bits (7), b byte 1's low 5 (5), c byte 2's low 7
 * (116), d the low 13 bits of bytes 4-5 (0x469), e byte 6 (0), f bytes 8-12 (0): 16 bytes.
 * The union's members all start at byte 0; the unnamed 40-bit field makes it 8 bytes.
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
