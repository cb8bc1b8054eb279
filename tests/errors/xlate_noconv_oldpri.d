/* lwpsinfo_t has pr_oldpri, as in DTrace, but Linux has nothing to translate it from */
BEGIN
{
	trace(curlwpsinfo->pr_oldpri);
}
