enum e { A = 1 };
enum f { B, A = 2 };