// cudaStreamTailLaunch is a macro for ((cudaStream_t)0x3); a user macro that
// aliases it, and the cast written out, are the tail stream too.
#define TAIL cudaStreamTailLaunch
#define AFTER_ME TAIL
__global__ void child(int depth) {}

__global__ void parent(int depth)
{
    child<<<2, 64, 0, cudaStreamTailLaunch>>>(depth);
    child<<<2, 64, 128, TAIL>>>(depth);
    child<<<2, 64, 0, AFTER_ME>>>(depth);
    child<<<2, 64, 0, (cudaStream_t)0x3>>>(depth);
}
// CHECK: launch 9:5 kernel=child caller=parent side=device stream=tail arch_guard=0 config=4 args=1 text="child<<<2, 64, 0, cudaStreamTailLaunch>>>(depth)"
// CHECK: launch 10:5 kernel=child caller=parent side=device stream=tail arch_guard=0 config=4 args=1 text="child<<<2, 64, 128, TAIL>>>(depth)"
// CHECK: config "TAIL"
// CHECK: launch 11:5 kernel=child caller=parent side=device stream=tail
// CHECK: launch 12:5 kernel=child caller=parent side=device stream=tail
// CHECK-NOT: stream=named
// CHECK-NOT: error
