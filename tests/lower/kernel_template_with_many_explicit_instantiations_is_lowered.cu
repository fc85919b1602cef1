// A kernel template tail-launched from another kernel template, both
// explicitly instantiated through a macro list (as FIDESlib's NTT is). The
// device-side parse reports each device launch of each instantiation as an
// error that cdp-lower expects; past clang's limit of 20 it stopped, and
// the file was refused with nothing but "too many errors emitted". Lowered
// now, whatever the number of instantiations.
template <typename T, bool second> __global__ void transform(T *data, int prime, T *result)
{
    result[threadIdx.x] = second ? data[threadIdx.x] + (T)prime : data[threadIdx.x];
}

template <typename T, int algo> __global__ void launch_transform(int prime, T *data, T *aux)
{
    transform<T, false><<<1, 32, 0, cudaStreamTailLaunch>>>(data, prime + algo, aux);
    transform<T, true><<<1, 32, 0, cudaStreamTailLaunch>>>(aux, prime, data);
}
#define INSTANTIATE(T, algo) template __global__ void launch_transform<T, algo>(int, T *, T *);
#define ALGOS(T) INSTANTIATE(T, 0) INSTANTIATE(T, 1) INSTANTIATE(T, 2) INSTANTIATE(T, 3)
ALGOS(unsigned) ALGOS(unsigned long) ALGOS(unsigned long long)
// CHECK: template <typename T, int algo> __device__ void launch_transform(int prime, T *data, T *aux)
// CHECK: cdpl_launch_transform<T, false>(cdpl_config(1, 32, 0, cudaStreamTailLaunch), data, prime + algo, aux);
// CHECK: #define INSTANTIATE(T, algo) template __device__ void launch_transform<T, algo>(int, T *, T *);
// CHECK-ERR-NOT: error
