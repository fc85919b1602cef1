// EXPECT-ERROR: 4:1: error: unterminated /* comment
__global__ void child(int *p) { p[0] = 1; }

/* the comment below never ends
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
