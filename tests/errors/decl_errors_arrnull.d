/* DTrace's declaration checks: an array needs a dimension or key types */
int a[];
