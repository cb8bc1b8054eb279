/* freopen(".") is refused, as DTrace refuses it (D_FREOPEN_INVALID). */
BEGIN
{
	freopen(".");
}
