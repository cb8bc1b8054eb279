/* A bit-field wider than its type (D_DECL_BFSIZE), on line 3. */
struct rec {
	char a : 10;
};

BEGIN
{
	exit(0);
}
