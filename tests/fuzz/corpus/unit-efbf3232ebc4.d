profile-1:int i
{
	exit(0);
}
