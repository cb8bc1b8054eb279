nosuchprov:::x
{
}
