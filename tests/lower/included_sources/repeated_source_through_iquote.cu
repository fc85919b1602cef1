// The kernel files are found through -iquote, and the #include of
// app_kernel.cu below, which more_kernels.cu included already, includes
// nothing: the analysis learns which file such an #include names from
// clang, not by searching the include path itself, so the repeat is
// dropped rather than read in twice.
#include "more_kernels.cu"
#include "app_kernel.cu"

int main()
{
    app_parent<<<1, 1>>>((int *)0);
    more_parent<<<1, 1>>>((int *)0);
    return 0;
}
// CHECK: kernels/more_kernels.cu"
// CHECK: kernels/app_kernel.cu"
// CHECK: cdpl_launch_app_child(cdpl_config(2, 1), out);
// CHECK: kernels/more_kernels.cu"
// CHECK: cdpl_launch_app_child(cdpl_config(1, 1), out);
// CHECK: cdpl_launch_app_parent(cdpl_config(1, 1), (int *)0);
