syscall::open*:entry, pid$target:libc.so.6:malloc:entry,
profile-97,
  tick-1sec
,:::BEGIN
{ trace(1) }