// Inline assembly that ends the thread among other instructions (here a
// predicated `exit`): the lowering must count the thread out of its block
// before it leaves, and can put that only in place of a statement that
// does nothing else. Refused where it is written; a lone `asm("exit;")` is
// lowered (thread_exit_through_inline_assembly_counts_out_first.cu).
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p)
{
    child<<<1, 32>>>(p);
    asm volatile("{ .reg .pred done; setp.ne.u32 done, %0, 0; @done exit; }" ::"r"(threadIdx.x));
}
// CHECK-ERR: error_thread_exit_among_other_assembly.cu:11:5: error: this inline assembly ends the thread (`exit`) among other instructions
