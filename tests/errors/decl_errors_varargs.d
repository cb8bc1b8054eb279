/* ... an array's keys are not a variable-length list */
int a[...];
