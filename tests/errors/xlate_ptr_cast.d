/* xlate<T *>(e) is no address: casting it to an integer is DTrace's D_CAST_INVAL. */
struct in { int ii; };
struct out { int oi; };
translator struct out < struct in *i > { oi = i->ii; };

BEGIN
{
	trace((uintptr_t)xlate<struct out *>((struct in *)0));
}
