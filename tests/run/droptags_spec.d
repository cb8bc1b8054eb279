/*
 * -x droptags: drop messages begin with DTrace's tag. A speculation of 32 bytes cannot hold
 * this record, so it is a speculative drop: [DTRACEDROP_SPEC].
 */
#pragma D option quiet
#pragma D option droptags
#pragma D option nspec=1
#pragma D option specsize=32

BEGIN
{
	s = speculation();
	speculate(s);
	printf("%s\n", "longer than thirty-two bytes of speculation buffer");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
