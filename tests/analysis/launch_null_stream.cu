// Every spelling of the NULL stream classifies as null: omitted, 0, NULL,
// nullptr, a cast of 0, and cudaStreamLegacy ((cudaStream_t)0x1).
__global__ void child(int *p, int n) {}

__global__ void parent(int *p, int n)
{
    child<<<1, 32>>>(p, n);
    child<<<1, 32, 0>>>(p, n);
    child<<<1, 32, 0, 0>>>(p, n);
    child<<<1, 32, 0, NULL>>>(p, n);
    child<<<1, 32, 0, nullptr>>>(p, n);
    child<<<1, 32, 0, (cudaStream_t)0>>>(p, n);
    child<<<1, 32, 0, cudaStreamLegacy>>>(p, n);
}
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *,int
// CHECK: function parent side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *,int
// CHECK: launch 7:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=2 args=2 text="child<<<1, 32>>>(p, n)"
// CHECK: launch 8:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=3 args=2
// CHECK: launch 9:5 kernel=child caller=parent side=device stream=null arch_guard=0 config=4 args=2
// CHECK: launch 10:5 kernel=child caller=parent side=device stream=null
// CHECK: config "NULL"
// CHECK: launch 11:5 kernel=child caller=parent side=device stream=null
// CHECK: config "nullptr"
// CHECK: launch 12:5 kernel=child caller=parent side=device stream=null
// CHECK: config "(cudaStream_t)0"
// CHECK: launch 13:5 kernel=child caller=parent side=device stream=null
// CHECK: config "cudaStreamLegacy"
// CHECK-NOT: stream=named
// CHECK-NOT: error
