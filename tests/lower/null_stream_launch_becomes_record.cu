// A device-side launch into the NULL stream becomes a call of the child's
// launcher; the child becomes a device function run by an entry kernel.
__global__ void child(int *out, int n)
{
    out[threadIdx.x] = n;
}

__global__ void parent(int *out)
{
    child<<<1, 32>>>(out, 7);
}

int main()
{
    parent<<<1, 1>>>(nullptr);
    return 0;
}
// CHECK: #include "cdpl.cuh"
// CHECK: #line 1 "
// CHECK: static __global__ void cdpl_entry_child(cdpl_wave); void child(int *, int); __host__ __device__ void cdpl_launch_child(cdpl_launch_config, int *, int); __device__ void cdpl_kernel_child(int *out, int n)
// CHECK: struct cdpl_params_child { int *p0; int p1; };
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_child(cdpl_wave cdpl_w)
// CHECK: child(cdpl_p.p0, cdpl_p.p1);
// CHECK: cdpl_launch(cdpl_c, 0x
// CHECK: cdpl_register(0x
// CHECK: #line 6 "
// CHECK: __device__ void cdpl_kernel_parent(int *out)
// CHECK: cdpl_launch_child(cdpl_config(1, 32), out, 7);
// CHECK: cdpl_launch_parent(cdpl_config(1, 1), nullptr);
// CHECK-NOT: <<<
// CHECK-NOT: __global__ void child
