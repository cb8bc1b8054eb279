/* cpp_header.h: included by the -C tests (cpp_define.d, cpp_line.d, cpp_misc.sh). */
#define GREETING "hello from the header"
#define ANSWER (40 + 2)
#define TWICE(x) ((x) * 2)
