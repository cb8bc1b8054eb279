/* Character constants and strings as DTrace reads them: \? \' and unknown escapes keep their
 * backslash ('\?' is 0x5c3f, "\?" two characters), known ones are one char, several chars
 * are big-endian bytes. */
BEGIN
{
	printf("%x %x %x %x %x %x %x\n", '\?', '\'', '\c', '\\', '\"', '\x4E', 'ab');
	printf("%s|%s|%d\n", "\?\\\'\"\c", "a\x4D\044\t.", strlen("\?"));
	exit(0);
}
