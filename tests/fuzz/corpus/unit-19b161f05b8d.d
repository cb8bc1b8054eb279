#pragma D depends_on provider syscall
#pragma D attributes Evolving/evolving/Common foo
#pragma D binding "1.0" foo
#pragma ident "x"
#pragma weak x
BEGIN { }