inline int foo = 0;
#pragma