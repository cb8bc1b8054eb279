/*
 * The optional increment of quantize(), lquantize() and llquantize(): the bucket grows by
 * it instead of 1, a negative one too (the bar then grows left of the '|'; with both signs
 * each side is half as wide). Ten getpid() calls, n = 1 .. 10.
 */
syscall::getpid:entry
/pid == $target/
{
	this->n = ++n;
	@weighted = quantize(this->n, this->n);
	@neg = quantize(this->n, -1);
	@both = quantize(this->n, this->n % 2 ? 3 : -2);
	@lin = lquantize(this->n, 0, 8, 2, 100);
	@linneg = lquantize(this->n, 0, 8, 2, -this->n);
	@log = llquantize(this->n * 10, 10, 0, 2, 10, 1000);
	@keyed[this->n % 3] = quantize(this->n, 1 << this->n);
	@plain = quantize(this->n);
}
