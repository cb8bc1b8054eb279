/* The program of this test is in syntax_error_n.args (-n). */
