// device_memcpy_memset_async_in_stream_order.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 device_memcpy_memset_async_in_stream_order.cu -o device_memcpy_memset_async_in_stream_order -lcudadevrt
#include "cdp_test.cuh"

// Rule 17: device-side cudaMemcpyAsync (device to device) and cudaMemsetAsync
// are ordered in their stream like launches. In a stream: K1 writes X (after
// a delay), cudaMemcpyAsync(Y, X), cudaMemsetAsync(Z, 0), cudaMemcpyAsync(W, Z),
// then K2 checks Y == X's new values, Z and W all zero (they held 0x33 and
// 0x44), and that the bytes just outside each range kept their old values.
// The memset value is 0 because native CDP2 writes zeros whatever the value
// (measured on an H100, CUDA 13.0, driver 580: cudaMemsetAsync(Z, 0x5a, ...)
// returned cudaSuccess, kept its stream order and left Z all 0x00), so a
// non-zero value cannot be compared with a faithful lowering.
// Four cases, one per block of the parent: a named stream and the block's
// NULL stream, each with a small unaligned size (1003 bytes at odd offsets)
// and a large one (1 MiB).
#define NCASES 4
#define NCODES 8
#define SMALL_N 1003
#define LARGE_N (1 << 20)
#define GUARD 64          // bytes before and after each range
#define X_OLD 0x11
#define Y_OLD 0x22
#define Z_OLD 0x33
#define W_OLD 0x44
#define SET_VALUE 0x00

struct Case {
    unsigned char *x, *y, *z, *w;   // each with GUARD bytes before and after
    size_t n;
    int named;                      // 1: named stream, 0: NULL stream
};

__device__ unsigned int g_mismatch[NCASES][3];   // Y, Z, W
__device__ unsigned int g_guard_damage[NCASES];

__host__ __device__ unsigned char pattern(size_t i, int c)   // odd: never 0, never Y_OLD
{
    return (unsigned char)((i * 131u + (size_t)c * 17u + (i >> 8)) & 0xffu) | 1u;
}

// K1: waits, then writes X (so a copy that did not wait for it reads X_OLD).
__global__ void writer(Case k, int c, int id)
{
    grid_begin(id);
    spin(LONG_SPIN);
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < k.n;
         i += (size_t)gridDim.x * blockDim.x)
        k.x[i] = pattern(i, c);
    grid_end(id);
}

// K2: checks Y, Z, W and the guard bytes around X, Y, Z, W.
__global__ void checker(Case k, int c, int id)
{
    grid_begin(id);
    unsigned int bad[3] = {0, 0, 0}, damage = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < k.n;
         i += (size_t)gridDim.x * blockDim.x) {
        if (k.y[i] != pattern(i, c)) ++bad[0];
        if (k.z[i] != SET_VALUE) ++bad[1];
        if (k.w[i] != SET_VALUE) ++bad[2];
    }
    if (blockIdx.x == 0 && threadIdx.x < GUARD) {
        const int g = threadIdx.x;
        if (k.x[-1 - g] != X_OLD || k.x[k.n + g] != X_OLD) ++damage;
        if (k.y[-1 - g] != Y_OLD || k.y[k.n + g] != Y_OLD) ++damage;
        if (k.z[-1 - g] != Z_OLD || k.z[k.n + g] != Z_OLD) ++damage;
        if (k.w[-1 - g] != W_OLD || k.w[k.n + g] != W_OLD) ++damage;
    }
    for (int j = 0; j < 3; ++j)
        if (bad[j]) atomicAdd(&g_mismatch[c][j], bad[j]);
    if (damage) atomicAdd(&g_guard_damage[c], damage);
    grid_end(id);
}

__global__ void parent(const Case *cases, int *codes)
{
    grid_begin(0);
    const int c = blockIdx.x;
    if (threadIdx.x == 0) {
        const Case k = cases[c];
        int *r = codes + c * NCODES;
        cudaStream_t s = 0;
        r[0] = k.named ? (int)cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) : 0;
        const unsigned int blocks = (unsigned int)((k.n + 255) / 256 < 256 ? (k.n + 255) / 256 : 256);
        writer<<<blocks, 256, 0, s>>>(k, c, 1 + 2 * c);
        r[1] = (int)cudaGetLastError();
        r[2] = (int)cudaMemcpyAsync(k.y, k.x, k.n, cudaMemcpyDeviceToDevice, s);
        r[3] = (int)cudaMemsetAsync(k.z, SET_VALUE, k.n, s);
        r[4] = (int)cudaMemcpyAsync(k.w, k.z, k.n, cudaMemcpyDeviceToDevice, s);
        checker<<<blocks, 256, 0, s>>>(k, c, 2 + 2 * c);
        r[5] = (int)cudaGetLastError();
        r[6] = k.named ? (int)cudaStreamDestroy(s) : 0;
        r[7] = (int)cudaGetLastError();
    }
    grid_end(0);
}

int main()
{
    init_host_spans();
    Case h_cases[NCASES];
    unsigned char *bufs[NCASES][4];
    const unsigned char old[4] = {X_OLD, Y_OLD, Z_OLD, W_OLD};
    for (int c = 0; c < NCASES; ++c) {
        const size_t n = (c % 2 == 0) ? SMALL_N : LARGE_N;
        for (int j = 0; j < 4; ++j) {
            CHECK(cudaMalloc(&bufs[c][j], n + 2 * GUARD + 16));
            CHECK(cudaMemset(bufs[c][j], old[j], n + 2 * GUARD + 16));
        }
        // Small ranges start at odd offsets (X at +1, Y at +3, Z at +5, W at +7).
        const size_t off = (c % 2 == 0) ? 1 : 0;
        h_cases[c].x = bufs[c][0] + GUARD + off * 1;
        h_cases[c].y = bufs[c][1] + GUARD + off * 3;
        h_cases[c].z = bufs[c][2] + GUARD + off * 5;
        h_cases[c].w = bufs[c][3] + GUARD + off * 7;
        h_cases[c].n = n;
        h_cases[c].named = c < 2 ? 1 : 0;
    }
    Case *d_cases = nullptr;
    int *d_codes = unwritten_codes(NCASES * NCODES);
    CHECK(cudaMalloc(&d_cases, sizeof h_cases));
    CHECK(cudaMemcpy(d_cases, h_cases, sizeof h_cases, cudaMemcpyHostToDevice));
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<NCASES, 32>>>(d_cases, d_codes);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    read_spans();
    int r[NCASES * NCODES];
    unsigned int mismatch[NCASES][3], damage[NCASES];
    take_codes(r, d_codes);
    CHECK(cudaMemcpyFromSymbol(mismatch, g_mismatch, sizeof mismatch));
    CHECK(cudaMemcpyFromSymbol(damage, g_guard_damage, sizeof damage));
    // The host checks the results too.
    unsigned long long host_bad[NCASES][3] = {};
    bool host_ok = true;
    for (int c = 0; c < NCASES; ++c) {
        const size_t n = h_cases[c].n;
        unsigned char *h = (unsigned char *)malloc(n);
        CHECK(cudaMemcpy(h, h_cases[c].y, n, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < n; ++i) host_bad[c][0] += h[i] != pattern(i, c);
        CHECK(cudaMemcpy(h, h_cases[c].z, n, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < n; ++i) host_bad[c][1] += h[i] != SET_VALUE;
        CHECK(cudaMemcpy(h, h_cases[c].w, n, cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < n; ++i) host_bad[c][2] += h[i] != SET_VALUE;
        free(h);
        host_ok = host_ok && host_bad[c][0] == 0 && host_bad[c][1] == 0 && host_bad[c][2] == 0;
    }
    printf("device cudaMemcpyAsync/cudaMemsetAsync: K1 writes X, copy X->Y, set Z to 0x%x, "
           "copy Z->W, K2 checks, all in one stream\n", SET_VALUE);
    bool codes_ok = true, all_ran = ran(0, NCASES), no_mismatch = true, no_damage = true;
    for (int c = 0; c < NCASES; ++c) {
        const int *k = r + c * NCODES;
        printf("case %d (%s stream, %zu bytes%s): stream create = %d, launch K1 = %d, "
               "cudaMemcpyAsync = %d, cudaMemsetAsync = %d, cudaMemcpyAsync = %d, launch K2 = %d, "
               "stream destroy = %d, last error = %d\n",
               c, h_cases[c].named ? "named" : "NULL", h_cases[c].n,
               c % 2 == 0 ? ", odd offsets" : "", k[0], k[1], k[2], k[3], k[4], k[5], k[6], k[7]);
        printf("case %d: K2 mismatches Y %u, Z %u, W %u; host mismatches Y %llu, Z %llu, W %llu; "
               "guard bytes damaged: %u\n",
               c, mismatch[c][0], mismatch[c][1], mismatch[c][2], host_bad[c][0], host_bad[c][1],
               host_bad[c][2], damage[c]);
        for (int i = 0; i < NCODES; ++i) codes_ok = codes_ok && k[i] == 0;
        const unsigned int blocks = h_cases[c].n == SMALL_N ? 4u : 256u;
        all_ran = all_ran && ran(1 + 2 * c, blocks) && ran(2 + 2 * c, blocks);
        no_mismatch = no_mismatch && mismatch[c][0] == 0 && mismatch[c][1] == 0 && mismatch[c][2] == 0;
        no_damage = no_damage && damage[c] == 0;
    }
    fact("every call and launch returned cudaSuccess", codes_ok);
    fact("K1 and K2 ran once with all their blocks", all_ran);
    fact("K2 sees the copy of K1's data, the memset and the copy of the memset", no_mismatch);
    fact("host sees the same", host_ok);
    fact("bytes outside the ranges untouched", no_damage);
    fact("K2 starts after K1 ended",
         after(2, 1) && after(4, 3) && after(6, 5) && after(8, 7));
    for (int c = 0; c < NCASES; ++c)
        for (int j = 0; j < 4; ++j) CHECK(cudaFree(bufs[c][j]));
    CHECK(cudaFree(d_cases));
    return finish();
}
