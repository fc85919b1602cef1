// Explicit instantiations of kernel templates (libraries export them so:
// upsj/gpu_selection, LHCb Allen). A kernel template that runs through the
// runtime becomes a __device__ template, and nvcc refuses `__global__` on
// its instantiation ("illegal combination of memory qualifiers"); libclang
// shows instantiations as no cursor, so they were left as written. They
// instantiate the __device__ template; one of a template that stays a
// kernel stays as it is.
template <typename T> __global__ void child(T *p) { p[threadIdx.x] += 1; }
template <typename T> __global__ void parent(T *p) { child<T><<<1, 32>>>(p); }
template <typename T> __global__ void plain(T *p) { p[threadIdx.x] = T(); }

template __global__ void parent<int>(int *);
extern template __global__ void parent<float>(float *);
template __global__ void plain<int>(int *);
// CHECK: template __device__ void parent<int>(int *);
// CHECK: extern template __device__ void parent<float>(float *);
// CHECK: template __global__ void plain<int>(int *);
