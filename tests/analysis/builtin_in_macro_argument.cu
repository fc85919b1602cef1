// blockIdx written as a macro argument is renamed where it is written (once,
// however often the macro repeats its argument);
// written in a macro's definition it cannot be, which matters only where
// the block must be virtual.
#define CLAMP(v) ((v) < 8 ? (v) : 8)
#define BLOCK_X blockIdx.x
__global__ void child(int *out) { out[CLAMP(blockIdx.x)] = 1; }
__global__ void parent(int *out) { child<<<1, 1>>>(out); }
__global__ void native(int *out) { out[BLOCK_X] = 2; }
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1
// CHECK: builtin 7:45 "blockIdx"
// CHECK-NOT: builtin 7:5
// CHECK: function native side=kernel runs_in_runtime=0 virtualized=0 prologue=0
// CHECK-NOT: error
