// A kernel template's name holds a comma, so a macro argument spells it in
// parentheses: `(count<T, 5>)`. Used in a function template and in a kernel
// template, the use is replaced by its expansion in the template's text,
// where the parenthesized name becomes the launcher's; so in a kernel, and
// written in parentheses without a macro.
#define LAUNCH1(k, ...) k<<<1, 32>>>(__VA_ARGS__)
template <class T, int N> __global__ void count(T *out, T v) { out[threadIdx.x] = v + N; }

template <class T> __device__ void spawn(T *out, T v) { LAUNCH1((count<T, 5>), out, v); }

template <class T> __global__ void parent(T *out, T v)
{
    LAUNCH1((count<T, 7>), out, v);
    spawn(out, v);
}

__global__ void root(int *out)
{
    LAUNCH1((count<int, 9>), out, 1);
    LAUNCH1(parent<int>, out, 2);
    (count<int, 3>)<<<1, 32>>>(out, 3);
}
// CHECK: template <class T> __device__ void spawn(T *out, T v) { (cdpl_launch_count<T, 5>)(cdpl_config(1, 32), out, v); }
// CHECK: (cdpl_launch_count<T, 7>)(cdpl_config(1, 32), out, v);
// CHECK: (cdpl_launch_count<int, 9>)(cdpl_config(1, 32), out, 1);
// CHECK: cdpl_launch_parent<int>(cdpl_config(1, 32), out, 2);
// CHECK: (cdpl_launch_count<int, 3>)(cdpl_config(1, 32), out, 3);
// CHECK-NOT: LAUNCH1((count
// CHECK-NOT: LAUNCH1(parent
