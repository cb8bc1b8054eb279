/*
 * A program with nothing in it is DTrace's D_EMPTY, at its end (the line after the last);
 * -x empty allows it (then no probes match).
 */
