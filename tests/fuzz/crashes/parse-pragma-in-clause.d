/*
 * Found by fuzz_compile. dt_parse: dt_vec_push(&prog->list, parse_clause(&p)) while the
 * clause pushes its "#pragma" onto the same prog->list (parse_statement, TOK_PRAGMA): the
 * push checks the capacity before parse_clause runs. With 7 items before the clause the
 * vector is full: heap-buffer-overflow under clang, use-after-free under gcc (SIGSEGV in
 * build/dtrace -e -s). Fixed in 056fa2e (dt_vec_push evaluates x first); kept as a
 * regression seed.
 */
#pragma D option quiet
#pragma D option quiet
#pragma D option quiet
#pragma D option quiet
#pragma D option quiet
#pragma D option quiet
#pragma D option quiet
BEGIN
{
#pragma D option quiet
}
