/* -C: DTrace's predefined macros on Linux x86-64, and what must stay undefined. */
BEGIN
{
#if defined(__linux) && defined(__unix) && defined(__SVR4) && defined(__Linux)
	printf("__linux __unix __SVR4 __Linux\n");
#endif
#if __SUNW_D == 1 && defined(__SUNW_D_64)
	printf("__SUNW_D=1 __SUNW_D_64\n");
#endif
#if __SUNW_D_VERSION == 0x01006004
	printf("__SUNW_D_VERSION 1.6.4\n");
#endif
#if defined(_LP64) && defined(__x86_64) && defined(__amd64)
	printf("_LP64 __x86_64 __amd64\n");
#endif
#if !defined(__GNUC__) && !defined(linux) && !defined(unix)
	printf("no __GNUC__, linux, unix\n");
#endif
	exit(0);
}
