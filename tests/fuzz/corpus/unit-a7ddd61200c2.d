struct s { int a; char n[4]; };
BEGIN { this->p = (int *)alloca(8); *this->p = 1; this->p[1]++;
q = (struct s *)alloca(8); q->a += 2; q->n = "ab"; *q = *q;
self->v = alloca(4); *(int *)self->v = 3; --*(char *)self->v; }