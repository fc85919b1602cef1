// array_and_function_parameters_are_pointers.cu: CDP2 semantic test for cdp-lower.
// Build: nvcc -rdc=true -arch=sm_90 -O2 array_and_function_parameters_are_pointers.cu -o t -lcudadevrt
//
// Rule 3 (arguments are copied by value), for parameters written as arrays
// or as a function, by themselves or through typedefs: C++ makes them
// pointers, so the child indexes the parent's arrays and calls the function
// it was given. A lowered launch must carry the pointers in its record, not
// arrays or functions.
#include "cdp_test.cuh"

__device__ int add_one(int x) { return x + 1; }

typedef int pair_t[2];
typedef int unary_t(int);

#define SLOTS 5
__device__ int g_seen[SLOTS];

__global__ void child(int rows[][2], const int values[3], int op(int), int *out)
{
    out[0] = rows[1][1];
    out[1] = values[2];
    out[2] = op(41);
}

__global__ void child_through_typedefs(const pair_t row, unary_t op, int *out)
{
    out[3] = row[1];
    out[4] = op(row[0]);
}

__global__ void parent(int *cells, int *values)
{
    cells[3] = 30;
    values[2] = 12;
    child<<<1, 1>>>(reinterpret_cast<int(*)[2]>(cells), values, add_one, g_seen);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
    cells[0] = 6;
    cells[1] = 7;
    child_through_typedefs<<<1, 1>>>(cells, add_one, g_seen);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

int main()
{
    const Timer timer = timer_start();
    int *cells = nullptr, *values = nullptr;
    CHECK(cudaMalloc(&cells, 4 * sizeof(int)));
    CHECK(cudaMalloc(&values, 3 * sizeof(int)));
    parent<<<1, 1>>>(cells, values);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    timer_stop(timer);

    int seen[SLOTS];
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(seen, g_seen, sizeof seen));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    printf("row element %d, array element %d, function %d, typedef array %d, typedef function %d\n", seen[0],
           seen[1], seen[2], seen[3], seen[4]);
    fact("device launches succeeded", errors == 0);
    fact("an array-of-arrays parameter indexes the parent's cells", seen[0] == 30);
    fact("an array parameter reads the parent's write", seen[1] == 12);
    fact("a function parameter calls the function passed", seen[2] == 42);
    fact("an array parameter declared through a typedef reads the parent's write", seen[3] == 7);
    fact("a function parameter declared through a typedef calls the function passed", seen[4] == 7);
    CHECK(cudaFree(cells));
    CHECK(cudaFree(values));
    return finish();
}
