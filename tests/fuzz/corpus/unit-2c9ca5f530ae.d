inline int foo = timestamp;
inline int foo = 8;