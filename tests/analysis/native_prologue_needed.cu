// A kernel outside the runtime that reaches virtualized code (directly or
// through another device function) needs the native-block prologue; one
// that reaches only native code does not.
__device__ int my_block() { return blockIdx.x; }
__device__ int via(int v) { return my_block() + v; }
__device__ int plain(int v) { return v + 1; }

__global__ void child(int *out) { out[my_block()] = 1; }
__global__ void parent(int *out) { child<<<2, 1>>>(out); }

__global__ void native_direct(int *out) { out[my_block()] = 2; }
__global__ void native_indirect(int *out) { out[via(0)] = 3; }
__global__ void native_plain(int *out) { out[plain(0)] = 4; }
// CHECK: function my_block side=device runs_in_runtime=0 virtualized=1 prologue=0
// CHECK: function via side=device runs_in_runtime=0 virtualized=0 prologue=0
// CHECK: function plain side=device runs_in_runtime=0 virtualized=0 prologue=0
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1 prologue=0
// CHECK: function parent side=kernel runs_in_runtime=1 virtualized=1 prologue=0
// CHECK: function native_direct side=kernel runs_in_runtime=0 virtualized=0 prologue=1
// CHECK: function native_indirect side=kernel runs_in_runtime=0 virtualized=0 prologue=1
// CHECK: function native_plain side=kernel runs_in_runtime=0 virtualized=0 prologue=0
// CHECK-NOT: error
