// Kernels in a .cu file that another includes, with an error in one.
__global__ void included_child(int *p) { p[0] = undeclared_in_included_source; }
__global__ void included_parent(int *p) { included_child<<<1, 1>>>(p); }
