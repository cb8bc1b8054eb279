/*
 * uregs[] on a system call entry, made by the regs trigger with known registers: the
 * arguments, the system call number in orig_ax (R_ERR), -ENOSYS in rax (the kernel sets it
 * before the call), the user code and stack segments of x86-64 Linux, rip and rflags as the
 * syscall instruction also left them in rcx and r11, and the aliases of the Solaris names.
 */
inline int SPR = R_SP;

syscall::getppid:entry
/pid == $target/
{
	printf("args %x %x %x %x %x %x\n", uregs[R_RDI], uregs[R_RSI], uregs[R_RDX],
	    uregs[R_R10], uregs[R_R8], uregs[R_R9]);
	printf("nr %d rax %d\n", uregs[R_ERR], (int64_t)uregs[R_RAX]);
	printf("cs %x ss %x ds %x es %x\n", uregs[R_CS], uregs[R_SS], uregs[R_DS], uregs[R_ES]);
	printf("pc==rcx %d rfl==r11 %d\n", uregs[R_PC] == uregs[R_RCX],
	    uregs[R_RFL] == uregs[R_R11]);
	printf("aliases %d %d %d %d\n", uregs[R_EDI] == uregs[R_RDI], uregs[R_SP] == uregs[R_RSP],
	    uregs[R_R0] == uregs[R_EAX], uregs[R_PS] == uregs[R_EFL]);
	printf("index %d %d\n", uregs[R_R9 + 2] == uregs[R_RAX], uregs[SPR] == uregs[R_RSP]);
	/* DTrace on Linux's numbering, as its own test prints it */
	printf(" %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d\n",
	    R_PC, R_SP, R_R0, R_R1, R_CS, R_GS, R_ES, R_DS, R_EDI, R_ESI, R_EBP, R_EAX, R_ESP,
	    R_EAX, R_EBX, R_ECX, R_EDX, R_TRAPNO, R_ERR, R_EIP, R_CS, R_EFL, R_SS);
}
