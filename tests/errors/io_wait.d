/* io:::wait-start and wait-done are listed, but need kprobes (submit_bio_wait): refused */
io:::wait-start
{
	trace(args[0]->b_bcount);
}
