// blockIdx written in a macro's definition is rewritten there, for every
// use of the macro: when one user must read the virtual block, every user
// does, and a kernel outside the runtime that uses it (or calls a user)
// gets the prologue that sets the virtual block to the real one.
#define BLOCK_X blockIdx.x
__global__ void child(int *out) { out[BLOCK_X] = 1; }
__global__ void parent(int *out) { child<<<1, 1>>>(out); }
__global__ void native_user(int *out) { out[BLOCK_X] = 2; }
__device__ int helper() { return BLOCK_X; }
__global__ void native_caller(int *out) { out[0] = helper(); }
__global__ void untouched(int *out) { out[blockIdx.x] = 3; }
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1 prologue=0
// CHECK: builtin 5:17 "blockIdx"
// CHECK: function native_user side=kernel runs_in_runtime=0 virtualized=1 prologue=1
// CHECK: builtin 5:17 "blockIdx"
// CHECK: function helper side=device runs_in_runtime=0 virtualized=1 prologue=0
// CHECK: function native_caller side=kernel runs_in_runtime=0 virtualized=0 prologue=1
// CHECK: function untouched side=kernel runs_in_runtime=0 virtualized=0 prologue=0
// CHECK-NOT: error
