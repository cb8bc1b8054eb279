register x;
extern int;
BEGIN { self y; }