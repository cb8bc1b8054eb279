/* A syntax error on line 2. */
BEGIN { trace(1 + ); }
END { }
