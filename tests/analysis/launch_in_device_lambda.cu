// A launch inside a lambda in device code is a device-side launch of the
// function that holds the lambda (the lambda runs in its threads), with an
// extended `__device__` lambda or a plain one; a launch inside a lambda in
// host code is a host launch.
__global__ void child(int n) {}

__global__ void parent(int n)
{
    auto spawn = [=] __device__ () { child<<<1, 1>>>(n); };
    auto plain = [=](int i) { child<<<1, 1, 0, cudaStreamTailLaunch>>>(i); };
    spawn();
    plain(n);
}

__global__ void root(int n) {}

int main()
{
    auto run = [] { root<<<1, 1>>>(1); };
    run();
    return 0;
}
// CHECK: function child side=kernel runs_in_runtime=1
// CHECK: function parent side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int
// CHECK: launched_from_device=0 launches=1
// CHECK: function root side=kernel runs_in_runtime=0
// CHECK: launch 9:38 kernel=child caller=parent side=device stream=null
// CHECK: launch 10:31 kernel=child caller=parent side=device stream=tail
// CHECK: launch 19:21 kernel=root caller=main side=host stream=null
// CHECK-NOT: error
