/*
 * A boolean option takes a number, true or false (setopt("aggsortkey", "false") turns it
 * off, as in DTrace's tests), and refuses any other word; a value left out reads as "1".
 */
#pragma D option quiet

tick-1ms
{
	@a["b"] = sum(1);
	@a["a"] = sum(2);
	setopt("aggsortkey", "true");
	printa(@a);
	setopt("aggsortkey", "false");
	printa(@a);
	setopt("aggsortkey", "1");
	printa(@a);
	setopt("aggsortkey", "0");
	printa(@a);
	setopt("quiet", "um, no");
	setopt("Nixon");
	exit(0);
}
