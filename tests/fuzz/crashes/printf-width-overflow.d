/*
 * Found by fuzz_compile. pf_parse_conv (src/consumer/dt_printf.c): the width digits are
 * summed into an int with no bound: signed overflow (UBSan), reached from dt_sema_action.
 * Fixed in 056fa2e; kept as a regression seed.
 */
BEGIN { printf("%3333333333d", 1); }
