// A kernel template declared here with default template arguments and
// defined in another file (as FIDESlib's NTT is), launched from a kernel
// template with many explicit instantiations. The device-side parse reports
// each of their launches as an error that cdp-lower expects; past clang's
// limit of 20, it once stopped and cdp-lower said only "too many errors
// emitted" (or, with another limit, blamed the default template arguments
// of a definition that is not here). The root cause is said now.
template <typename T, bool second = true> __global__ void transform(T *data, int prime, T *result);

template <typename T, int algo> __global__ void launch_transform(int prime, T *data, T *aux)
{
    transform<T, false><<<1, 32, 0, cudaStreamTailLaunch>>>(data, prime, aux);
    transform<T, true><<<1, 32, 0, cudaStreamTailLaunch>>>(aux, prime, data);
}
#define INSTANTIATE(T, algo) template __global__ void launch_transform<T, algo>(int, T *, T *);
INSTANTIATE(unsigned, 0) INSTANTIATE(unsigned, 1) INSTANTIATE(unsigned, 2) INSTANTIATE(unsigned, 3)
INSTANTIATE(unsigned long, 0) INSTANTIATE(unsigned long, 1) INSTANTIATE(unsigned long, 2)
INSTANTIATE(unsigned long, 3) INSTANTIATE(unsigned long long, 0) INSTANTIATE(unsigned long long, 1)
INSTANTIATE(unsigned long long, 2) INSTANTIATE(unsigned long long, 3)
// CHECK-ERR: error_kernel_template_of_another_file_with_many_instantiations.cu:8:59: error: kernel template 'transform' is launched from device code but defined in another file
// CHECK-ERR-NOT: too many errors
// CHECK-ERR-NOT: default template arguments
