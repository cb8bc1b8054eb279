BEGIN, END { }
tick-1s /1/ { }
