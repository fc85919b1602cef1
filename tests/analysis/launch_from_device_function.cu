// A __device__ function that launches makes the kernels calling it launch
// too; the __host__ __device__ caller's launch is device-side as well.
__global__ void child(int x) {}

__device__ void spawn(int x) { child<<<1, 1>>>(x); }

__host__ __device__ void spawn_anywhere(int x) { child<<<1, 1, 0, cudaStreamTailLaunch>>>(x); }

__device__ void indirect(int x) { spawn(x); }

__global__ void root(int x) { indirect(x); }

__global__ void quiet(int x) {}
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int
// CHECK: launched_from_device=1 launches=0
// CHECK: function spawn side=device runs_in_runtime=0 virtualized=1 prologue=0 params=int
// CHECK: launched_from_device=0 launches=1
// CHECK: function spawn_anywhere side=host_device runs_in_runtime=0 virtualized=0 prologue=0 params=int
// CHECK: launched_from_device=0 launches=1
// CHECK: function indirect side=device runs_in_runtime=0 virtualized=1 prologue=0 params=int
// CHECK: launched_from_device=0 launches=1
// CHECK: callee spawn
// CHECK: function root side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int
// CHECK: launched_from_device=0 launches=1
// CHECK: callee indirect
// CHECK: function quiet side=kernel runs_in_runtime=0 virtualized=0 prologue=0 params=int
// CHECK: launch 5:32 kernel=child caller=spawn side=device stream=null arch_guard=0 config=2 args=1
// CHECK: launch 7:50 kernel=child caller=spawn_anywhere side=device stream=tail arch_guard=0 config=4 args=1
// CHECK-NOT: error
