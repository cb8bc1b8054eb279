typedef int my_t;
struct D`s *p;
BEGIN { x = (D`my_t *)0; y = sizeof (struct C`s); z = (D`my_t)1; }