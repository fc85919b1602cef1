// An extended __device__ lambda written in host code runs in the kernels it
// is passed to: a launch inside it is a device-side launch of each kernel
// whose launch takes it as an argument (one site per kernel), so those
// kernel templates run through the runtime. A runtime API call inside such
// a lambda is a call of those kernels (one outside the runtime then gets
// the prologue the runtime's API versions read).
__global__ void child(int n) {}
template <typename F> __global__ void apply(F f) { f(1); }
template <typename F> __global__ void apply_twice(F f) { f(1); f(2); }
template <typename F> __global__ void quiet(F f) {}

int main()
{
    auto spawn = [=] __device__ (int n) { child<<<1, 1>>>(n); };
    apply<<<1, 1>>>(spawn);
    apply_twice<<<1, 1>>>(spawn);
    quiet<<<1, 1>>>([] __device__ (int n) { (void)n; (void)cudaGetLastError(); });
    return 0;
}
// CHECK: function child side=kernel runs_in_runtime=1
// CHECK: function apply side=kernel runs_in_runtime=1
// CHECK: launches=1
// CHECK: function apply_twice side=kernel runs_in_runtime=1
// CHECK: launches=1
// CHECK: function quiet side=kernel runs_in_runtime=0 virtualized=0 prologue=1
// CHECK: launch 14:43 kernel=child caller=apply side=device
// CHECK: launch 14:43 kernel=child caller=apply_twice side=device
// CHECK: api 17:60 cudaGetLastError caller=quiet side=device
// CHECK-NOT: error
