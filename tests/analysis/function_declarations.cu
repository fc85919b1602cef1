// Declarations are recorded from their first token: `static`, `template<>`
// and an unbraced `extern "C"` included; redeclarations share one function.
#define KERNEL __global__
extern "C" __global__ void c_kernel(int n);
static __global__ void __launch_bounds__(256, 2) bounded(float *out, const int *in, int);
__global__ void bounded_twice(int n);
template <typename T> __global__ void generic(T *out) {}
KERNEL void through_macro(int n) {}
struct holder { __device__ static int value(int v) { return v; } };
__device__ int sum(int count, ...);

static __global__ void __launch_bounds__(256, 2) bounded(float *out, const int *in, int n) { out[n] = in[n]; }
__global__ void bounded_twice(int n) {}
extern "C" __global__ void c_kernel(int n) {}
// CHECK: function c_kernel side=kernel runs_in_runtime=0 virtualized=0 prologue=0 params=int
// CHECK: at 4:28 template=0 member=0 variadic=0
// CHECK: decl "extern \"C\" __global__ void c_kernel(int n);" global=4:12-4:22 launch_bounds=none
// CHECK: decl "extern \"C\" __global__ void c_kernel(int n) " global=14:12-14:22 launch_bounds=none
// CHECK: body 14:44-14:46
// CHECK: function bounded side=kernel runs_in_runtime=0 virtualized=0 prologue=0 params=float *,const int *,int
// CHECK: param float * out
// CHECK: param const int * in
// CHECK: param int n
// CHECK: decl "static __global__ void __launch_bounds__(256, 2) bounded(float *out, const int *in, int);" global=5:8-5:18 launch_bounds="__launch_bounds__(256, 2)"
// CHECK: decl "static __global__ void __launch_bounds__(256, 2) bounded(float *out, const int *in, int n) " global=12:8-12:18 launch_bounds="__launch_bounds__(256, 2)"
// CHECK: function bounded_twice side=kernel
// CHECK: function generic side=kernel runs_in_runtime=0 virtualized=0 prologue=0 params=T *
// CHECK: template=1 member=0
// CHECK: decl "template <typename T> __global__ void generic(T *out) " global=7:23-7:33
// CHECK: function through_macro side=kernel
// CHECK: decl "KERNEL void through_macro(int n) " global=none launch_bounds=none
// CHECK: function value side=device
// CHECK: template=0 member=1
// CHECK: function sum side=device runs_in_runtime=0 virtualized=0 prologue=0 params=int
// CHECK: variadic=1
// CHECK-NOT: error
