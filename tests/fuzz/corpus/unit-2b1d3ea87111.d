self struct s { int a; } x; struct s i[int];
BEGIN { self->x.a = 1; i[1].a = self->x.a; self->y = self->x; self->x = 0; }