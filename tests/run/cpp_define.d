/*
 * -C: #include of a header next to the script, object and function-like macros, -D and -U
 * from the command line (in order), #if / #ifdef / #else.
 */
#include "cpp_header.h"

BEGIN
{
	printf("%s %d %d\n", GREETING, ANSWER, TWICE(ANSWER));
#ifdef FROM_CMDLINE
	printf("-D: %s\n", FROM_CMDLINE);
#endif
#ifdef UNDONE
	printf("-U did not undefine UNDONE\n");
#else
	printf("-U: UNDONE undefined\n");
#endif
#if LEVEL > 2
	printf("LEVEL %d > 2\n", LEVEL);
#elif LEVEL == 2
	printf("LEVEL is 2\n");
#else
	printf("LEVEL %d < 2\n", LEVEL);
#endif
	exit(0);
}
