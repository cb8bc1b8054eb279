/* A translator's errors name the line of its end: DTrace checks it there. */
struct in { int i; };
struct out { int o; };

translator struct out < struct in *p >
{
	nosuch = p->i;
};
