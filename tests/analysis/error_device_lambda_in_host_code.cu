// An extended __device__ lambda written in host code runs on the device: a
// launch inside it is a device-side launch inside a lambda.
__global__ void child(int n) {}
template <typename F> __global__ void apply(F f) { f(1); }

int main()
{
    auto spawn = [=] __device__ (int n) { child<<<1, 1>>>(n); };
    apply<<<1, 1>>>(spawn);
    return 0;
}
// CHECK: error 8:43 device-side launch inside a __device__ lambda written in host code is not supported
