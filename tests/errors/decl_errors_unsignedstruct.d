/* ... unsigned qualifies only integers */
unsigned struct s {
	int i;
};
