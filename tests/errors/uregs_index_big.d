BEGIN
{
	trace(uregs[R_TRAPNO]);
	trace(uregs[R_TRAPNO + 17]);
}
