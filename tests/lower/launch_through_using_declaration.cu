// A using-declaration that names a kernel (at namespace scope or in a
// function, qualified from the global namespace or not, a kernel template
// too) is followed by the same using-declaration of its launcher: a launch
// found the kernel through it, and its rewritten call must find the
// launcher. A kernel that stays native gets none.
namespace ns {
__global__ void inner(int *out) { out[0] = 1; }
template <int N> __global__ void tinner(int *out) { out[0] = N; }
__global__ void plain(int *out) { out[0] = 2; }
}
using ::ns::inner;
using ns::tinner;
using ns::plain;

__global__ void parent(int *out)
{
    inner<<<1, 1>>>(out);
    tinner<3><<<1, 1>>>(out);
}

int main()
{
    using ns::inner;
    inner<<<1, 1>>>(nullptr);
    parent<<<1, 1>>>(nullptr);
    plain<<<1, 1>>>(nullptr);
    return 0;
}
// CHECK: using ::ns::inner; using ::ns::cdpl_launch_inner;
// CHECK: using ns::tinner; using ns::cdpl_launch_tinner;
// CHECK: using ns::plain;
// CHECK: cdpl_launch_inner(cdpl_config(1, 1), out);
// CHECK: cdpl_launch_tinner<3>(cdpl_config(1, 1), out);
// CHECK: using ns::inner; using ns::cdpl_launch_inner;
// CHECK: cdpl_launch_inner(cdpl_config(1, 1), nullptr);
// CHECK: plain<<<1, 1>>>(nullptr);
