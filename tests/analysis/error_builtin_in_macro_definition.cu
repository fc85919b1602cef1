// A runtime kernel whose blockIdx comes from a macro's definition cannot be
// rewritten: renaming it in the macro would change every other use.
#define BLOCK_X blockIdx.x
__global__ void child(int *out) { out[BLOCK_X] = 1; }
__global__ void parent(int *out) { child<<<1, 1>>>(out); }
// CHECK: error 4:39 blockIdx/gridDim is spelled inside a macro definition here, but 'child' must read the virtual block
