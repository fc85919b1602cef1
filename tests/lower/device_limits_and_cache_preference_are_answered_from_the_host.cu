// Device-side cudaDeviceGetLimit, cudaDeviceGetCacheConfig and
// cudaDeviceGetSharedMemConfig go to the runtime, which answers what the host
// answered before the launch; the file registers that its device code asks,
// so that the runtime reads the host's answers again before each launch.
__global__ void child(size_t *out) { out[1] = 1; }

__global__ void parent(size_t *out)
{
    cudaFuncCache cache;
    cudaSharedMemConfig banks;
    cudaDeviceGetLimit(&out[0], cudaLimitStackSize);
    cudaDeviceGetCacheConfig(&cache);
    cudaDeviceGetSharedMemConfig(&banks);
    child<<<1, 1>>>(out);
}

int main()
{
    size_t heap = 0;
    cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
    parent<<<1, 1>>>(nullptr);
}
// CHECK: #include "cdpl.cuh"
// CHECK: /* cdp-lower: device code here asks the host's limits or cache preference
// CHECK: static const int cdpl_reads_device_settings = cdpl_register_settings_reader();
// CHECK: cdpl_cudaDeviceGetLimit(&out[0], cudaLimitStackSize);
// CHECK: cdpl_cudaDeviceGetCacheConfig(&cache);
// CHECK: cdpl_cudaDeviceGetSharedMemConfig(&banks);
// CHECK: cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
