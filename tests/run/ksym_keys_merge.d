/*
 * func(), sym() and mod() of kernel addresses as aggregation keys stand for a function and
 * a module: two addresses in vfs_read are one func() key and one sym() key, and addresses in
 * two functions of the kernel one mod() key, as DTrace merges them when it reads the
 * aggregation (hotkernel's counts by function and by module).
 */
BEGIN
{
	@f[func((uint64_t)&`vfs_read)] = count();
	@f[func((uint64_t)&`vfs_read + 4)] = count();
	@f[func((uint64_t)&`vfs_write + 1)] = count();
	@s[sym((uint64_t)&`vfs_read + 1)] = count();
	@s[sym((uint64_t)&`vfs_read + 3)] = count();
	@m[mod((uint64_t)&`vfs_read)] = count();
	@m[mod((uint64_t)&`vfs_write + 2)] = count();
	@m[mod((uint64_t)&`vfs_write)] = count();
	exit(0);
}
