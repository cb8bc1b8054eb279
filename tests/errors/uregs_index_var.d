BEGIN
{
	i = R_SP;
	trace(uregs[i]);
}
