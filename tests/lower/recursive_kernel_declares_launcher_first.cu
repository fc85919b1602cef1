// A kernel that launches itself needs its launcher declared before its body.
__global__ void walk(int level)
{
    if (level > 0 && threadIdx.x == 0) walk<<<1, 32>>>(level - 1);
}
// CHECK: static __global__ void cdpl_entry_walk(cdpl_wave); void walk(int); __host__ __device__ void cdpl_launch_walk(cdpl_launch_config, int); __device__ void cdpl_kernel_walk(int level)
// CHECK: cdpl_launch_walk(cdpl_config(1, 32), level - 1);
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_walk(cdpl_wave cdpl_w)
