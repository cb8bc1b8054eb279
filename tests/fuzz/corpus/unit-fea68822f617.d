BEGIN /(a /
b)/{}