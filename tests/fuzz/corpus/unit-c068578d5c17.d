struct o { int a; };
translator struct o < int x > { a = "s"; };