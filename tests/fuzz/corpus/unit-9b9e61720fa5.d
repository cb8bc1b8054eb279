struct s { int a; char *b; };
enum e { A, B = 2 };
BEGIN { self int z; this->q = 1; }