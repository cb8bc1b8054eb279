struct s {
	char a : 10;
};