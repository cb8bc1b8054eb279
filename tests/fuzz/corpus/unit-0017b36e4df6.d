union u { int x; }
struct b rec;