// template_kernel_takes_dependent_function_pointer.cu: CDP2 semantic test for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 template_kernel_takes_dependent_function_pointer.cu -o t -lcudadevrt
//
// Rule 3 (arguments are copied by value), for a kernel template whose
// parameters are declarators that name its template parameter: a pointer
// to a function of T and a pointer to rows of T, written as pointers or as
// C++ adjusts them (`T rows[][2]`, `T op(T)`). The child calls the function
// it was given on the row it was given, for two instantiations. A kernel
// template whose array parameter is the only one that names T is launched
// with T deduced from it, as natively.
#include "cdp_test.cuh"

template <class T> __device__ T twice(T x) { return x + x; }

template <class T> __global__ void apply_to_row(T (*rows)[2], T (*op)(T), T *out) { out[0] = op(rows[1][0]); }

template <class T> __global__ void apply_as_written(T rows[][2], T op(T), T *out) { out[1] = op(rows[1][1]); }

template <class T> __global__ void triple_first(T data[], int times) { data[0] *= times; }

__device__ int g_int_rows[2][2];
__device__ float g_float_rows[2][2];
__device__ int g_int_out[2];
__device__ float g_float_out[2];
__device__ float g_tripled[1] = {0.5f};

__global__ void parent()
{
    g_int_rows[1][0] = 21;
    g_int_rows[1][1] = 50;
    g_float_rows[1][0] = 1.25f;
    g_float_rows[1][1] = 0.75f;
    apply_to_row<int><<<1, 1>>>(g_int_rows, twice<int>, g_int_out);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    apply_to_row<<<1, 1>>>(g_float_rows, twice<float>, g_float_out);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    apply_as_written<int><<<1, 1>>>(g_int_rows, twice<int>, g_int_out);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    apply_as_written<<<1, 1>>>(g_float_rows, twice<float>, g_float_out);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    triple_first<<<1, 1>>>(g_tripled, 3);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

int main()
{
    const Timer timer = timer_start();
    parent<<<1, 1>>>();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    timer_stop(timer);

    int int_out[2] = {0, 0};
    float float_out[2] = {0.0f, 0.0f};
    float tripled = 0.0f;
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(&tripled, g_tripled, sizeof tripled));
    CHECK(cudaMemcpyFromSymbol(int_out, g_int_out, sizeof int_out));
    CHECK(cudaMemcpyFromSymbol(float_out, g_float_out, sizeof float_out));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("int %d %d, float %g %g\n", int_out[0], int_out[1], float_out[0], float_out[1]);
    fact("device launches succeeded", errors == 0);
    fact("the int instantiation calls twice<int> on its row", int_out[0] == 42);
    fact("the float instantiation, deduced, calls twice<float> on its row", float_out[0] == 2.5f);
    fact("parameters written as an array and a function: the int instantiation", int_out[1] == 100);
    fact("parameters written as an array and a function: the float instantiation, deduced", float_out[1] == 1.5f);
    fact("T deduced from an array parameter alone", tripled == 1.5f);
    return finish();
}
