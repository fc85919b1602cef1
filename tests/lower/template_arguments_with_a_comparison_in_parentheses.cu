// A `>` inside parentheses in a kernel template's arguments (`k<(a > b)>`)
// does not end the argument list, in a device-side launch (which clang
// refuses, so the launch is found from its tokens) and in a host one; nor
// does a `>>` that closes two lists end more than the launch's own.
#include <type_traits>

template <int N> __global__ void leaf(int *out) { out[0] = N; }

template <typename T> __global__ void typed(int *out) { out[0] = T::value; }

__global__ void parent(int *out)
{
    leaf<(3 > 2)><<<1, 1>>>(out);
    typed<std::integral_constant<int, (2 > 1) + 1>><<<1, 1>>>(out);
}

int main()
{
    leaf<(5 > 4) + 1><<<1, 1>>>(nullptr);
    parent<<<1, 1>>>(nullptr);
    return 0;
}
// CHECK: cdpl_launch_leaf<(3 > 2)>(cdpl_config(1, 1), out);
// CHECK: cdpl_launch_typed<std::integral_constant<int, (2 > 1) + 1>>(cdpl_config(1, 1), out);
// CHECK: cdpl_launch_leaf<(5 > 4) + 1>(cdpl_config(1, 1), nullptr);
