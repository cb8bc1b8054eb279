/* Sizes known while compiling that scratch space can never hold are errors (D_ALLOCA_SIZE). */
#pragma D option scratchsize=1024

BEGIN
{
	ptr = alloca(1025);
	this->p = copyin(0, 1025);
	this->q = alloca(-1);
	this->r = alloca(1024);
	exit(0);
}
