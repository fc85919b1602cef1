// `#include <cstdlib>`, `using namespace std;` and device-side malloc/free:
// clang 19's CUDA wrapper declares both ::malloc and std::malloc as
// __device__, so clang finds the calls ambiguous; nvcc does not. That error
// does not refuse the file, in the file itself or in a header it includes.
#include <cstdlib>
#include "header_parts/device_heap.cuh"
using namespace std;

__global__ void child(int *p) { p[0] = 2; }

__global__ void parent(int n)
{
    int *p = (int *)malloc(n * sizeof(int));
    child<<<1, 1>>>(p);
    free(p);
}
// CHECK: header_parts/device_heap.cuh"
// CHECK: cdpl_launch_heap_child(cdpl_config(1, 1), p);
// CHECK: device_malloc_after_using_namespace_std.cu"
// CHECK: int *p = (int *)malloc(n * sizeof(int));
// CHECK: cdpl_launch_child(cdpl_config(1, 1), p);
// CHECK: free(p);
