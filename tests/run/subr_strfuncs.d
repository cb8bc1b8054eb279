/* substr, index, rindex, strstr, strchr, strrchr, toupper, tolower, lltostr, strtoll,
 * basename, dirname, htons.., getmajor/getminor, progenyof on literals (DTrace semantics). */
BEGIN {
	printf("[%s] [%s] [%s] [%s] [%s]\n", substr("foobarbazbop", 3), substr("foobarbazbop", -10, -5), substr("foobarbazbop", -24, 13), substr("abcde", -10), substr("foobarbazbop", 400, 2));
	printf("%d %d %d %d %d %d\n", index("foobarbaz", "barbaz"), rindex("foofoofoo", "foo"), index("foofoofoo", "foo", 4), rindex("foofoofoo","foo",4), index("foobar",""), rindex("foobar", ""));
	printf("[%s] [%s] [%s] %d\n", strstr("foobarbaz", "bar"), strchr("a/b/c", '/'), strrchr("a/b/c", '/'), strchr("abc", 'z') == NULL);
	printf("[%s] [%s]\n", toupper("Hello, World 1"), tolower("Hello, World 1"));
	printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", lltostr(-123), lltostr(0), lltostr(255, 16), lltostr(8, 8), lltostr(5, 2), lltostr(0, 16));
	printf("%d %d %d %d %d\n", strtoll("  -42abc"), strtoll("0x1f", 16), strtoll("777", 8), strtoll("zz", 36), strtoll(""));
	printf("[%s] [%s] [%s] [%s] [%s]\n", basename("/foo/bar/"), basename("/"), basename(""), basename("foo"), basename("/usr/lib"));
	printf("[%s] [%s] [%s] [%s] [%s]\n", dirname("/foo/bar/"), dirname("/"), dirname(""), dirname("foo"), dirname("/foo"));
	printf("%x %x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708), ntohs(0x3412));
	printf("%d %d %d\n", getmajor(0x800003), getminor(0x800003), progenyof(1));
	exit(0);
}
