// blockIdx/gridDim must be virtual in runtime kernels and in every device
// function they reach, through any depth of calls, and nowhere else.
__device__ int block_linear() { return blockIdx.x + gridDim.x * blockIdx.y; }
__device__ int row() { return block_linear() / 4; }
__host__ __device__ int twice(int v) { return 2 * v; }
__device__ int unused_helper() { return gridDim.z; }

__global__ void child(int *out) { out[row()] = twice(gridDim.y); }

__global__ void parent(int *out) { child<<<dim3(4, 2), 32>>>(out); }
// CHECK: function block_linear side=device runs_in_runtime=0 virtualized=1 prologue=0 params=
// CHECK: builtin 3:40 "blockIdx"
// CHECK: builtin 3:53 "gridDim"
// CHECK: builtin 3:65 "blockIdx"
// CHECK: function row side=device runs_in_runtime=0 virtualized=1 prologue=0 params=
// CHECK: callee block_linear
// CHECK: function twice side=host_device runs_in_runtime=0 virtualized=1 prologue=0 params=int
// CHECK: function unused_helper side=device runs_in_runtime=0 virtualized=0 prologue=0 params=
// CHECK: builtin 6:41 "gridDim"
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *
// CHECK: builtin 8:54 "gridDim"
// CHECK: callee row
// CHECK: callee twice
// CHECK: function parent side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *
// CHECK-NOT: error
