int `a;
int `b;