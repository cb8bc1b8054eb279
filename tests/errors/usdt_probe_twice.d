provider myprov {
	probe one(int);
	probe two(char *);
	probe one(long);
};
