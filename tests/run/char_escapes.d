/* Character constants as DTrace reads them: \? \' and unknown escapes keep their backslash
 * ('\?' is 0x5c3f), known ones are one char, several chars are big-endian bytes. */
BEGIN
{
	printf("%x %x %x %x %x %x %x\n", '\?', '\'', '\c', '\\', '\"', '\x4E', 'ab');
	exit(0);
}
