// template_kernel_takes_dependent_function_pointer.cu: CDP2 semantic test for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 template_kernel_takes_dependent_function_pointer.cu -o t -lcudadevrt
//
// Rule 3 (arguments are copied by value), for a kernel template whose
// parameters are declarators that name its template parameter: a pointer
// to a function of T and a pointer to rows of T. The child calls the
// function it was given on the row it was given, for two instantiations.
#include "cdp_test.cuh"

template <class T> __device__ T twice(T x) { return x + x; }

template <class T> __global__ void apply_to_row(T (*rows)[2], T (*op)(T), T *out) { out[0] = op(rows[1][0]); }

__device__ int g_int_rows[2][2];
__device__ float g_float_rows[2][2];
__device__ int g_int_out;
__device__ float g_float_out;

__global__ void parent()
{
    g_int_rows[1][0] = 21;
    g_float_rows[1][0] = 1.25f;
    apply_to_row<int><<<1, 1>>>(g_int_rows, twice<int>, &g_int_out);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    apply_to_row<<<1, 1>>>(g_float_rows, twice<float>, &g_float_out);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

int main()
{
    const Timer timer = timer_start();
    parent<<<1, 1>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    timer_stop(timer);

    int int_out = 0;
    float float_out = 0.0f;
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(&int_out, g_int_out, sizeof int_out));
    CHECK(cudaMemcpyFromSymbol(&float_out, g_float_out, sizeof float_out));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("int %d, float %g\n", int_out, float_out);
    fact("device launches succeeded", errors == 0);
    fact("the int instantiation calls twice<int> on its row", int_out == 42);
    fact("the float instantiation, deduced, calls twice<float> on its row", float_out == 2.5f);
    return finish();
}
