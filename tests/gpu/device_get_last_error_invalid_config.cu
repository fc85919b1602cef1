// device_get_last_error_invalid_config.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 device_get_last_error_invalid_config.cu -o device_get_last_error_invalid_config -lcudadevrt
#include "cdp_test.cuh"

// A grid that only marks its span.
__global__ void leaf(int id, long long cycles)
{
    grid_begin(id);
    spin(cycles);
    grid_end(id);
}

// Rule 15: a device launch with an invalid configuration fails at once in the
// launching thread: cudaGetLastError() there returns
// cudaErrorInvalidConfiguration (9) and clears it (a second call returns
// cudaSuccess), cudaPeekAtLastError() returns it without clearing, and the
// grid never runs. The last error is per thread: another thread of the same
// block does not see it.
#define ID_BAD_BLOCK0 1        // <<<1, 0>>>
#define ID_BAD_BLOCK2048 2     // <<<1, 2048>>>
#define ID_BAD_GRID0 3         // <<<dim3(0, 1, 1), 32>>>
#define ID_BAD_SHMEM 4         // <<<1, 32, 1 MiB>>>
#define ID_BAD_LAST 5          // <<<1, 0>>>, left uncleared in thread 0
#define ID_GOOD 6              // <<<1, 32>>> from thread 32
#define NCODES 14

__global__ void probe(int *codes)
{
    grid_begin(0);
    if (threadIdx.x == 0) {
        leaf<<<1, 0>>>(ID_BAD_BLOCK0, 0);
        codes[0] = (int)cudaGetLastError();
        codes[1] = (int)cudaGetLastError();

        leaf<<<1, 2048>>>(ID_BAD_BLOCK2048, 0);
        codes[2] = (int)cudaPeekAtLastError();
        codes[3] = (int)cudaPeekAtLastError();
        codes[4] = (int)cudaGetLastError();
        codes[5] = (int)cudaGetLastError();

        leaf<<<dim3(0, 1, 1), 32>>>(ID_BAD_GRID0, 0);
        codes[6] = (int)cudaGetLastError();
        codes[7] = (int)cudaGetLastError();

        leaf<<<1, 32, 1 << 20>>>(ID_BAD_SHMEM, 0);
        codes[8] = (int)cudaGetLastError();
        codes[9] = (int)cudaGetLastError();

        leaf<<<1, 0>>>(ID_BAD_LAST, 0);   // not cleared yet
    }
    __syncthreads();
    if (threadIdx.x == 32) {
        codes[10] = (int)cudaGetLastError();   // thread 0's error is not this thread's
        leaf<<<1, 32>>>(ID_GOOD, 0);
        codes[11] = (int)cudaGetLastError();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        codes[12] = (int)cudaGetLastError();   // still thread 0's own error
        codes[13] = (int)cudaGetLastError();
    }
    grid_end(0);
}

int main()
{
    init_host_spans();
    int *d_codes = unwritten_codes(NCODES);
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    probe<<<1, 64>>>(d_codes);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    read_spans();
    int c[NCODES];
    take_codes(c, d_codes);
    const int inv = (int)cudaErrorInvalidConfiguration;
    const int ok = (int)cudaSuccess;

    printf("<<<1, 0>>>: cudaGetLastError = %d, again = %d\n", c[0], c[1]);
    printf("<<<1, 2048>>>: cudaPeekAtLastError = %d, again = %d, cudaGetLastError = %d, again = %d\n",
           c[2], c[3], c[4], c[5]);
    printf("<<<dim3(0,1,1), 32>>>: cudaGetLastError = %d, again = %d\n", c[6], c[7]);
    printf("<<<1, 32, 1 MiB>>>: cudaGetLastError = %d, again = %d\n", c[8], c[9]);
    printf("thread 32 after thread 0's failed launch: cudaGetLastError = %d\n", c[10]);
    printf("thread 32 after its valid launch: cudaGetLastError = %d\n", c[11]);
    printf("thread 0 after thread 32's calls: cudaGetLastError = %d, again = %d\n", c[12], c[13]);
    fact("probe ran once", ran(0, 1));
    fact("block dim 0 gives cudaErrorInvalidConfiguration, then cudaSuccess",
         c[0] == inv && c[1] == ok);
    fact("2048 threads: peek gives 9 twice, get gives 9, then cudaSuccess",
         c[2] == inv && c[3] == inv && c[4] == inv && c[5] == ok);
    // Grid dim 0 and 1 MiB of dynamic shared memory: 9 as well, measured
    // natively on an H100 (CUDA 13.0, driver 580).
    fact("grid dim 0 fails, then cudaSuccess", c[6] == inv && c[7] == ok);
    fact("1 MiB dynamic shared memory fails, then cudaSuccess", c[8] == inv && c[9] == ok);
    fact("last error is per thread (other thread sees cudaSuccess)", c[10] == ok && c[11] == ok);
    fact("failing thread keeps its own error until read", c[12] == inv && c[13] == ok);
    fact("no failed launch ran",
         h_span[ID_BAD_BLOCK0].blocks == 0 && h_span[ID_BAD_BLOCK2048].blocks == 0 &&
             h_span[ID_BAD_GRID0].blocks == 0 && h_span[ID_BAD_SHMEM].blocks == 0 &&
             h_span[ID_BAD_LAST].blocks == 0);
    fact("the valid launch ran", ran(ID_GOOD, 1));
    return finish();
}
