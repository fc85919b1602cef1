// A device-side launch inside a lambda is not supported yet.
__global__ void child(int n) {}

__global__ void parent(int n)
{
    auto spawn = [=] __device__ () { child<<<1, 1>>>(n); };
    spawn();
}
// CHECK: error 6:38 device-side launch inside a lambda is not supported yet
