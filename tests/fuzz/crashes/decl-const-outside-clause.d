/*
 * Found by fuzz_compile. A bit-field's width, an enumerator's value or an array dimension
 * at the top level was analysed with no clause (s->clause NULL): a built-in variable such
 * as arg0 noted what it needs in it. They are analysed with a stand-in clause now.
 */
struct s { int *p : 3; int : arg0; };
enum e { A = arg0 };
int a[arg0];
