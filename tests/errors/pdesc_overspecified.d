/* Five fields in a probe description: DTrace's D_PDESC_INVAL and its reason. */
profile::::tick-1sec
{
}
