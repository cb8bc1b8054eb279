#pragma D depends_on library net.d
BEGIN { }