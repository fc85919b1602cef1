__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { [31m child<<<1, 1>>>(p); }
