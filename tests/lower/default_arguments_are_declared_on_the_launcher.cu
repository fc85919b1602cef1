// A launch may leave parameters to their defaults: the launcher is declared
// with the kernel's default arguments, before each declaration that gives
// them, so every launch sees the defaults the kernel call would see.
struct Scale {
    float factor;
    __host__ __device__ Scale(float f) : factor(f) {}
};
__global__ void child(int *out, int a, int b = 3, Scale s = Scale(0.5f), const int *p = nullptr);
__global__ void child(int *out, int a, int b, Scale s, const int *p) { out[blockIdx.x] = a + b + (p != nullptr); }
__global__ void later(int *out, int a, int b);
__global__ void later(int *out, int a = 1, int b = 2) { out[0] = a * b; }

__global__ void parent(int *out)
{
    child<<<1, 1>>>(out, 1);
    child<<<1, 1>>>(out, 1, 2, 4.0f);
    later<<<1, 1>>>(out);
}

int main()
{
    child<<<1, 1>>>((int *)0, 7);
    return 0;
}
// CHECK: __host__ __device__ void cdpl_launch_child(cdpl_launch_config, int *, int, int = 3, Scale = Scale(0.5f), const int * = nullptr); __device__ void cdpl_kernel_child(
// CHECK: __host__ __device__ void cdpl_launch_child(cdpl_launch_config cdpl_c, int *p0, int p1, int p2, Scale p3, const int *p4)
// CHECK: __host__ __device__ void cdpl_launch_later(cdpl_launch_config, int *, int, int); __device__ void cdpl_kernel_later(int *out, int a, int b);
// CHECK: __host__ __device__ void cdpl_launch_later(cdpl_launch_config, int *, int = 1, int = 2); __device__ void cdpl_kernel_later(int *out, int a = 1, int b = 2)
// CHECK: cdpl_launch_child(cdpl_config(1, 1), out, 1);
// CHECK: cdpl_launch_child(cdpl_config(1, 1), out, 1, 2, 4.0f);
// CHECK: cdpl_launch_later(cdpl_config(1, 1), out);
// CHECK: cdpl_launch_child(cdpl_config(1, 1), (int *)0, 7);
