// A launching __device__ lambda of host code that is used other than as a
// kernel launch's argument (copied, stored, given to a function) may run
// in kernels cdp-lower cannot name: refused at its launch, or at its device
// runtime API call.
__global__ void child(int n) {}
template <typename F> __global__ void apply(F f) { f(1); }
template <typename F> void keep(F f) {}

int main()
{
    auto spawn = [=] __device__ (int n) { child<<<1, 1>>>(n); };
    auto copy = spawn;
    apply<<<1, 1>>>(copy);
    auto kept = [=] __device__ (int n) { child<<<2, 2>>>(n); };
    keep(kept);
    auto checks = [] __device__ (int n) { (void)n; (void)cudaGetLastError(); };
    keep(checks);
    return 0;
}
// CHECK: error 11:43 device-side launch inside a __device__ lambda written in host code that is used other than as an argument of kernel launches
// CHECK: error 14:42 device-side launch inside a __device__ lambda written in host code that is used other than as an argument of kernel launches
// CHECK: error 16:58 device-side cudaGetLastError inside a __device__ lambda written in host code that is used other than as an argument of kernel launches
