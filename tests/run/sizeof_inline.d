/* sizeof, offsetof, inline definitions and kernel enumerators as constants. */
inline int FOO = 3 + 4;
inline string BAR = "bar";
BEGIN { printf("%d %d %d %d %d %s %d %d\n", sizeof(int), sizeof(struct task_struct) > 1000, offsetof(struct task_struct, pid) > 0, sizeof(pid), FOO * 2, BAR, PIDTYPE_TGID, sizeof(execname)); exit(0); }
