// A kernel that another file defines, launched from device code here: the
// launch packs its arguments into a record of the kernel's id (the hash of
// its USR, which the defining file computes alike), through a launcher of
// this file's own (static: the defining file may have one of the same
// name); the registration names the kernel's host address, which the
// runtime launches natively where no file registered an entry for the id.
// The declaration stays a __global__ declaration: host code may use it.
__global__ void leaf(int *out, int base);

__global__ void parent(int *out, int n)
{
    if (threadIdx.x < n) leaf<<<1, 32>>>(out, threadIdx.x * 32);
}
// CHECK: [[maybe_unused]] static __host__ __device__ void cdpl_launch_leaf(cdpl_launch_config, int *, int); __global__ void leaf(int *out, int base);
// CHECK: struct cdpl_params_leaf { int *p0; int p1; };
// CHECK: [[maybe_unused]] static __host__ __device__ void cdpl_launch_leaf(cdpl_launch_config cdpl_c, int *p0, int p1)
// CHECK: static const cdpl_param_slot cdpl_slots_leaf[] = {{offsetof(cdpl_params_leaf, p0), sizeof(cdpl_params_leaf::p0)}, {offsetof(cdpl_params_leaf, p1), sizeof(cdpl_params_leaf::p1)}};
// CHECK: cdpl_register_foreign(0x
// CHECK: cdpl_launch_leaf(cdpl_config(1, 32), out, threadIdx.x * 32);
// CHECK-NOT: cdpl_entry_leaf
