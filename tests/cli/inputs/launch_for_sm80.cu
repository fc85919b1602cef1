// Has a device-side launch only when parsed for sm_80: the device-side
// parse is the one that sees code under __CUDA_ARCH__.
__global__ void child(int *out) { out[0] = 1; }

__global__ void parent(int *out)
{
#if __CUDA_ARCH__ == 800
    child<<<1, 1>>>(out);
#endif
}
