/*
 * String subroutines on real paths (openat's argument), with strsize 16: the 19-character
 * path is cut to 16, so every buffer is full. Several searches with non-literal patterns.
 */
syscall::openat:entry
/pid == $target && arg2 == 0/
{
	this->p = copyinstr(arg1);
	printf("[%s] [%s] [%s] [%s] [%s]\n", this->p, basename(this->p), dirname(this->p),
	    toupper(this->p), substr(this->p, -3));
	printf("%d %d %d [%s] %d [%s]\n", index(this->p, "/"), rindex(this->p, "/"),
	    index(this->p, substr(this->p, 5, 3)), strstr(this->p, "def"),
	    strchr(this->p, 'x') == NULL, strrchr(this->p, '/'));
	printf("[%s] %d\n", lltostr(strlen(this->p)), strtoll(substr(this->p, 10), 16));
}
