// A type error in the argument of a rewritten launch, planted where only nvcc
// sees it (with -DCDPL_PLANTED_ERROR, ARGUMENT is a float *), must be
// reported at the launch's own line in this file.
#if defined(__NVCC__) && defined(CDPL_PLANTED_ERROR)
#define ARGUMENT wrong
#else
#define ARGUMENT out
#endif
__global__ void child(int *out) { out[threadIdx.x] = 1; }

__global__ void parent(int *out, float *wrong)
{
    (void)wrong;
    child<<<1, 32>>>(ARGUMENT); // PLANTED ERROR
}
// CHECK: cdpl_launch_child(cdpl_config(1, 32), ARGUMENT);
// CHECK-NOT: <<<
