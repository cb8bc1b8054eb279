/*
 * A translator written with braces where its input's <> go: "struct out {" defines struct out
 * a second time, the error DTrace's parser finds first.
 */
struct in { int i; } *uvar;
struct out { int myi; };

translator struct out
{
	struct in *uvar
}
{
	myi = uvar->i;
};
