// pointer_arguments_keep_their_values.cu: CDP2 semantic test for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 pointer_arguments_keep_their_values.cu -o t -lcudadevrt
//
// Rule 3 (arguments are copied by value), for pointers. A lowered launch
// carries its pointer arguments in a record in global memory and the entry
// kernel hands them to the body: a null argument must stay null and take its
// null branch, a pointer to volatile and a pointer to const must read what
// the parent wrote, and a pointer to a device function must still be called.
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

typedef int (*unary_op)(int);
__device__ int twice(int x) { return 2 * x; }

#define SLOTS 5
__device__ int g_seen[SLOTS];

__global__ void check_pointers(int *maybe_null, volatile int *flag, const int *values, unary_op op, int *out)
{
    out[0] = maybe_null == nullptr ? 1 : 2;
    if (maybe_null != nullptr) out[1] = *maybe_null;
    out[2] = *flag;
    out[3] = values[0] + values[1];
    out[4] = op(21);
}

__global__ void parent(int *buffer, int *values)
{
    buffer[0] = 7;
    values[0] = 40;
    values[1] = 2;
    check_pointers<<<1, 1>>>(nullptr, buffer, values, twice, g_seen);
    count_launch_error();
}

__global__ void parent_with_buffer(int *buffer, int *values, int *out)
{
    buffer[0] = 9;
    check_pointers<<<1, 1>>>(buffer, buffer, values, twice, out);
    count_launch_error();
}

int main()
{
    const Timer timer = timer_start();
    int *buffer = nullptr, *values = nullptr, *out = nullptr;
    CHECK(cudaMalloc(&buffer, sizeof(int)));
    CHECK(cudaMalloc(&values, 2 * sizeof(int)));
    CHECK(cudaMalloc(&out, SLOTS * sizeof(int)));
    parent<<<1, 1>>>(buffer, values);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    parent_with_buffer<<<1, 1>>>(buffer, values, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    timer_stop(timer);

    int with_null[SLOTS], with_buffer[SLOTS];
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(with_null, g_seen, sizeof with_null));
    CHECK(cudaMemcpy(with_buffer, out, sizeof with_buffer, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("null argument: branch %d, flag %d, sum %d, op %d\n", with_null[0], with_null[2], with_null[3],
           with_null[4]);
    printf("buffer argument: branch %d, value %d, flag %d, sum %d, op %d\n", with_buffer[0], with_buffer[1],
           with_buffer[2], with_buffer[3], with_buffer[4]);
    fact("device launches succeeded", errors == 0);
    fact("a null pointer argument stays null", with_null[0] == 1);
    fact("a real pointer argument is not null and reads the parent's write", with_buffer[0] == 2 && with_buffer[1] == 9);
    fact("pointers to volatile and to const read the parent's writes",
         with_null[2] == 7 && with_null[3] == 42 && with_buffer[2] == 9 && with_buffer[3] == 42);
    fact("a device function pointer argument is called", with_null[4] == 42 && with_buffer[4] == 42);
    CHECK(cudaFree(buffer));
    CHECK(cudaFree(values));
    CHECK(cudaFree(out));
    return finish();
}
