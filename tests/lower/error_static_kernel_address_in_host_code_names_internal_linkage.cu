// The address of a kernel of internal linkage that runs through the
// runtime, kept in host code (ATLAS CaloRecGPU stores its kernels'
// addresses in an array): the kernel's name stays the kernel's own there,
// no host function that could launch it through the runtime, so only
// queries may take it. The error once read as if any kernel's address were
// refused; it names internal linkage as the cause now.
static __global__ void child(int *p) { p[threadIdx.x] = 1; }
static __global__ void parent(int *p) { child<<<1, 32>>>(p); }

void register_kernels(const void **kernels) { kernels[0] = (const void *)parent; }
// CHECK-ERR: error_static_kernel_address_in_host_code_names_internal_linkage.cu:10:74: error: kernel 'parent' runs through the cdpl runtime, so its address can only be given to attribute and occupancy queries (it has internal linkage
