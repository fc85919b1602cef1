// An error planted after a launch macro use written over several lines
// (seen by nvcc only, with -DCDPL_PLANTED_ERROR) must be reported at this
// file's line: the use's expansion takes one line and leaves the others
// empty.
#define LAUNCH1(k, ...) k<<<1, 32>>>(__VA_ARGS__)
__global__ void child(int *out) { out[threadIdx.x] = 1; }

__global__ void parent(int *out)
{
    LAUNCH1(child,
            out);
#if defined(__NVCC__) && defined(CDPL_PLANTED_ERROR)
    undeclared_identifier_here = 1; // PLANTED ERROR
#endif
}
// CHECK: cdpl_launch_child(cdpl_config(1, 32), out)
