lockstat:::adaptive-acquire
{
}
