translator foo_t < struct bar *B > { x = B->y; z = 1; };
provider myp { probe go(int, char *); probe stop(); };
BEGIN {}