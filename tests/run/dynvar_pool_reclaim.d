/*
 * A thread-local's place in dynvarsize's pool comes back when its thread exits: with room for
 * one, each of three processes in turn (one after another) makes its self->x, none dropped.
 */
#pragma D option dynvarsize=4

syscall::getpid:entry
/progenyof($target)/
{
	self->x = 1;
	@made = sum(self->x);
}
