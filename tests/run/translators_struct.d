/*
 * Translators from a struct (not a pointer) and whole translated structs: x = xlate<T>(e)
 * assigns each member the translator defines (others keep their value), into a declared
 * variable, a new one, and a clause-local one.
 */
#pragma D option quiet

struct in { int i; char c; };
struct out { int twice; char upper; int untouched; };

translator struct out < struct in v > {
	twice = ((struct in)v).i * 2;
	upper = v.c - 32;
};

struct in src;
struct out dst;
this struct out t;

syscall::getpid:entry
/pid == $target/
{
	src.i = 21;
	src.c = 'q';
	dst.untouched = 7;
	dst = xlate<struct out>(src);
	fresh = xlate<struct out>(src);
	this->t = xlate<struct out>(src);
	printf("%d %c %d | %d %c %d | %d %c\n", dst.twice, dst.upper, dst.untouched,
	    fresh.twice, fresh.upper, fresh.untouched, this->t.twice, this->t.upper);
	exit(0);
}
