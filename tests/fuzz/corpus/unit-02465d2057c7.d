#pragma D option nosuchopt
BEGIN { }