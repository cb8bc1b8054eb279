/*
 * Module-scoped type names: D`t and struct C`s are the program's own types, vmlinux`t and
 * struct vmlinux`s the kernel's; they share one namespace. The root directory's name, read
 * through a script type laid over the kernel's struct qstr, agrees with the kernel's.
 */
typedef struct qhead {
	unsigned int hash;
	unsigned int len;
} qhead_t;

BEGIN
{
	this->q = (D`qhead_t *)&curthread->fs->root.dentry->d_name;
	printf("%d %d %d %d\n", this->q->len == curthread->fs->root.dentry->d_name.len,
	    sizeof (struct C`qhead), sizeof (vmlinux`u64),
	    sizeof (struct vmlinux`qstr) == sizeof (struct qstr));
	exit(0);
}
