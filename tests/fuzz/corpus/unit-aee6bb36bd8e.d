BEGIN /)/ { x = 1; }
END { y = 2; }