/*
 * -C: after an #include and multi-line macros, an error still names the script's own line
 * (cpp's line markers), and the caret sits under the text that was parsed.
 */
#include "../run/cpp_header.h"
#define LONG_MACRO(a, b) \
	((a) + \
	 (b))

BEGIN
{
	x = LONG_MACRO(1, 2);
	y = TWICE(x) +;
}
