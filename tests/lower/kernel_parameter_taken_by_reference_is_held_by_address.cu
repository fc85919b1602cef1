// Kernels that take a parameter by reference (`const Data &`, the object in
// managed memory, as GP_sampling_CUDA's SMC2 sampler does), launched from
// the device and the host, plain and as a template. The record once held a
// reference field, and the output did not compile ("second operand of
// offsetof may not be a field with reference type"). It holds the
// referent's address: the launcher takes it, the entry reads through it, as
// a kernel's reference parameter is passed natively.
struct Data {
    int n;
    double *values;
};

__global__ void child(const Data &data, double *out) { out[threadIdx.x] = data.values[threadIdx.x % data.n]; }

__global__ void parent(const Data &data, double *out) { child<<<1, 32, 0, cudaStreamTailLaunch>>>(data, out); }

template <typename T> __global__ void scale(const T &factor, double *out) { out[threadIdx.x] *= factor; }

template <typename T> __global__ void scale_parent(const T &factor, double *out)
{
    scale<T><<<1, 32, 0, cudaStreamTailLaunch>>>(factor, out);
}

void run(Data *managed, double *factor, double *out)
{
    parent<<<1, 1>>>(*managed, out);
    scale_parent<double><<<1, 1>>>(*factor, out);
}
// CHECK: struct cdpl_params_child { cdpl_referent_pointer<const Data &>::type p0; double *p1; };
// CHECK: cdpl_kernel_child(static_cast<const Data &>(*cdpl_p.p0), cdpl_p.p1);
// CHECK: cdpl_params_child cdpl_p = {&p0, p1};
// CHECK: typename cdpl_referent_pointer<const T &>::type p0;
// CHECK: scale<T>(static_cast<const T &>(*cdpl_p.p0), cdpl_p.p1);
// CHECK-ERR-NOT: error
