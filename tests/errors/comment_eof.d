BEGIN
{
}
/* an unterminated comment: DTrace names the line where the input ends

