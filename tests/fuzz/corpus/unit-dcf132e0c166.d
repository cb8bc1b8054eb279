#pragma D nosuch
BEGIN { }