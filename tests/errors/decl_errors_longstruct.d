/* ... long and unsigned qualify only integers */
long struct s
{
	int i;
};
