syscall::read:entry /a/b/
syscall::write:entry
/c/
