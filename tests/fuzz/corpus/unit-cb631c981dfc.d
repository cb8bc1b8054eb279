typedef struct dqstr { int h; char *n; } dqstr_t;
struct D`dqstr *p;
BEGIN { trace(1 / (sizeof (D`dqstr_t) == 16 && sizeof (struct C`dqstr) == 16 &&
    offsetof(struct D`dqstr, n) == 8 && sizeof (*p) == 16)); }