// Host launches of kernels that launch nothing need no lowering: the file
// must come out byte for byte as it went in.
__global__ void scale(float *x, float factor) { x[blockIdx.x * blockDim.x + threadIdx.x] *= factor; }

int main()
{
    float *x;
    cudaMalloc(&x, 1024 * sizeof(float));
    scale<<<4, 256>>>(x, 2.0f);
    cudaError_t status = cudaGetLastError();
    cudaDeviceSynchronize();
    return status != cudaSuccess;
}
