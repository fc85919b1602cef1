// device_pitched_copies_in_stream_order.cu: CDP2 semantic test for cdp-lower
// (rule 17: device-side cudaMemcpy2DAsync, cudaMemset2DAsync,
// cudaMemcpy3DAsync and cudaMemset3DAsync copy and set pitched regions,
// ordered in their stream like launches; the codes of invalid calls are
// printed). In a named stream: K1 writes the source S (after a delay), a 2-D
// copy S -> A, a 3-D copy S -> B, a 2-D set of C and a 3-D set of D to 0,
// then K2 compares every byte of A, B, C and D (regions and the bytes
// around them) with what it must hold. The set value is 0: native CDP2
// writes zeros whatever the value of a device-side cudaMemsetAsync (see
// device_memcpy_memset_async_in_stream_order.cu).
#include "cdp_test.cuh"

#define S_PITCH 40
#define S_ROWS 24           // rows of a slice of S (its ysize)
#define S_SLICES 4
#define A_PITCH 48
#define A_ROWS 12
#define B_PITCH 64
#define B_ROWS 10
#define B_SLICES 5
#define C_PITCH 24
#define C_ROWS 8
#define D_PITCH 32
#define D_ROWS 9
#define D_SLICES 3
#define OLD 0x77
#define NCODES 12

#define S_BYTES (S_PITCH * S_ROWS * S_SLICES)
#define A_BYTES (A_PITCH * A_ROWS)
#define B_BYTES (B_PITCH * B_ROWS * B_SLICES)
#define C_BYTES (C_PITCH * C_ROWS)
#define D_BYTES (D_PITCH * D_ROWS * D_SLICES)

__device__ unsigned int g_mismatch[4];   // A, B, C, D

__host__ __device__ unsigned char pattern(int i) { return (unsigned char)((i * 37 + (i >> 5)) & 0xff) | 1u; }

// What byte `i` of each destination must hold after the stream's work.
__host__ __device__ unsigned char expected(int which, int i)
{
    if (which == 0) {   // 2-D copy: 33 bytes x 7 rows, from S + 2 (pitch 40) to A + 5 (pitch 48)
        int row = (i - 5) / A_PITCH, column = (i - 5) % A_PITCH;
        if (i >= 5 && row < 7 && column < 33) return pattern(2 + row * S_PITCH + column);
        return OLD;
    }
    if (which == 1) {   // 3-D copy: extent 30 x 6 x 3, from S at (3, 1, 0) to B at (2, 2, 1)
        int slice = i / (B_PITCH * B_ROWS), row = (i / B_PITCH) % B_ROWS, column = i % B_PITCH;
        int z = slice - 1, y = row - 2, x = column - 2;
        if (z >= 0 && z < 3 && y >= 0 && y < 6 && x >= 0 && x < 30)
            return pattern(z * S_PITCH * S_ROWS + (y + 1) * S_PITCH + (x + 3));
        return OLD;
    }
    if (which == 2) {   // 2-D set: 19 bytes x 5 rows at C + 1 (pitch 24)
        int row = (i - 1) / C_PITCH, column = (i - 1) % C_PITCH;
        return i >= 1 && row < 5 && column < 19 ? 0 : OLD;
    }
    // 3-D set: extent 20 x 7 x 2 at D (pitch 32, 9 rows a slice)
    int slice = i / (D_PITCH * D_ROWS), row = (i / D_PITCH) % D_ROWS, column = i % D_PITCH;
    return slice < 2 && row < 7 && column < 20 ? 0 : OLD;
}

__device__ void count_launch_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
}

// K1: waits, then writes S (so a copy that did not wait for it reads OLD).
__global__ void writer(unsigned char *s)
{
    grid_begin(1);
    spin(LONG_SPIN);
    for (int i = threadIdx.x; i < S_BYTES; i += blockDim.x) s[i] = pattern(i);
    grid_end(1);
}

// K2: compares the four destinations with what they must hold.
__global__ void checker(unsigned char *a, unsigned char *b, unsigned char *c, unsigned char *d)
{
    grid_begin(2);
    unsigned char *destinations[4] = {a, b, c, d};
    const int sizes[4] = {A_BYTES, B_BYTES, C_BYTES, D_BYTES};
    for (int which = 0; which < 4; ++which)
        for (int i = threadIdx.x; i < sizes[which]; i += blockDim.x)
            if (destinations[which][i] != expected(which, i)) atomicAdd(&g_mismatch[which], 1u);
    grid_end(2);
}

// make_cudaPitchedPtr is host code only.
__device__ cudaPitchedPtr pitched(unsigned char *p, size_t pitch, size_t rows)
{
    cudaPitchedPtr pointer = {};
    pointer.ptr = p;
    pointer.pitch = pitch;
    pointer.xsize = pitch;
    pointer.ysize = rows;
    return pointer;
}

__global__ void parent(unsigned char *s, unsigned char *a, unsigned char *b, unsigned char *c, unsigned char *d,
                       int *codes)
{
    grid_begin(0);
    cudaStream_t stream;
    codes[0] = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    writer<<<1, 256, 0, stream>>>(s);
    count_launch_error();
    codes[1] = cudaMemcpy2DAsync(a + 5, A_PITCH, s + 2, S_PITCH, 33, 7, cudaMemcpyDeviceToDevice, stream);

    cudaMemcpy3DParms copy = {};
    copy.srcPtr = pitched(s, S_PITCH, S_ROWS);
    copy.srcPos = {3, 1, 0};
    copy.dstPtr = pitched(b, B_PITCH, B_ROWS);
    copy.dstPos = {2, 2, 1};
    copy.extent = {30, 6, 3};
    copy.kind = cudaMemcpyDeviceToDevice;
    codes[2] = cudaMemcpy3DAsync(&copy, stream);

    codes[3] = cudaMemset2DAsync(c + 1, C_PITCH, 0, 19, 5, stream);
    cudaPitchedPtr target = pitched(d, D_PITCH, D_ROWS);
    cudaExtent extent = {20, 7, 2};
    codes[4] = cudaMemset3DAsync(target, 0, extent, stream);
    checker<<<1, 256, 0, stream>>>(a, b, c, d);
    count_launch_error();

    // Invalid calls: a row wider than a pitch, a copy from the host, nothing
    // to do (a zero width or height), and the last error after them.
    codes[5] = cudaMemcpy2DAsync(a, 16, s, S_PITCH, 33, 2, cudaMemcpyDeviceToDevice, stream);
    codes[6] = cudaMemcpy2DAsync(a, A_PITCH, s, 16, 33, 2, cudaMemcpyDeviceToDevice, stream);
    codes[7] = cudaMemcpy2DAsync(a, A_PITCH, s, S_PITCH, 33, 2, cudaMemcpyHostToDevice, stream);
    codes[8] = cudaMemset2DAsync(c, 8, 0, 19, 2, stream);
    codes[9] = cudaMemcpy2DAsync(a, A_PITCH, s, S_PITCH, 0, 2, cudaMemcpyDeviceToDevice, stream);
    codes[10] = cudaMemset2DAsync(c, C_PITCH, 0, 19, 0, stream);
    codes[11] = cudaGetLastError();
    cudaStreamDestroy(stream);
    grid_end(0);
}

int main()
{
    init_host_spans();
    unsigned char *s, *a, *b, *c, *d;
    int *codes = unwritten_codes(NCODES);
    CHECK(cudaMalloc(&s, S_BYTES));
    CHECK(cudaMalloc(&a, A_BYTES));
    CHECK(cudaMalloc(&b, B_BYTES));
    CHECK(cudaMalloc(&c, C_BYTES));
    CHECK(cudaMalloc(&d, D_BYTES));
    CHECK(cudaMemset(s, OLD, S_BYTES));
    CHECK(cudaMemset(a, OLD, A_BYTES));
    CHECK(cudaMemset(b, OLD, B_BYTES));
    CHECK(cudaMemset(c, OLD, C_BYTES));
    CHECK(cudaMemset(d, OLD, D_BYTES));
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<1, 1>>>(s, a, b, c, d, codes);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    int k[NCODES];
    unsigned int mismatch[4];
    take_codes(k, codes);
    CHECK(cudaMemcpyFromSymbol(mismatch, g_mismatch, sizeof mismatch));
    printf("stream: K1 writes S, cudaMemcpy2DAsync S->A, cudaMemcpy3DAsync S->B, cudaMemset2DAsync C, "
           "cudaMemset3DAsync D, K2 checks\n");
    printf("codes: stream %d, 2-D copy %d, 3-D copy %d, 2-D set %d, 3-D set %d\n", k[0], k[1], k[2], k[3], k[4]);
    printf("invalid: dpitch < width %d, spitch < width %d, from the host %d, set pitch < width %d; "
           "zero width %d, zero height %d; last error %d\n", k[5], k[6], k[7], k[8], k[9], k[10], k[11]);
    printf("K2 mismatches: A %u, B %u, C %u, D %u; launch errors %u\n", mismatch[0], mismatch[1], mismatch[2],
           mismatch[3], errors);
    fact("the valid calls returned cudaSuccess", k[0] == 0 && k[1] == 0 && k[2] == 0 && k[3] == 0 && k[4] == 0);
    fact("K1, K2 and the parent ran once", ran(0, 1) && ran(1, 1) && ran(2, 1));
    fact("K2 starts after K1 ended", after(2, 1));
    fact("K2 saw every copied and set byte, and nothing else changed",
         mismatch[0] == 0 && mismatch[1] == 0 && mismatch[2] == 0 && mismatch[3] == 0);
    for (unsigned char *p : {s, a, b, c, d}) CHECK(cudaFree(p));
    return finish();
}
