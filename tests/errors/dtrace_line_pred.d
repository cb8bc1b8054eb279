/* DTrace names the line its lexer had reached: a predicate's operator error is blamed on the
 * line of the "{" after the closing "/" (the caret stays on the operator). */
BEGIN
/"a" & "b"/
{
	exit(0);
}
