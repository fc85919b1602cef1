// Overloaded kernels get launchers overloaded the same way (named after the
// kernel, in the kernel's scope), so the compiler of the lowered file picks
// the overload the launch names, with the kernel's own conversions. Their
// entries, parameter structs and registrations get distinct names.
namespace work {
__global__ void fill(int *out, int value) { out[blockIdx.x] = value; }
__global__ void fill(float *out, float value) { out[blockIdx.x] = value; }
}

__global__ void parent(int *i, float *f, short s)
{
    work::fill<<<2, 1>>>(i, s);
    work::fill<<<2, 1>>>(f, 2.0);
    using namespace work;
    fill<<<1, 1>>>(i, 'c');
}

int main()
{
    work::fill<<<1, 1>>>((int *)0, 1);
    return 0;
}
// CHECK: static __global__ void cdpl_entry_fill_0(cdpl_wave); void fill(int *, int); __host__ __device__ void cdpl_launch_fill(cdpl_launch_config, int *, int); __device__ void cdpl_kernel_fill_0(int *out, int value)
// CHECK: struct cdpl_params_fill_0 {
// CHECK: __host__ __device__ void cdpl_launch_fill(cdpl_launch_config cdpl_c, int *p0, int p1)
// CHECK: cdpl_register(0x
// CHECK: static __global__ void cdpl_entry_fill_1(cdpl_wave); void fill(float *, float); __host__ __device__ void cdpl_launch_fill(cdpl_launch_config, float *, float); __device__ void cdpl_kernel_fill_1(float *out, float value)
// CHECK: struct cdpl_params_fill_1 {
// CHECK: __host__ __device__ void cdpl_launch_fill(cdpl_launch_config cdpl_c, float *p0, float p1)
// CHECK: work::cdpl_launch_fill(cdpl_config(2, 1), i, s);
// CHECK: work::cdpl_launch_fill(cdpl_config(2, 1), f, 2.0);
// CHECK: cdpl_launch_fill(cdpl_config(1, 1), i, 'c');
// CHECK: work::cdpl_launch_fill(cdpl_config(1, 1), (int *)0, 1);
// CHECK-NOT: <<<
// CHECK-NOT: cdpl_launch_fill_
