/* An unterminated string: DTrace names the line after it (its lexer has read the newline);
 * the caret shows the opening quote. */
BEGIN
{
	s = "no end
	;
}
