#pragma D depends_on planet mars
BEGIN { }