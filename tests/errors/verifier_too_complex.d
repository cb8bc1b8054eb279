/*
 * A program the kernel's verifier gives up on (its million instructions; found by
 * fuzz_load): dtrace says which program and lists its clauses, and what to do.
 */
#pragma D option quiet
int g0, g1, g2;
string s0, s1;
BEGIN { ai[0] = 0; as[""] = ""; self->i0 = 0; self->i1 = 0; self->s0 = ""; }
syscall::getpid:entry, syscall::getppid:entry
/rindex(self->s0, strjoin(strtok("A-Z", "/"), execname))/
{
	this->i0 = 0;
	this->s0 = "";
	if (ntohs(index(strtok(strstr(execname, "a/b/../c"), "/"), "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrst"))) {
	}
	@s = sum(((strjoin(strstr("", probemod), cleanpath(execname)) != strstr(strstr(probemod, probeprov), strjoin("1234", probename))) - 0xffffffff));
}
END
/curthread->pid/
{
	this->i0 = 0;
	this->s0 = "";
	printf("%d %s %x\n", (rand() | (rand() >> cpu)), "a/b/../c", self->i0);
	g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;
g1++; g1++; g1++; g1++; g1++; g1++; g1++; g1++;

	if (rindex(strstr("", ""), lltostr(rand()))) {
	} else {
		self->i1 <<= 1;
	}
	if (self->i1) {
		trace(strlen(execname));
		@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count();
@c = count(); @c = count(); @c = count(); @c = count(); @c = count(); @c = count(); 
		this->s0 = "";
	} else {
		@q = quantize(htonll(0x7fffffff));
		self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; 
		this->i0 = rindex(lltostr(progenyof(rindex(probemod, probename))), execname);
		if ((progenyof(0x7fffffffffffffff) - arg0)) {
			self->s0 = 0 ? "" : s1;
			ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;
ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++; ai[g0 & 3]++;

			if (0) {
			}
			g0 = 0;
		}
	}
	g0 = 0;
	g0 = 0;
}
BEGIN
{
	this->i0 = 0;
	this->s0 = "";
}
BEGIN
{
	this->i0 = 0;
	this->s0 = "";
}
BEGIN
{
	this->i0 = 0;
	this->s0 = "";
}
