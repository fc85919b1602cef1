// child_sees_parent_writes.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 child_sees_parent_writes.cu -o child_sees_parent_writes -lcudadevrt
#include "cdp_test.cuh"

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// Rule 4: a child sees every global-memory write its launching thread made
// before the launch, and after a __syncthreads() those of the whole block;
// the same holds one level further down.
// Rule 3: arguments are copied at the launch, by value, laid out as the
// kernel's parameter buffer: types of several sizes and alignments, and a
// 24-byte struct with mixed members, arrive intact.
#define NBLOCKS 2
#define NTHREADS 64
#define NTOTAL (NBLOCKS * NTHREADS)
#define NESTED_BASE NTOTAL           // data[NESTED_BASE + b]: written by a child
#define SENTINEL_BASE (NTOTAL + 16)  // data[SENTINEL_BASE + b]: written through a pointer argument
#define DATA_SIZE (NTOTAL + 32)

struct Mixed {
    char a;
    int b;
    double c;
    short d;
};
static_assert(sizeof(Mixed) == 24, "Mixed must be 24 bytes");

#define ARG_CHAR 0
#define ARG_SHORT 1
#define ARG_DOUBLE 2
#define ARG_MIXED 3
#define ARG_POINTER 4
#define ARG_UCHAR 5
#define ARG_FLOAT 6
#define ARG_LONGLONG 7
#define ARG_BOOL 8
#define NARGS 9
static const char *arg_names[NARGS] = {"char", "short", "double", "struct Mixed (24 bytes)",
                                       "pointer", "unsigned char", "float", "long long", "bool"};

__device__ unsigned int g_own_ok, g_own_bad;       // per-thread children
__device__ unsigned int g_block_ok, g_block_bad;   // per-block children, one check per thread
__device__ unsigned int g_nested_ok, g_nested_bad; // grandchildren
__device__ unsigned int g_arg_ok[NBLOCKS];         // bit k: argument k arrived intact

__host__ __device__ int own_value(int g) { return g * 3 + 1; }
__host__ __device__ int nested_value(int b) { return 1000 + b; }
__host__ __device__ int sentinel_value(int b) { return 5000 + b; }

__global__ void check_own(const int *data, int g)
{
    if (data[g] == own_value(g)) atomicAdd(&g_own_ok, 1u);
    else atomicAdd(&g_own_bad, 1u);
}

__global__ void check_nested(const int *data, int b)
{
    if (data[NESTED_BASE + b] == nested_value(b)) atomicAdd(&g_nested_ok, 1u);
    else atomicAdd(&g_nested_bad, 1u);
}

__global__ void check_block(char c, short s, double d, Mixed m, int *p, unsigned char uc,
                            float f, long long ll, bool flag, int *expected_p, int b)
{
    const int g = b * NTHREADS + threadIdx.x;
    if (expected_p[g] == own_value(g)) atomicAdd(&g_block_ok, 1u);
    else atomicAdd(&g_block_bad, 1u);
    if (threadIdx.x == 0) {
        unsigned int ok = 0;
        ok |= (c == (char)-7) << ARG_CHAR;
        ok |= (s == (short)-12345) << ARG_SHORT;
        ok |= (d == 3.141592653589793) << ARG_DOUBLE;
        ok |= (m.a == 'Z' && m.b == -123456789 && m.c == -2.718281828459045 && m.d == 31000)
              << ARG_MIXED;
        ok |= (p == expected_p) << ARG_POINTER;
        ok |= (uc == 200) << ARG_UCHAR;
        ok |= (f == 1.5f) << ARG_FLOAT;
        ok |= (ll == -1234567890123LL) << ARG_LONGLONG;
        ok |= (flag == true) << ARG_BOOL;
        atomicOr(&g_arg_ok[b], ok);
        p[SENTINEL_BASE + b] = sentinel_value(b);
        // One level further: the grandchild must see this thread's write.
        p[NESTED_BASE + b] = nested_value(b);
        check_nested<<<1, 1>>>(p, b);
        count_launch_error();
    }
}

__global__ void parent(int *data)
{
    grid_begin(0);
    const int g = blockIdx.x * NTHREADS + threadIdx.x;
    data[g] = own_value(g);
    // Each thread's own child: sees that thread's write, no barrier needed.
    check_own<<<1, 1>>>(data, g);
    count_launch_error();
    __syncthreads();
    // After the barrier, thread 0's child sees the whole block's writes.
    if (threadIdx.x == 0) {
        const Mixed m = {'Z', -123456789, -2.718281828459045, 31000};
        check_block<<<1, NTHREADS>>>((char)-7, (short)-12345, 3.141592653589793, m, data,
                                     (unsigned char)200, 1.5f, -1234567890123LL, true, data,
                                     blockIdx.x);
        count_launch_error();
    }
    grid_end(0);
}

int main()
{
    init_host_spans();
    int *d_data = nullptr;
    CHECK(cudaMalloc(&d_data, DATA_SIZE * sizeof(int)));
    CHECK(cudaMemset(d_data, 0, DATA_SIZE * sizeof(int)));
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<NBLOCKS, NTHREADS>>>(d_data);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    unsigned int own_ok = 0, own_bad = 0, block_ok = 0, block_bad = 0, nested_ok = 0,
                 nested_bad = 0, arg_ok[NBLOCKS] = {0};
    CHECK(cudaMemcpyFromSymbol(&own_ok, g_own_ok, sizeof own_ok));
    CHECK(cudaMemcpyFromSymbol(&own_bad, g_own_bad, sizeof own_bad));
    CHECK(cudaMemcpyFromSymbol(&block_ok, g_block_ok, sizeof block_ok));
    CHECK(cudaMemcpyFromSymbol(&block_bad, g_block_bad, sizeof block_bad));
    CHECK(cudaMemcpyFromSymbol(&nested_ok, g_nested_ok, sizeof nested_ok));
    CHECK(cudaMemcpyFromSymbol(&nested_bad, g_nested_bad, sizeof nested_bad));
    CHECK(cudaMemcpyFromSymbol(arg_ok, g_arg_ok, sizeof arg_ok));
    int h_data[DATA_SIZE];
    CHECK(cudaMemcpy(h_data, d_data, sizeof h_data, cudaMemcpyDeviceToHost));
    bool sentinels = true;
    for (int b = 0; b < NBLOCKS; ++b) sentinels = sentinels && h_data[SENTINEL_BASE + b] == sentinel_value(b);

    printf("child sees parent writes: %d blocks of %d threads\n", NBLOCKS, NTHREADS);
    printf("device launch errors: %u\n", errors);
    printf("per-thread children: %u saw the write, %u did not\n", own_ok, own_bad);
    printf("per-block children: %u thread checks saw the block's writes, %u did not\n", block_ok,
           block_bad);
    printf("grandchildren: %u saw their parent's write, %u did not\n", nested_ok, nested_bad);
    fact("device launches succeeded", errors == 0);
    fact("parent ran with all its blocks", ran(0, NBLOCKS));
    fact("child sees its launching thread's write", own_ok == NTOTAL && own_bad == 0);
    fact("child sees the block's writes after __syncthreads", block_ok == NTOTAL && block_bad == 0);
    fact("grandchild sees its parent's write", nested_ok == NBLOCKS && nested_bad == 0);
    fact("host sees writes made through a pointer argument", sentinels);
    for (int k = 0; k < NARGS; ++k) {
        bool ok = true;
        for (int b = 0; b < NBLOCKS; ++b) ok = ok && ((arg_ok[b] >> k) & 1u);
        char what[96];
        snprintf(what, sizeof what, "argument %s arrives intact", arg_names[k]);
        fact(what, ok);
    }
    CHECK(cudaFree(d_data));
    return finish();
}
