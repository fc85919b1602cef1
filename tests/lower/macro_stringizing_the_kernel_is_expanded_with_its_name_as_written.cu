// `#` in a launch macro given the kernel stringizes the argument as written
// (the kernel's name, not its launcher's; quotes and backslashes escaped),
// and `##` pastes the arguments as written.
#include <cstdio>
#define TRACED(k, ...) do { printf("launch " #k " with " #__VA_ARGS__ "\n"); k<<<1, 1>>>(__VA_ARGS__); } while (0)
#define WITH_SUFFIX(k, prefix, suffix) k<<<1, 1>>>(out, prefix ## suffix)
template <class T, int N> __global__ void count(T *out, T v) { out[threadIdx.x] = v + N; }

__global__ void parent(int *out, int value_one)
{
    TRACED((count<int, 2>), out, '"' + 1);
    TRACED((count<int, 3>), out, sizeof "a\\b");
    WITH_SUFFIX((count<int, 4>), value_, one);
}
// CHECK: do { printf("launch " "(count<int, 2>)" " with " "out, '\"' + 1" "\n"); (cdpl_launch_count<int, 2>)(cdpl_config(1, 1), out, '"' + 1); } while (0);
// CHECK: printf("launch " "(count<int, 3>)" " with " "out, sizeof \"a\\\\b\"" "\n"); (cdpl_launch_count<int, 3>)(cdpl_config(1, 1), out, sizeof "a\\b");
// CHECK: (cdpl_launch_count<int, 4>)(cdpl_config(1, 1), out, value_one);
// CHECK-NOT: TRACED((count
