/*
 * With -x empty a program with nothing in it compiles; then no probes match, as DTrace
 * says after its "matched 0 probes".
 */
