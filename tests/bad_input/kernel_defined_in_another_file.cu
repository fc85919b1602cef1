// EXPECT-LOWERED
// EXPECT-OUTPUT: cdpl_register_foreign(
// A kernel that another file defines (declared here, as a shared header
// declares it): without -rdc device code here cannot call into that file,
// so the launch becomes a record of the kernel's id, which the defining
// file's entry runs (where that file was lowered) or the host launches as
// the kernel itself (where it needed no lowering).
extern __global__ void child(int *p);

__global__ void parent(int *p) { child<<<1, 1>>>(p); }
