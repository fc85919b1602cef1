// A launch of an ordinary kernel inside a function template, or a member of
// a class template, is rewritten in the template's text: every
// instantiation launches through the launcher.
__global__ void child(int *p, int v) { p[blockIdx.x] = v; }

template <typename T> __device__ void spawn(T *p, T v) { child<<<1, 1>>>((int *)p, (int)v); }

template <typename T> struct spawner {
    __device__ static void go(int *p) { child<<<2, 1>>>(p, sizeof(T)); }
};

__global__ void parent(int *p)
{
    spawn(p, 3);
    spawn<int>(p, 4);
    spawner<double>::go(p);
}
// CHECK: template <typename T> __device__ void spawn(T *p, T v) { cdpl_launch_child(cdpl_config(1, 1), (int *)p, (int)v); }
// CHECK: __device__ static void go(int *p) { cdpl_launch_child(cdpl_config(2, 1), p, sizeof(T)); }
// CHECK-NOT: <<<
