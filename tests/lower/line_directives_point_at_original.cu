// The error planted below (seen by nvcc only, with -DCDPL_PLANTED_ERROR) must
// be reported at this file's line, despite everything inserted above it.
__global__ void child(int *out) { out[threadIdx.x] = 1; }

__global__ void parent(int *out)
{
    child<<<1, 32>>>(out);
}

__global__ void grandparent(int *out)
{
    parent<<<1, 1>>>(out);
#if defined(__NVCC__) && defined(CDPL_PLANTED_ERROR)
    undeclared_identifier_here = 1; // PLANTED ERROR
#endif
}
// CHECK: #line 1 "
// CHECK: cdpl_launch_parent(cdpl_config(1, 1), out);
