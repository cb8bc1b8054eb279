/*
 * An extern array may leave its dimension out, as in C ("extern int a[];" names a kernel array
 * of unstated size); only other array declarations need a dimension or a key signature
 * (D_DECL_ARRNULL, errors/).
 */
#pragma D option quiet

extern int ext_nodim[];
extern int ext_dims[2][3], ext_more[];

BEGIN
{
	printf("declared\n");
	exit(0);
}
