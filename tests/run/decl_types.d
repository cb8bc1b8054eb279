/*
 * Types a script defines: struct and union layout (with kernel types as members), enums as
 * constants in predicates and keys, typedefs, a declared associative array, on real probes.
 */
struct req {
	char op;
	long offset;
	short flags;
	struct task_struct *task;
	int hist[3][4];
};
union word {
	char bytes[5];
	int i;
};
typedef struct req req_t;
enum phase { IDLE, ENTER = 10, RETURN, DONE = RETURN * 2 };
typedef enum { LOW = 1, HIGH } level_t;
int calls[string, int];
self enum phase ph;

BEGIN
{
	printf("sizeof req %d, offsetof flags %d, task %d, hist %d\n", sizeof (req_t),
	    offsetof(struct req, flags), offsetof(req_t, task), offsetof(req_t, hist));
	printf("sizeof word %d, level %d\n", sizeof (union word), sizeof (level_t));
	printf("IDLE %d ENTER %d RETURN %d DONE %d HIGH %d\n", IDLE, ENTER, RETURN, DONE, HIGH);
}

syscall::getpid:entry
/pid == $target && self->ph == IDLE/
{
	self->ph = ENTER;
	calls["entry", ENTER]++;
}

syscall::getpid:return
/pid == $target && self->ph == ENTER/
{
	self->ph = RETURN;
	calls["return", RETURN]++;
}

syscall::getpid:return
/pid == $target && self->ph == RETURN/
{
	printf("entry %d return %d phase %d\n", calls["entry", ENTER], calls["return", RETURN],
	    self->ph);
	exit(0);
}
