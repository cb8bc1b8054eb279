/* The program of this test is in unknown_var_n.args (-n). */
