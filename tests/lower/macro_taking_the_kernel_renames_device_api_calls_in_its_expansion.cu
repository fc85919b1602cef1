// A device runtime API call in the definition of a launch macro given the
// kernel is renamed in the definition, as in any macro's definition, and
// so in each use's expansion; so is one in an argument of the use.
#define CHECKED_LAUNCH(k, g, b, ...) do { k<<<g, b>>>(__VA_ARGS__); if (cudaGetLastError() != cudaSuccess) return; } while (0)
__global__ void child(int *out, int code) { out[threadIdx.x] = code; }

__global__ void parent(int *out)
{
    CHECKED_LAUNCH(child, 1, 32, out, 2);
    CHECKED_LAUNCH(child, 1, 32, out, (int)cudaPeekAtLastError());
}
// CHECK: #define CHECKED_LAUNCH(k, g, b, ...) do { k<<<g, b>>>(__VA_ARGS__); if (cdpl_cudaGetLastError() != cudaSuccess) return; } while (0)
// CHECK: do { cdpl_launch_child(cdpl_config(1, 32), out, 2); if (cdpl_cudaGetLastError() != cudaSuccess) return; } while (0);
// CHECK: do { cdpl_launch_child(cdpl_config(1, 32), out, (int)cdpl_cudaPeekAtLastError()); if (cdpl_cudaGetLastError() != cudaSuccess) return; } while (0);
// CHECK-NOT: CHECKED_LAUNCH(child
