/* io:::wait-start and wait-done are listed, but need kprobes (submit_bio_wait): refused on a
 * kernel without them, as this machine's (run/io_wait runs them where kprobes are) */
io:::wait-start
{
	trace(args[0]->b_bcount);
}
