BEGIN /x/
#pragma D option quiet
