struct o;
translator struct o < int x > { a = x; };