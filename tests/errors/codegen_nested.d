/*
 * A code generation error is a compile error at the node being generated: here, operands
 * nested deeper than the BPF stack has slots to keep them in while the inner ones are computed.
 */
syscall::getpid:entry
{
	x = arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    (arg0 +
	    1))))))))))))))))))))))))))))))))))))))))))))))))))));
}
