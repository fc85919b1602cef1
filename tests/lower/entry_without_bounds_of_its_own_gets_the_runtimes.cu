// An entry holds the runtime's code as well as its kernel's: without bounds
// it may take more than 64 registers, and then refuse the 1024-thread blocks
// that the native kernel accepts. A kernel without __launch_bounds__ gets
// CDPL_ENTRY_BOUNDS (cdpl_entry.cuh) on its entry; one with its own keeps
// them (launch_bounds_move_to_the_entry.cu).
__global__ void child(float *x) { x[threadIdx.x] *= 2.0f; }

__global__ void parent(float *x) { child<<<1, 1024>>>(x); }
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_child(cdpl_wave cdpl_w)
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_parent(cdpl_wave cdpl_w)
