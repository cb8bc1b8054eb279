/*
 * Comparisons of strings that are not literals are a library routine, verified once: a
 * clause of sixteen nested ?: on them loads (inline, their loops' pending branches added up
 * past the verifier's limit of 8192).
 */
#pragma D option quiet

BEGIN
{
	this->s = "zz";
	printf("%d %d\n",
	    strjoin("ab", "zz") > strjoin("zz", "ab") ? 1 :
	    strjoin("Ab", "zz") > strjoin("zz", "Ab") ? 2 :
	    strjoin("aB", "zz") > strjoin("zz", "aB") ? 3 :
	    strjoin("AB", "zz") > strjoin("zz", "AB") ? 4 :
	    strjoin("ba", "zz") > strjoin("zz", "ba") ? 5 :
	    strjoin("Ba", "zz") > strjoin("zz", "Ba") ? 6 :
	    strjoin("bA", "zz") > strjoin("zz", "bA") ? 7 :
	    strjoin("BA", "zz") > strjoin("zz", "BA") ? 8 :
	    strjoin("ca", "zz") > strjoin("zz", "ca") ? 9 :
	    strjoin("{a", "zz") > strjoin("zz", "{a") ? 10 :
	    strjoin("cA", "zz") > strjoin("zz", "cA") ? 11 :
	    strjoin("CA", "zz") > strjoin("zz", "CA") ? 12 :
	    strjoin("ac", "zz") > strjoin("zz", "ac") ? 13 :
	    strjoin("Ac", "zz") > strjoin("zz", "Ac") ? 14 :
	    strjoin("aC", "zz") > strjoin("zz", "aC") ? 15 :
	    strjoin("AC", "zz") > strjoin("zz", "AC") ? 16 : 0,
	    strjoin("b", this->s) > strjoin(this->s, "a") ? 1 :
	    strjoin("b", this->s) == "bzz" ? 2 : 3);
	exit(0);
}
