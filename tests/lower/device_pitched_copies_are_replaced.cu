// Device-side 2-D and 3-D copies and sets go to the runtime, as records in
// their stream; the file registers that its device code makes them, so that
// the runtime gives records room for their parameters. Host-side calls stay.
__global__ void child(char *p) { p[0] = 1; }

__global__ void parent(char *p, cudaMemcpy3DParms *copy, cudaPitchedPtr target, cudaExtent extent)
{
    cudaMemcpy2DAsync(p, 64, p + 4096, 64, 32, 8, cudaMemcpyDeviceToDevice, 0);
    cudaMemset2DAsync(p, 64, 0, 32, 8, 0);
    cudaMemcpy3DAsync(copy, 0);
    cudaMemset3DAsync(target, 0, extent, cudaStreamTailLaunch);
    child<<<1, 1>>>(p);
}

int main()
{
    char *p = nullptr;
    cudaMemset2DAsync(p, 64, 0, 32, 8);
    parent<<<1, 1>>>(p, nullptr, cudaPitchedPtr{}, cudaExtent{});
}
// CHECK: #include "cdpl.cuh"
// CHECK: static const int cdpl_makes_pitched_copies = cdpl_register_pitched_copies();
// CHECK-NOT: cdpl_register_settings_reader
// CHECK: cdpl_cudaMemcpy2DAsync(p, 64, p + 4096, 64, 32, 8, cudaMemcpyDeviceToDevice, 0);
// CHECK: cdpl_cudaMemset2DAsync(p, 64, 0, 32, 8, 0);
// CHECK: cdpl_cudaMemcpy3DAsync(copy, 0);
// CHECK: cdpl_cudaMemset3DAsync(target, 0, extent, cudaStreamTailLaunch);
// CHECK: cudaMemset2DAsync(p, 64, 0, 32, 8);
