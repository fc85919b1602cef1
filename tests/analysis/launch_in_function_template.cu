// A function template, or a member of a class template, that launches an
// ordinary kernel: the launch is found in the template's text, which serves
// every instantiation, and the kernels calling the template launch.
__global__ void child(int *p, int v) {}

template <typename T> __device__ void spawn(T *p, T v) { child<<<1, 1>>>((int *)p, (int)v); }

template <typename T> struct spawner {
    __device__ static void go(int *p) { child<<<2, 1>>>(p, sizeof(T)); }
};

__global__ void parent(int *p)
{
    spawn(p, 3);
    spawner<double>::go(p);
}
// CHECK: function child side=kernel runs_in_runtime=1
// CHECK: function spawn side=device runs_in_runtime=0 virtualized=1
// CHECK: template=1 member=0 variadic=0 launched_from_device=0 launches=1
// CHECK: function go side=device runs_in_runtime=0 virtualized=1
// CHECK: template=1 member=1 variadic=0 launched_from_device=0 launches=1
// CHECK: function parent side=kernel runs_in_runtime=1
// CHECK: launch 6:58 kernel=child caller=spawn side=device
// CHECK: launch 9:41 kernel=child caller=go side=device
// CHECK-NOT: error
