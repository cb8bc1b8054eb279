/*
 * cleanpath() on DTrace's own test paths (their expected output is DTrace's, verbatim),
 * then on more: ".." at the root, "x/.." with no '/' before x (DTrace backs up to the
 * start and keeps a '/'), names that only begin with dots.
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
BEGIN { exit(0); }
