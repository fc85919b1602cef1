// EXPECT-ERROR: 2:10: error: 'no_such_system_header' file not found
#include <no_such_system_header>

__global__ void child(int *p) { p[0] = 1; }
__global__ void parent(int *p) { child<<<1, 1>>>(p); }
