// A kernel given to a launch macro whose expansion also uses it other than
// as the kernel it launches (here, its address) is refused: only the launch
// can be rewritten, and the kernel becomes a device function.
#include <cstdio>
#define LAUNCH_AND_SHOW(k) do { k<<<1, 1>>>(); printf("%p\n", (void *)k); } while (0)
__global__ void tick() {}

__global__ void parent() { LAUNCH_AND_SHOW(tick); }
// CHECK-ERR: error_kernel_given_to_launch_macro_used_otherwise.cu:8:28: error: kernel 'tick', given to macro 'LAUNCH_AND_SHOW', is used in its expansion other than as the kernel it launches
