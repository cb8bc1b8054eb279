/* copyinstr (with and without a length), strlen, strjoin, stringof, integer casts. */
syscall::openat:entry
/pid == $target && arg2 == 0/
{
	this->path = copyinstr(arg1);
	printf("[%s] %d [%s] [%s] [%s] %d %d\n", this->path, strlen(this->path),
	    strjoin("a-", copyinstr(arg1, 4)), strjoin(this->path, ""), stringof("x"),
	    (int)arg0, (uint8_t)257);
}
