/*
 * Found by fuzz_load: a jump over about 30,000 instructions fit BPF's 16 bits when we made
 * it, but the kernel inlines some helper calls (map lookups) into several instructions and
 * then could not fix the jump: "insn 1029 cannot be patched due to 16-bit range". Jumps
 * over more than 2047 instructions now take gotol where the kernel has it.
 */
#pragma D option quiet
int g0, g1, g2;
string s0, s1;
BEGIN { ai[0] = 0; as[""] = ""; self->i0 = 0; self->i1 = 0; self->s0 = ""; }
#pragma D option strsize=256
syscall::write:return
{
	this->i0 = 0;
	this->s0 = "";
	self->s0 = 0 ? "" : s1;
	if ((-9223372036854775807 < rindex(execname, probeprov))) {
		self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0;
self->i1 += g0; self->i1 += g0; self->i1 += g0; self->i1 += g0; 
		this->i0 = htonl(uid);
		self->s0 = 0 ? "" : s1;
		if ((((char)((as["k"] != probeprov)) ? -(strtoll(probeprov)) : strtoll(strjoin("a/b/../c", as["k"]))) ? ~(self->i1) : progenyof((((arg0 ? ai[g0 & 7] : self->i0) / uid) * strlen(execname))))) {
		}
	}
	self->s0 = 0 ? "" : s1;
	self->s0 = 0 ? "" : s1;
}
BEGIN
{
	this->i0 = 0;
	this->s0 = "";
	self->s0 = 0 ? "" : s1;
	self->s0 = 0 ? "" : s1;
}
BEGIN
{
	this->i0 = 0;
	this->s0 = "";
	self->s0 = 0 ? "" : s1;
	self->s0 = 0 ? "" : s1;
}
