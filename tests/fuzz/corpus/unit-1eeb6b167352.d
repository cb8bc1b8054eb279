BEGIN { }
#pragma D error "this is an error"
