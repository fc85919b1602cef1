// A kernel of internal linkage (static, or in an unnamed namespace) may share
// its name with a kernel of another file of the program: what cdp-lower
// generates for it has internal linkage too, so the files still link, and it
// registers as a kernel of one file (the runtime refuses the file built twice).
// CHECK: [[maybe_unused]] static __host__ __device__ void cdpl_launch_walk(cdpl_launch_config, int *, int); static __device__ void walk(int *out, int depth)
// CHECK: [[maybe_unused]] static __host__ __device__ void cdpl_launch_walk(cdpl_launch_config cdpl_c, int *p0, int p1)
// CHECK: cdpl_register_file_local(0x
// CHECK: template <int N> [[maybe_unused]] static __host__ __device__ void cdpl_launch_count(cdpl_launch_config, int *); template <int N> static __device__ void count(int *out)
// CHECK: template <int N> [[maybe_unused]] static __global__ void cdpl_address_of_count(
// CHECK: template <int N> [[maybe_unused]] static __device__ cdpl_body_fn_count cdpl_body_address_count
// CHECK: template <int N> [[maybe_unused]] static __host__ __device__ cdpl_body_fn_count cdpl_body_of_count()
// CHECK: template <int N> [[maybe_unused]] static __host__ __device__ void cdpl_launch_count(cdpl_launch_config cdpl_c, int *p0)
// CHECK: cdpl_register_file_local(0x
// CHECK: __host__ __device__ void cdpl_launch_visible(cdpl_launch_config, int *); __device__ void cdpl_kernel_visible(int *out)
// CHECK-NOT: static __host__ __device__ void cdpl_launch_visible
// CHECK: cdpl_register(0x
static __global__ void walk(int *out, int depth)
{
    if (depth > 0) walk<<<1, 1>>>(out, depth - 1);
}

template <int N> static __global__ void count(int *out)
{
    if constexpr (N > 0) count<N - 1><<<1, 1>>>(out);
    else atomicAdd(out, 1);
}

__global__ void visible(int *out)
{
    walk<<<1, 1>>>(out, 2);
    count<2><<<1, 1>>>(out);
    visible<<<1, 1>>>(out);
}
