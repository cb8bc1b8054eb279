/*
 * stack( ), ustack( ) and jstack( ) arguments with DTrace's tags: a non-integer is D_PROTO_ARG
 * against uint32_t, a frame count that is not a positive constant D_STACK_SIZE (stack) or
 * D_USTACK_FRAMES, a bad string size D_USTACK_STRSIZE; stringof( ) of a struct is
 * D_STRINGOF_TYPE; a second typedef of a name says so.
 */
typedef int new_int;
typedef char new_int;

BEGIN
{
	stack(-1);
	stack(0);
	stack("x");
	stack(1, 2);
	ustack(0);
	ustack(1, -5);
	ustack(1, "x");
	ustack(1, 2, 3);
	jstack(0);
	trace(stringof(*curthread));
}
