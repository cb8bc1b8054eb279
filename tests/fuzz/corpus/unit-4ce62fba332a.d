define VALUE 5

#pragma D option quiet
BEGIN { }
