inline int X = 3;
typedef unsigned long foo_t;
BEGIN { this->v = (foo_t)X; }