// Launches of kernel templates from kernel templates, by a qualified name
// (`ns::child<T>`) and by a name a using-declaration brings in (as
// upsj/gpu_selection writes them). In a template clang leaves such a call to
// the name, located at its qualifier: the first was refused as "written
// partly inside a macro", the second as a launch through a pointer.
namespace ns {
template <typename T> __global__ void child(T *p) { p[threadIdx.x] += 1; }
}
template <typename T> __global__ void qualified(T *p) { ns::child<T><<<1, 32>>>(p); }

namespace gpu {
namespace kernels {
template <typename T> __global__ void leaf(T *p) { p[threadIdx.x] += 2; }
}
using kernels::leaf;
template <typename T> __global__ void used(T *p) { leaf<T><<<1, 32>>>(p); }
}

int main()
{
    qualified<int><<<1, 1>>>(nullptr);
    gpu::used<float><<<1, 1>>>(nullptr);
    return 0;
}
// CHECK: { ns::cdpl_launch_child<T>(cdpl_config(1, 32), p); }
// CHECK: using kernels::leaf; using kernels::cdpl_launch_leaf;
// CHECK: { cdpl_launch_leaf<T>(cdpl_config(1, 32), p); }
