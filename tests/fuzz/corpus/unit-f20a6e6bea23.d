struct a {
	int x;
}

struct b {
	int y;
};
