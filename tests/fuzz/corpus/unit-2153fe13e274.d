int f(int a,
      char *a);