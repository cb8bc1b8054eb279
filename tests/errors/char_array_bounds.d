/*
 * A constant index past a kernel char array read as a string (task_struct's comm, 16 bytes)
 * is D_ARR_BOUNDS, naming the array's length; the index may be any constant expression.
 */
BEGIN
{
	trace(curthread->comm[8 * 2]);
}
