struct s {
	int a : 3, : 2;
	unsigned b : N + 1;
	int : 0;
};