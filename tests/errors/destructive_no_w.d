BEGIN
{
	system("true");
}
