/*
 * bool is D's name of C99's _Bool, a 1-byte integer, as in DTrace: a type for this-> and
 * global declarations, casts and sizeof, the same type as the kernel's bool (BTF's).
 */
this bool done;
bool flag;

BEGIN
{
	this->done = 1;
	flag = this->done;
	printf("%d %d %d %d %d\n", this->done, flag, sizeof (bool), sizeof (_Bool),
	    (bool)1 == (_Bool)1);
	exit(0);
}
