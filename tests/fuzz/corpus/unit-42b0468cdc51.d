#pragma D attributes incorrect_attr
BEGIN { }