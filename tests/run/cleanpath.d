/*
 * cleanpath() by DTrace on Linux's rules (Oracle's tests' paths and their output, then
 * more): no trailing '/', "." names gone, ".." taking the name before it, kept at the start
 * of a relative path, dropped at the root; nothing left of a relative path is ".".
 */
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/baz", cleanpath("/foo/bar/baz")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar///baz/", cleanpath("/foo/bar///baz/")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/baz/", cleanpath("/foo/bar/baz/")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/baz//", cleanpath("/foo/bar/baz//")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/baz/.", cleanpath("/foo/bar/baz/.")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/baz/./", cleanpath("/foo/bar/baz/./")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/../../baz/.//", cleanpath("/foo/bar/../../baz/.//")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "foo/bar/./././././baz/", cleanpath("foo/bar/./././././baz/")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/baz/../../../../../../", cleanpath("/foo/bar/baz/../../../../../../")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/../../../../../../", cleanpath("/../../../../../../")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/./", cleanpath("/./")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/foo/bar/baz/../../bop/bang/../../bar/baz/", cleanpath("/foo/bar/baz/../../bop/bang/../../bar/baz/")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "./", cleanpath("./")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "//", cleanpath("//")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/.", cleanpath("/.")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/./", cleanpath("/./")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/./.", cleanpath("/./.")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/.//", cleanpath("/.//")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", ".", cleanpath(".")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/////", cleanpath("/////")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "", cleanpath("")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/..", cleanpath("/..")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/../", cleanpath("/../")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/../x", cleanpath("/../x")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/x/..", cleanpath("/x/..")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/x/../", cleanpath("/x/../")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "x/..", cleanpath("x/..")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "a/../b", cleanpath("a/../b")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "../a/./b", cleanpath("../a/./b")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/a/...b/..c/.d", cleanpath("/a/...b/..c/.d")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/a/b/c/../../../..", cleanpath("/a/b/c/../../../..")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/usr//lib/../share/./man", cleanpath("/usr//lib/../share/./man")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "...", cleanpath("...")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "../..", cleanpath("../..")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "a/../..", cleanpath("a/../..")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "./a", cleanpath("./a")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", ".a/", cleanpath(".a/")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "a/./.", cleanpath("a/./.")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "../../x/../y", cleanpath("../../x/../y")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "a//b//", cleanpath("a//b//")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/../a/../../b/", cleanpath("/../a/../../b/")); }
BEGIN { printf("cleanpath(\"%s\") = \"%s\"\n", "/d00/d01/d02/d03/d04/d05/d06/d07/d08/d09/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/d20/d21/d22/d23/d24/d25/d26/d27/d28/d29/d30/d31/d32/d33/d34/d35/d36/d37/d38/d39/../x", cleanpath("/d00/d01/d02/d03/d04/d05/d06/d07/d08/d09/d10/d11/d12/d13/d14/d15/d16/d17/d18/d19/d20/d21/d22/d23/d24/d25/d26/d27/d28/d29/d30/d31/d32/d33/d34/d35/d36/d37/d38/d39/../x")); }
BEGIN { exit(0); }
