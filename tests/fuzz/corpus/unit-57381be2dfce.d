BEGIN
{
	typedef int new_int;
}