// Launches that only the device-side compilation sees (under #if
// __CUDA_ARCH__ or #ifdef __CUDA_ARCH__) are rewritten like any other,
// qualifier, configuration and stream included; the host branch is kept.
#define TAIL cudaStreamTailLaunch
namespace work {
__global__ void child(int *out, int n) { out[0] = n; }
}

__global__ void parent(int *out, int n)
{
#if __CUDA_ARCH__
    work::child<<<dim3(n, 1), 32, 0, TAIL>>>(out, (n + 1) * 2);
#endif
#ifdef __CUDA_ARCH__
    work::child<<<1, 1, 0, cudaStreamFireAndForget>>>(out, n);
#else
    out[0] = n;
#endif
}
// CHECK: #if __CUDA_ARCH__
// CHECK: work::cdpl_launch_child(cdpl_config(dim3(n, 1), 32, 0, TAIL), out, (n + 1) * 2);
// CHECK: #ifdef __CUDA_ARCH__
// CHECK: work::cdpl_launch_child(cdpl_config(1, 1, 0, cudaStreamFireAndForget), out, n);
// CHECK: #else
// CHECK: out[0] = n;
// CHECK-NOT: <<<
