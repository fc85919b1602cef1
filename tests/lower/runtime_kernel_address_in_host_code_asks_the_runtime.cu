// A runtime kernel's name in host code is a host function of the lowered
// file, registered with the runtime: host code that takes its address asks
// the runtime what it stands for (the entry, which queries answer for), and
// cudaLaunchKernel of it, by name or through a pointer, launches it through
// the runtime as <<<>>> does.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p) { child<<<1, 32>>>(p); }

int main()
{
    void (*pointer)(int *) = child;
    void *args[] = {nullptr};
    cudaLaunchKernel((const void *)pointer, 1, 32, args, 0, 0);
    cudaLaunchKernel(child, 1, 32, args, 0, 0);
    return 0;
}
// CHECK: void child(int *); __host__ __device__ void cdpl_launch_child(cdpl_launch_config, int *); __device__ void cdpl_kernel_child(int *p)
// CHECK: void child(int *p0) { cdpl_launch_child(cdpl_popped_config(), p0); }
// CHECK: cdpl_register_host_view(0x
// CHECK: void (*pointer)(int *) = cdpl_host_kernel(child);
// CHECK: cdpl_cudaLaunchKernel((const void *)pointer, 1, 32, args, 0, 0);
// CHECK: cdpl_cudaLaunchKernel(cdpl_host_kernel(child), 1, 32, args, 0, 0);
