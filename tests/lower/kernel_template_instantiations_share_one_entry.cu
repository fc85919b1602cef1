// A kernel template launched from the device becomes a __device__ function
// template; every instantiation shares one entry kernel and kernel id, and
// a launch packs the device address of its instantiation's body before its
// arguments (host launches learn it once, from a one-thread kernel). Launches keep their template arguments (explicit or deduced),
// an explicit specialization becomes a __device__ function too, and default
// template arguments stay on the launcher's declaration.
template <int N> __global__ void count_down(int *out)
{
    out[N] = blockIdx.x;
    if constexpr (N > 0) count_down<N - 1><<<1, 1>>>(out);
}

template <typename T, int M = 2> __global__ void scale(T *data, T factor)
{
    data[M] = factor;
    if (factor > T(1)) scale<<<1, 1>>>(data, factor / T(2));
}

template <int N> __global__ void fold(int value);
template <int N> __global__ void fold(int value) { if (N > 0) fold<N - 1><<<1, 1>>>(value); }
template <> __global__ void fold<0>(int value) {}

int main()
{
    count_down<3><<<1, 1>>>((int *)0);
    scale<<<1, 1>>>((float *)0, 8.0f);
    fold<2><<<1, 1>>>(1);
    return 0;
}
// CHECK: template <int N> [[maybe_unused]] static __host__ __device__ void cdpl_launch_count_down(cdpl_launch_config, int *); template <int N> __device__ void count_down(int *out)
// CHECK: out[N] = cdpl_block_idx.x;
// CHECK: if constexpr (N > 0) cdpl_launch_count_down<N - 1>(cdpl_config(1, 1), out);
// CHECK: template <int N> struct cdpl_params_count_down { cdpl_body_fn_count_down cdpl_body; int *p0; };
// CHECK: template <int N> __device__ void cdpl_body_count_down(const void *cdpl_raw)
// CHECK: count_down<N>(cdpl_p.p0);
// CHECK: template <int N> [[maybe_unused]] static __global__ void cdpl_address_of_count_down(cdpl_body_fn_count_down *cdpl_out) { *cdpl_out = cdpl_body_count_down<N>; }
// CHECK: template <int N> [[maybe_unused]] static __host__ __device__ cdpl_body_fn_count_down cdpl_body_of_count_down()
// CHECK: template <int N> [[maybe_unused]] static __host__ __device__ void cdpl_launch_count_down(cdpl_launch_config cdpl_c, int *p0)
// CHECK: cdpl_params_count_down<N> cdpl_p = {cdpl_body_of_count_down<N>(), p0};
// CHECK: static __global__ void CDPL_ENTRY_BOUNDS cdpl_entry_count_down(cdpl_wave cdpl_w)
// CHECK: cdpl_f(&cdpl_f);
// CHECK: cdpl_register_file_local(0x
// CHECK: template <typename T, int M = 2> [[maybe_unused]] static __host__ __device__ void cdpl_launch_scale(cdpl_launch_config, T *, T); template <typename T, int M = 2> __device__ void scale(T *data, T factor)
// CHECK: if (factor > T(1)) cdpl_launch_scale(cdpl_config(1, 1), data, factor / T(2));
// CHECK: struct cdpl_params_bound_scale { cdpl_body_fn_scale cdpl_body; alignas(16) unsigned char p0[CDPL_TEMPLATE_PARAM_BUDGET]; alignas(16) unsigned char p1[CDPL_TEMPLATE_PARAM_BUDGET]; };
// CHECK: scale<T, M>(cdpl_p.p0, cdpl_p.p1);
// CHECK: template <int N> [[maybe_unused]] static __host__ __device__ void cdpl_launch_fold(cdpl_launch_config, int); template <int N> __device__ void fold(int value);
// CHECK: template <> __device__ void fold<0>(int value) {}
// CHECK: cdpl_launch_count_down<3>(cdpl_config(1, 1), (int *)0);
// CHECK: cdpl_launch_scale(cdpl_config(1, 1), (float *)0, 8.0f);
// CHECK: cdpl_launch_fold<2>(cdpl_config(1, 1), 1);
// CHECK-NOT: count_down<<<
// CHECK-NOT: count_down<N - 1><<<
// CHECK-NOT: scale<<<
// CHECK-NOT: fold<2><<<
// CHECK-NOT: __global__ void fold
