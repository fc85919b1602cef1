// A launch written whole in a macro's definition is rewritten there, once
// for every use of the macro, host and device (the launcher works on both
// sides); a launch written in a macro argument is rewritten in the
// argument. Device API calls and blockIdx in a macro's definition are
// rewritten there too.
#define LAUNCH_CHILD(out, n) child<<<1, 1>>>(out, n)
#define CHECKED(...) do { __VA_ARGS__; if (cudaGetLastError() != cudaSuccess) ++*errors; } while (0)
#define NO_ARGUMENTS() tick<<<1, 1>>>()
#define BLOCK_X blockIdx.x
__global__ void child(int *out, int n) { out[BLOCK_X] = n; }
__global__ void tick() {}

__global__ void parent(int *out, int *errors)
{
    LAUNCH_CHILD(out, 1);
    CHECKED(child<<<2, 2>>>(out, 2));
    CHECKED(LAUNCH_CHILD(out, 3));
    NO_ARGUMENTS();
#if __CUDA_ARCH__
    LAUNCH_CHILD(out, 4);
#endif
}

__global__ void native_user(int *out) { out[BLOCK_X] = 5; }

int main()
{
    LAUNCH_CHILD((int *)0, 6);
    return 0;
}
// CHECK: #define LAUNCH_CHILD(out, n) cdpl_launch_child(cdpl_config(1, 1), out, n)
// CHECK: #define CHECKED(...) do { __VA_ARGS__; if (cdpl_cudaGetLastError() != cudaSuccess) ++*errors; } while (0)
// CHECK: #define NO_ARGUMENTS() cdpl_launch_tick(cdpl_config(1, 1))
// CHECK: #define BLOCK_X cdpl_blockIdx().x
// CHECK: LAUNCH_CHILD(out, 1);
// CHECK: CHECKED(cdpl_launch_child(cdpl_config(2, 2), out, 2));
// CHECK: CHECKED(LAUNCH_CHILD(out, 3));
// CHECK: __global__ void native_user(int *out) { CDPL_NATIVE_BLOCK(); out[BLOCK_X] = 5; }
// CHECK: LAUNCH_CHILD((int *)0, 6);
// CHECK-NOT: <<<
