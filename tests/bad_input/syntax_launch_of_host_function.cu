// EXPECT-ERROR: error: kernel call to non-global function
void helper(int *p) { p[0] = 1; }

__global__ void parent(int *p) { helper<<<1, 1>>>(p); }
