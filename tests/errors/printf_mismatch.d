BEGIN { printf("%e", 1); }
