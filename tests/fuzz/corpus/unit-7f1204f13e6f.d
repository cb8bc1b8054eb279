typedef int foo_t;
BEGIN { x = (foo_t int)1; }