int x;
self int y;
this string s;
uint64_t a, *b;
int c[string, int];
BEGIN { x = 1; }