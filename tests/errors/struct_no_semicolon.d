/* A struct definition without its ";" runs into the next one (D_DECL_COMBO), line 6. */
struct a {
	int x;
}

struct b {
	int y;
};

BEGIN
{
	exit(0);
}
