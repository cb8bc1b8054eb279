BEGIN
{
	trace(sizeof(struct nosuch));
}
