/*
 * float and double variables (zero until written through a union, as D has no
 * floating-point arithmetic) print with %e, %f, %g, %E, %G as in DTrace.
 */
float f;
double d;
union { uint64_t i; double d; } u;
union { uint32_t i; float f; } v;

tick-1ms
{
	printf("%e %f %g %E %G\n", f, f, f, f, f);
	printf("%e %f %g\n", d, d, d);
	u.i = 0x3ff8000000000000;
	v.i = 0xc0200000;
	printf("%f %e %g|%.2f %G|%8.3f|\n", u.d, u.d, u.d, v.f, v.f, u.d);
	exit(0);
}
