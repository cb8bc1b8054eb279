/*
 * An inline integer constant is a constant where D wants one: lquantize()'s bounds and step
 * (cpuwalk's inline NCPU), alone and in an expression; its value is the inline's type's
 * (char: 300 is 44).
 */
#pragma D option quiet

inline int NCPU = 2;
inline int STEP = 1;
inline char SMALL = 300;

BEGIN
{
	@a = lquantize(1, 0, NCPU, STEP);
	@b = lquantize(2, 0, NCPU * 2, STEP);
	@c = lquantize(1, 0, SMALL, 20);
	exit(0);
}
