// A kernel and a __device__ function that launches it share a name (a
// library's launcher, as upsj/gpu_selection writes them): the overload set
// holds a function that is no kernel. Clang rejects the non-template launch
// ("no matching function"), and in a template leaves the call to the set;
// both were refused. `<<<>>>` launches only kernels: the launchers are
// overloaded like the kernels alone.
namespace plain {
__global__ void fill(float *p, int n) { if (threadIdx.x < n) p[threadIdx.x] = 1.f; }
__device__ void fill(float *p) { fill<<<1, 32>>>(p, 32); }
__global__ void parent(float *p) { fill(p); }
}

namespace generic {
template <typename T> __global__ void fill(T *p, int n) { if (threadIdx.x < n) p[threadIdx.x] = T(1); }
template <typename T> __device__ void fill(T *p) { fill<T><<<1, 32>>>(p, 32); }
__global__ void parent(double *p) { fill<double>(p); }
}
// CHECK: __device__ void fill(float *p) { cdpl_launch_fill(cdpl_config(1, 32), p, 32); }
// CHECK: cdpl_launch_fill<T>(cdpl_config(1, 32), p, 32);
