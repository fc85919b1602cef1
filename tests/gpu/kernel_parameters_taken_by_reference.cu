// kernel_parameters_taken_by_reference.cu: kernels that take an object in
// managed memory by reference (`const Data &`, as GP_sampling_CUDA's SMC2
// sampler does), launched from the host and tail-launched from the device,
// plain and as a template. Natively the reference is the object's address;
// lowered, the launch record holds that address (cdpl_referent_pointer).
// Build: nvcc -rdc=true -arch=sm_90 -O2 kernel_parameters_taken_by_reference.cu -lcudadevrt
#include "cdp_test.cuh"

struct Data {
    int n;
    double *values;
};

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

__global__ void child(const Data &data, double *out) { out[threadIdx.x] = data.values[threadIdx.x % data.n]; }

__global__ void parent(const Data &data, double *out)
{
    child<<<1, 32, 0, cudaStreamTailLaunch>>>(data, out);
    count_launch_error();
}

template <typename T> __global__ void scale(const T &factor, double *out) { out[threadIdx.x] *= factor; }

template <typename T> __global__ void scale_parent(const T &factor, double *out)
{
    scale<T><<<1, 32, 0, cudaStreamTailLaunch>>>(factor, out);
    count_launch_error();
}

int main()
{
    Data *data = nullptr;
    double *values = nullptr, *factor = nullptr, *out = nullptr;
    CHECK(cudaMallocManaged(&data, sizeof *data));
    CHECK(cudaMallocManaged(&values, 4 * sizeof *values));
    CHECK(cudaMallocManaged(&factor, sizeof *factor));
    CHECK(cudaMallocManaged(&out, 32 * sizeof *out));
    for (int i = 0; i < 4; ++i) values[i] = i + 1;
    *data = Data{4, values};
    *factor = 10.0;
    parent<<<1, 1>>>(*data, out);
    CHECK(cudaGetLastError());
    scale_parent<double><<<1, 1>>>(*factor, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    double sum = 0;
    for (int i = 0; i < 32; ++i) sum += out[i];
    printf("out[0..3] = %g %g %g %g, sum %g\n", out[0], out[1], out[2], out[3], sum);
    const bool ok = errors == 0 && sum == 800.0;
    printf("RESULT: %s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
