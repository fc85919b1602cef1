// A kernel template whose function parameters are a pack cannot be packed
// into a launch record: refused, at the template.
template <typename... Ts> __global__ void child(Ts... values) {}

__global__ void parent(int a, float b) { child<<<1, 1>>>(a, b); }
// CHECK-ERR: error_kernel_template_with_parameter_pack.cu:3:43: error: kernel template 'child' takes a function parameter pack
