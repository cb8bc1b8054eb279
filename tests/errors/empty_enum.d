/* D has no empty struct, union or enum: a syntax error at the "}", as DTrace's grammar finds it */
enum e {
};
