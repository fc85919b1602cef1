// Classes that befriend kernels launched from device code, so that the
// kernels read their private members (as static-priority-search-tree's
// StaticPSTGPU does with its search kernels). The kernel becomes a
// __device__ function, renamed where its name becomes a host function;
// its friend declarations were left as they were, `__global__`,
// and nvcc refused the lowered file ("illegal combination of memory
// qualifiers"). They follow the kernel now, so the body keeps its access.
__global__ void child(int *p);

class Tree
{
    int secret = 42;
    friend __global__ void child(int *p);
    template <typename T> friend __global__ void child_of(T *p);
};

__global__ void child(int *p)
{
    Tree t;
    p[threadIdx.x] = t.secret;
}
__global__ void parent(int *p) { child<<<1, 32, 0, cudaStreamFireAndForget>>>(p); }

template <typename T> __global__ void child_of(T *p)
{
    Tree t;
    p[threadIdx.x] = (T)t.secret;
}
template <typename T> __global__ void parent_of(T *p) { child_of<T><<<1, 32, 0, cudaStreamFireAndForget>>>(p); }
template __global__ void parent_of<int>(int *);
// CHECK: friend __device__ void cdpl_kernel_child(int *p);
// CHECK: template <typename T> friend __device__ void child_of(T *p);
// CHECK-NOT: friend __global__
// CHECK-ERR-NOT: error
