// Device-side launches of kernel templates are not supported yet: neither
// with explicit template arguments nor deduced, nor from a template, nor
// under #if __CUDA_ARCH__. Clang's own error about the first is replaced.
template <typename T> __global__ void child(T value) {}

__global__ void parent(int n)
{
    child<int><<<1, 1>>>(n);
    child<<<1, 1>>>(n);
#ifdef __CUDA_ARCH__
    child<float><<<1, 1>>>(1.0f);
#endif
}

template <typename T> __global__ void generic_parent(T value) { child<<<1, 1>>>(value); }
// CHECK: function child side=kernel runs_in_runtime=0 virtualized=0 prologue=0 params=T
// CHECK-NOT: kernel=child
// CHECK: template=1 member=0
// CHECK: error 8:5 device-side launch of kernel template 'child' is not supported yet
// CHECK: error 9:5 device-side launch of kernel template 'child' is not supported yet
// CHECK: error 11:5 device-side launch of kernel template 'child' is not supported yet
// CHECK: error 15:65 device-side launch of kernel template 'child' is not supported yet
// CHECK-NOT: no matching function
