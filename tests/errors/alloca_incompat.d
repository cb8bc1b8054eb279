/*
 * A variable holds an alloca'd pointer or another one: a ?: with one branch of each cannot
 * be assigned to it (D_ALLOCA_INCOMPAT). Pointers stay alloca'd through casts, pointer
 * arithmetic and the variables they go into; NULL goes either way.
 */
BEGIN
{
	a = (char *)alloca(4);
	this->b = a + 1;
	c = a == NULL ? (char *)50 : a;
	self->d = a ? this->b : (char *)alloca(2);
	e = a ? (char *)NULL : a;
	f = a ? (char *)curthread : this->b;
	exit(0);
}
