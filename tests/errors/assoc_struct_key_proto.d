/* An associative array keyed by one struct type takes no other, even of the same layout. */
struct record { int position; char content; } r;
struct pirate { int position; char content; } p;

BEGIN
{
	a[r] = 1;
	a[p] = 2;
}
