/* Two descriptions without a comma: a description with no predicate and no actions. */
profile-1:int i
{
	exit(0);
}
