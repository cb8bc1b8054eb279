struct s {
	int a, vmlinux`b;
};