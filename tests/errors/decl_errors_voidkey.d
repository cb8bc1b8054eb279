/* ... nor void */
int a[void, char];
