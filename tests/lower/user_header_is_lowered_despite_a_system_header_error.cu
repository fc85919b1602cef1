// An error clang finds in a system header (libclang refuses parts of CUB
// that nvcc takes) does not keep the user headers from being read in and
// lowered: the device-side launch in the header is lowered, and the host
// launch in the header's inline member function stays a host launch.
#include "header_parts/system_header_clang_refuses.cuh"
#include "header_parts/component_space.cuh"

int main()
{
    component_space space = {0, 256};
    space.init();
    relabel<<<1, 1>>>(space.ids, space.n);
    return 0;
}
// CHECK: component_space.cuh"
// CHECK: inline void component_space::init() { cdpl_launch_clear_components(cdpl_config((n + 255) / 256, 256), ids, n); }
// CHECK: __device__ void cdpl_kernel_relabel(int *ids, int n) { cdpl_launch_clear_components(cdpl_config(1, n), ids, n); }
// CHECK: cdpl_launch_relabel(cdpl_config(1, 1), space.ids, space.n);
