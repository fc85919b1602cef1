// named_stream_serializes.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 named_stream_serializes.cu -o named_stream_serializes -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// A grid that only marks its span.
__global__ void leaf(int id, long long cycles)
{
    grid_begin(id);
    spin(cycles);
    grid_end(id);
}

// Rule 7: a stream created in device code with
// cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) serializes the
// launches made into it, in the order they were made, each after the previous
// one is complete (its children included). cudaStreamDestroy(s) right after
// the launches returns at once and the pending work still runs.
// Each block creates its own stream and shares it through shared memory;
// different blocks' streams are unordered, so nothing is checked across them.
#define NBLOCKS 4
#define IDS_PER_BLOCK 4
#define ID_X1(b) (1 + (b) * IDS_PER_BLOCK + 0)    // launched first by thread 0
#define ID_X1G(b) (1 + (b) * IDS_PER_BLOCK + 1)   // X1's child (its NULL stream)
#define ID_X2(b) (1 + (b) * IDS_PER_BLOCK + 2)    // launched second by thread 0
#define ID_X3(b) (1 + (b) * IDS_PER_BLOCK + 3)    // launched by thread 37 after a barrier

__device__ unsigned int g_api_errors;

__global__ void node_null(int id, int child_id)
{
    grid_begin(id);
    if (is_thread0() && blockIdx.x == 0) {
        leaf<<<2, 32>>>(child_id, LONG_SPIN);
        count_launch_error();
    }
    spin(SHORT_SPIN);
    grid_end(id);
}

__global__ void parent()
{
    __shared__ cudaStream_t s;
    grid_begin(0);
    const int b = blockIdx.x;
    if (threadIdx.x == 0) {
        if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
            atomicAdd(&g_api_errors, 1u);
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        node_null<<<2, 32, 0, s>>>(ID_X1(b), ID_X1G(b));
        count_launch_error();
        leaf<<<2, 32, 0, s>>>(ID_X2(b), LONG_SPIN);
        count_launch_error();
    }
    __syncthreads();
    if (threadIdx.x == 37) {
        leaf<<<1, 32, 0, s>>>(ID_X3(b), SHORT_SPIN);
        count_launch_error();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        if (cudaStreamDestroy(s) != cudaSuccess) atomicAdd(&g_api_errors, 1u);
    }
    grid_end(0);
}

int main()
{
    init_host_spans();
    const Timer timer = timer_start();
    parent<<<NBLOCKS, 64>>>();
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int api_errors = 0;
    CHECK(cudaMemcpyFromSymbol(&api_errors, g_api_errors, sizeof api_errors));
    bool all_ran = ran(0, NBLOCKS), x2_after_x1 = true, x2_after_x1g = true, x3_after_x2 = true;
    for (int b = 0; b < NBLOCKS; ++b) {
        all_ran = all_ran && ran(ID_X1(b), 2) && ran(ID_X1G(b), 2) && ran(ID_X2(b), 2) &&
                  ran(ID_X3(b), 1);
        x2_after_x1 = x2_after_x1 && after(ID_X2(b), ID_X1(b));
        x2_after_x1g = x2_after_x1g && after(ID_X2(b), ID_X1G(b));
        x3_after_x2 = x3_after_x2 && after(ID_X3(b), ID_X2(b));
    }
    printf("named stream: %d blocks, each creates a non-blocking stream, launches X1(->X1g), X2 "
           "from thread 0, X3 from thread 37, then destroys it\n", NBLOCKS);
    printf("device launch errors: %u, stream create/destroy errors: %u\n", errors, api_errors);
    fact("device launches and stream calls succeeded", errors == 0 && api_errors == 0);
    fact("every grid ran once with all its blocks (after cudaStreamDestroy)", all_ran);
    fact("named stream: X2 after X1 (every block)", x2_after_x1);
    fact("named stream: X2 after X1's child X1g (every block)", x2_after_x1g);
    fact("named stream: X3 (other thread, after barrier) after X2 (every block)", x3_after_x2);
    return finish();
}
