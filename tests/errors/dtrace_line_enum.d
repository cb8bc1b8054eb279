/* An enumerator's error names the line of the token after it, as DTrace does. */
enum e {
	toobig = 2147483648
};
