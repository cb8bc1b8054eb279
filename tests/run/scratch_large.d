/*
 * The largest scratch space (scratchsize=8k) with the largest strings (strsize=1024) still
 * fits the per-CPU scratch value, and the verifier takes copies of any size into it.
 */
#pragma D option quiet
#pragma D option scratchsize=8k
#pragma D option strsize=1024

BEGIN
{
	this->p = (char *)alloca(8192);
	this->n = 8192;
	bcopy((void *)curthread, this->p, this->n);
	this->s = strjoin(execname, "!");
	printf("%d %s\n", *(long *)this->p == *(long *)curthread, this->s);
	exit(0);
}
