// A lone exit in inline assembly, in code a runtime kernel reaches, in the kernel and in a
// device function: the thread must count out of its block before it exits,
// or its grid never completes (cdpl_exit_thread). A kernel that reaches one
// runs one record a block: a thread that is gone cannot go on with the next,
// so the self-launching kernel gets no loop, though it would otherwise. A
// native kernel reaching the same function gets the prologue that tells
// cdpl_exit_thread it runs outside the runtime. An asm statement that does
// not exit stays as written.
__device__ void leave_for_good() { asm volatile("exit;"); }

__device__ int lane_id()
{
    int lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}

__global__ void relaunch_then_exit(int depth)
{
    if (depth < 4) {
        if (threadIdx.x == 0) relaunch_then_exit<<<1, 32, 0, cudaStreamFireAndForget>>>(depth + 1);
        asm("exit;");
    }
    if (lane_id() > 16) leave_for_good();
}

__global__ void native_exit(int *p)
{
    if (threadIdx.x > 3) leave_for_good();
    p[threadIdx.x] = 1;
}
// CHECK: __device__ void leave_for_good() { cdpl_exit_thread(); }
// CHECK: asm("mov.u32 %0, %%laneid;" : "=r"(lane));
// CHECK: cdpl_exit_thread();
// CHECK: if (!cdpl_enter_block<false, true>(cdpl_w)) return;
// CHECK: cdpl_leave_block();
// CHECK: __global__ void native_exit(int *p)
// CHECK: { CDPL_NATIVE_BLOCK();
// CHECK-NOT: cdpl_leave_block_or_continue
// CHECK-NOT: asm("exit;")
// CHECK-NOT: asm volatile("exit;")
