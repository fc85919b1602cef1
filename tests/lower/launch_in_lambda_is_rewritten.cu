// Launches inside lambdas are rewritten where they are written: an extended
// __device__ lambda and a plain lambda in a kernel (device-side launches of
// the kernel), a lambda in host code launching a runtime kernel, and an
// extended __device__ lambda in host code passed to a kernel template
// (which then runs through the runtime).
__global__ void child(int *out, int i) { out[blockIdx.x] = i; }

__global__ void parent(int *out, int n)
{
    auto spawn = [=] __device__ (int i) { child<<<1, 1>>>(out, i); };
    auto tail = [=](int i) { child<<<1, 1, 0, cudaStreamTailLaunch>>>(out, i + blockIdx.x); };
    spawn(n);
    tail(n);
}

template <typename F> __global__ void apply(F f, int n) { f(n); }

int main()
{
    auto run = [](int *out) { parent<<<1, 1>>>(out, 1); };
    run((int *)0);
    auto spawn = [] __device__ (int n) { child<<<1, 1>>>((int *)0, n); };
    apply<<<1, 1>>>(spawn, 2);
    return 0;
}
// CHECK: auto spawn = [=] __device__ (int i) { cdpl_launch_child(cdpl_config(1, 1), out, i); };
// CHECK: auto tail = [=](int i) { cdpl_launch_child(cdpl_config(1, 1, 0, cudaStreamTailLaunch), out, i + cdpl_blockIdx().x); };
// CHECK: template <typename F> __device__ void apply(F f, int n) { f(n); }
// CHECK: auto run = [](int *out) { cdpl_launch_parent(cdpl_config(1, 1), out, 1); };
// CHECK: auto spawn = [] __device__ (int n) { cdpl_launch_child(cdpl_config(1, 1), (int *)0, n); };
// CHECK: cdpl_launch_apply(cdpl_config(1, 1), spawn, 2);
// CHECK-NOT: child<<<
// CHECK-NOT: parent<<<
// CHECK-NOT: apply<<<
