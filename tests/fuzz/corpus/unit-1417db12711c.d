BEGIN
{
	x = ;
	y = 2;
	z = (1;
}
END { a b; }
tick-1s { ok(); }
