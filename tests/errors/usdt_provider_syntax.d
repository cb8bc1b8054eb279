provider bad {
	probe one(int;
};
