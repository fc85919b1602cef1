// On the host, a launch macro given a kernel that runs through the cdpl
// runtime is replaced by its expansion, with the launch rewritten; given a
// kernel outside the runtime, the use stays as written, as the definition
// it expands to launches natively; unless the kernel calls the device
// runtime API, whose launches start the runtime first: in the expansion.
#define GO(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
__global__ void child(int *out) { out[threadIdx.x] = 1; }
__global__ void parent(int *out) { child<<<1, 32>>>(out); }
__global__ void native(int *out) { out[threadIdx.x] = 2; }
__global__ void native_asking(int *out) { out[threadIdx.x] = (int)cudaGetLastError(); }

int main()
{
    int *out = nullptr;
    GO(parent, 1, 1, out);
    GO(native, 2, 32, out);
    GO(native_asking, 1, 32, out);
    return 0;
}
// CHECK: #define GO(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
// CHECK: cdpl_launch_parent(cdpl_config(1, 1), out);
// CHECK: GO(native, 2, 32, out);
// CHECK: (void)cdpl_start_runtime(), native_asking<<<1, 32>>>(out);
// CHECK-NOT: GO(parent
