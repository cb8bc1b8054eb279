#pragma D attributes incorrect_attr foo
BEGIN { }