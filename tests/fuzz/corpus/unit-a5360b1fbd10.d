struct s {
	struct nosuch x;
};