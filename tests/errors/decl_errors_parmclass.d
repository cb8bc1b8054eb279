/* ... a parameter has no storage class */
int f(static int);
