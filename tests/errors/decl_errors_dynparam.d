/* ... nor is it an associative array */
int f(int a[int]);
