/*
 * stringof() of a kernel char array compared with a string: the comparison reads as much
 * as the array's copy holds (it read strsize bytes from a 16-byte copy, which the verifier
 * refused at the end of the scratch value).
 */
BEGIN
{
	printf("%d %d %d\n", stringof(curthread->comm) == "dtrace",
	    stringof(curthread->comm) != "dtrace", "dtrace" == stringof(curthread->comm));
	exit(0);
}
