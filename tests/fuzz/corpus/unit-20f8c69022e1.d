struct s { char c; long l; short h; };
union u { char c[5]; int i; };
typedef struct s s_t;
enum e { A, B = 5, C, D = C * 2 };
BEGIN { trace(1 / (sizeof (struct s) == 24 && offsetof(s_t, h) == 16 &&
    sizeof (union u) == 8 && C == 6 && D == 12)); }