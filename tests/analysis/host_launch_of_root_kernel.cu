// Host launches are recorded whether or not their kernel runs in the
// runtime; a kernel only launched from the host stays native.
__global__ void leaf(int *out) { out[blockIdx.x] = 1; }
__global__ void root(int *out) { leaf<<<4, 1>>>(out); }
__global__ void native(int *out) { out[blockIdx.x] = 2; }

void run(int *out, cudaStream_t stream)
{
    root<<<1, 1, 0, stream>>>(out);
    native<<<8, 1>>>(out);
}
// CHECK: function leaf side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *
// CHECK: function root side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *
// CHECK: launched_from_device=0 launches=1
// CHECK: function native side=kernel runs_in_runtime=0 virtualized=0 prologue=0 params=int *
// CHECK: builtin 5:40 "blockIdx"
// CHECK: function run side=host runs_in_runtime=0 virtualized=0 prologue=0 params=int *,cudaStream_t
// CHECK: launch 4:34 kernel=leaf caller=root side=device
// CHECK: launch 9:5 kernel=root caller=run side=host stream=named arch_guard=0 config=4 args=1 text="root<<<1, 1, 0, stream>>>(out)"
// CHECK: launch 10:5 kernel=native caller=run side=host stream=null arch_guard=0 config=2 args=1
// CHECK-NOT: error
