/* The program of this test is in no_probe_n.args (-n). */
