#pragma D option quiet
BEGIN
{
}
#pragma D option bufsize=8m
