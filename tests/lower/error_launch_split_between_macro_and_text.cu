// A launch whose kernel name is a macro argument while `<<<` is in the
// macro's definition cannot be rewritten (the definition serves any
// kernel): refused, with the location of the use.
#define LAUNCH_ONE(kernel, arg) kernel<<<1, 1>>>(arg)
__global__ void child(int n) {}

__global__ void parent(int n) { LAUNCH_ONE(child, n); }
// CHECK-ERR: error_launch_split_between_macro_and_text.cu:7:33: error: this launch of 'child' is written partly inside a macro and partly outside it
