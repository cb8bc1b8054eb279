/* Unless -x pspec, "int*x" at top level is a declaration (DTrace), and one without its
 * ";" ends at the end of input. */
int*x
