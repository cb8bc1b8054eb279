void func(int, int);
struct s { int i; int (*fp)(); int (*afp[2])(struct nosuch *);
  void (*cb)(int, char *, ...); char (*pa)[3]; };
typedef int (*handler_t)(void *arg, long);
BEGIN { trace(1 / (sizeof (struct s) == 48 && offsetof(struct s, afp) == 16 &&
    offsetof(struct s, pa) == 40 && sizeof (handler_t) == 8 &&
    sizeof (int (*)(int)) == 8 && sizeof (int [4]) == 16)); }