// Device-side launches of kernel templates: with explicit template
// arguments, deduced, from a template, under #if __CUDA_ARCH__. Clang
// refuses them in device code before choosing (its "no matching function"
// is not reported); the template runs through the runtime, and so does its
// explicit specialization.
template <typename T> __global__ void child(T value) {}
template <> __global__ void child<char>(char value) {}

__global__ void parent(int n)
{
    child<int><<<1, 1>>>(n);
    child<<<1, 1>>>(n);
#ifdef __CUDA_ARCH__
    child<float><<<1, 1>>>(1.0f);
#endif
}

template <typename T> __global__ void generic_parent(T value) { child<<<1, 1>>>(value); }
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=T
// CHECK: template param T "typename T"
// CHECK: function child side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=char
// CHECK: specializes 6:39
// CHECK: function generic_parent side=kernel runs_in_runtime=1
// CHECK: launch 11:5 kernel=child caller=parent side=device
// CHECK: launch 12:5 kernel=child caller=parent side=device
// CHECK: launch 14:5 kernel=child caller=parent side=device stream=null arch_guard=1
// CHECK: launch 18:65 kernel=child caller=generic_parent side=device
// CHECK-NOT: error
