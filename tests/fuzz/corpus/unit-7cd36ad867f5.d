void func(int, int);
struct s { int (*fp)(); int (*afp[2])(void); char *(*pa)[3]; int f(); };
typedef long (*cb_t)(struct foo *f, const char *, ...);