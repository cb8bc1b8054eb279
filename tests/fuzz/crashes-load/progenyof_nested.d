/*
 * Found by fuzz_load: 32 progenyof( ) calls in the clauses of one probe, each a 64-step
 * loop inlined at its call site, leave the verifier more than 8192 branches to come back
 * to: "The sequence of 8193 jumps is too complex" (a kernel refusal, no D error). Loads
 * since library routines are BPF subprograms, verified once each.
 */
syscall:::entry
{
	@q = quantize(progenyof(progenyof(progenyof(progenyof(progenyof(7))))));
	@q = quantize(progenyof(progenyof(progenyof(progenyof(progenyof(7))))));
	@q = quantize(progenyof(progenyof(progenyof(progenyof(progenyof(7))))));
	@q = quantize(progenyof(progenyof(progenyof(progenyof(progenyof(7))))));
	@q = quantize(progenyof(progenyof(progenyof(progenyof(progenyof(7))))));
}
syscall:::entry
/progenyof(progenyof(progenyof(progenyof(progenyof(7)))))/
{
	@q = quantize(progenyof(progenyof(7)));
}
