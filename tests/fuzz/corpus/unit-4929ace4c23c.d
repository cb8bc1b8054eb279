struct s { unsigned a : 3; char b : 2; };
BEGIN { trace(1 / (sizeof (((struct s *)0)->a + ((struct s *)0)->b) == 4)); }