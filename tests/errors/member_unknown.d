BEGIN
{
	trace(curthread->nosuch);
}
