// A type error in an argument of a launch macro given the kernel, planted
// where only nvcc sees it (with -DCDPL_PLANTED_ERROR, ARGUMENT is a
// float *), must be reported at the use's line in this file, where its
// expansion is written.
#if defined(__NVCC__) && defined(CDPL_PLANTED_ERROR)
#define ARGUMENT wrong
#else
#define ARGUMENT out
#endif
#define LAUNCH1(k, ...) k<<<1, 32>>>(__VA_ARGS__)
__global__ void child(int *out) { out[threadIdx.x] = 1; }

__global__ void parent(int *out, float *wrong)
{
    (void)wrong;
    LAUNCH1(child, ARGUMENT); // PLANTED ERROR
}
// CHECK: cdpl_launch_child(cdpl_config(1, 32), ARGUMENT);
