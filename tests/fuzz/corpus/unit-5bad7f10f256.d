struct s { int a; char n[4]; } x; int a[2]; this struct s t;
BEGIN { x.a = 1; x.n = "abc"; a[1] += x.a; ++x.a; t = x; y = t; t.a--; }