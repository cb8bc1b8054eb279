/* mutex_owned() and friends take one struct mutex *, as DTrace's prototypes say. */
BEGIN
{
	mutex_owned();
	mutex_type_adaptive(0, 99);
	exit(0);
}
