BEGIN { static
  extern int x; }