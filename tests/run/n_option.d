/* The program of this test is in n_option.args (-n); this file only names the test. */
