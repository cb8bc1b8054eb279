BEGIN {
  x = 1 +;
}