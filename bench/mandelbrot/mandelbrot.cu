// Benchmark mandelbrot: adaptive Mandelbrot (Mariani-Silver) with CUDA
// Dynamic Parallelism (CDP2), the sample samples/mandelbrot at 8192 x 8192.
//
// The host launches an INIT_SUBDIV x INIT_SUBDIV grid; each block owns a
// d x d square of the image (blockIdx selects it). The block evaluates the
// dwell on the square's border; if the whole border has one dwell it fills
// the square with it. Otherwise, while the squares stay at least MIN_SIZE
// wide and the depth allows, thread 0 launches a child grid of
// SUBDIV x SUBDIV blocks on the square (NULL stream: one launch per block, so
// nothing waits on a sibling); below that the block evaluates every pixel.
// With 8192 / 32 = 256-pixel squares the tree is at most 1024 + 1024*16 =
// 17408 device launches (squares of 256, 64 and 16 pixels); the host raises
// the pending-launch limit to 32768 so that none can fail.
//
// The timed part is the adaptive tree alone (after a warm-up run). The check
// is a brute-force per-pixel kernel launched from the host, not timed (the
// flat version, mandelbrot_flat.cu, times that kernel).
// Mariani-Silver may differ from it where a filled square hides detail, so
// the program counts the differing pixels and accepts a small number; it
// also requires that every pixel was written. Arithmetic uses explicit
// round-to-nearest intrinsics (no FMA contraction), so the dwells are the
// same in every compilation context.
//
// Build: nvcc -rdc=true -arch=sm_90 -O2 mandelbrot.cu -o mandelbrot -lcudadevrt
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "mandelbrot_common.cuh"

#define WIDTH 8192
#define HEIGHT 8192
#define MAX_DWELL 512
#define INIT_SUBDIV 32      // the host grid is 32 x 32 blocks of 256 x 256 pixels
#define SUBDIV 4            // each child grid is 4 x 4 blocks
#define MIN_SIZE 16         // squares narrower than this are never subdivided
#define MAX_DEPTH 4         // no launches from this depth on
#define BSX 16
#define BSY 16
#define DIFF_DWELL (-1)
#define MISMATCH_LIMIT (WIDTH * HEIGHT / 1000)   // 0.1 % of the pixels
#define PENDING_LIMIT 32768

struct cplx {
    float re, im;
};

__device__ unsigned int g_launches;
__device__ unsigned int g_launch_errors;
__device__ unsigned int g_fills;        // squares filled from a common border
__device__ unsigned int g_pixel_squares; // squares evaluated pixel by pixel
__device__ unsigned int g_max_depth;

__device__ int pixel_dwell(int w, int h, cplx cmin, cplx cmax, int x, int y)
{
    float dre = __fsub_rn(cmax.re, cmin.re);
    float dimg = __fsub_rn(cmax.im, cmin.im);
    float fx = __fdiv_rn((float)x, (float)w);
    float fy = __fdiv_rn((float)y, (float)h);
    float cre = __fadd_rn(cmin.re, __fmul_rn(fx, dre));
    float cim = __fadd_rn(cmin.im, __fmul_rn(fy, dimg));
    float zre = cre, zim = cim;
    int dwell = 0;
    while (dwell < MAX_DWELL &&
           __fadd_rn(__fmul_rn(zre, zre), __fmul_rn(zim, zim)) < 4.0f) {
        float nre = __fadd_rn(__fsub_rn(__fmul_rn(zre, zre), __fmul_rn(zim, zim)), cre);
        float nim = __fadd_rn(__fmul_rn(__fmul_rn(2.0f, zre), zim), cim);
        zre = nre;
        zim = nim;
        ++dwell;
    }
    return dwell;
}

// Common dwell of the border of the d x d square at (x0, y0), or DIFF_DWELL.
__device__ int border_dwell(int w, int h, cplx cmin, cplx cmax, int x0, int y0, int d)
{
    __shared__ int s_min, s_max;
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    const int nthreads = blockDim.x * blockDim.y;
    if (tid == 0) {
        s_min = MAX_DWELL + 1;
        s_max = -1;
    }
    __syncthreads();
    int lmin = MAX_DWELL + 1, lmax = -1;
    for (int i = tid; i < 4 * d; i += nthreads) {
        const int side = i / d, k = i % d;
        int x, y;
        switch (side) {
        case 0: x = x0 + k; y = y0; break;              // top
        case 1: x = x0 + k; y = y0 + d - 1; break;      // bottom
        case 2: x = x0; y = y0 + k; break;              // left
        default: x = x0 + d - 1; y = y0 + k; break;     // right
        }
        if (x < w && y < h) {
            int dw = pixel_dwell(w, h, cmin, cmax, x, y);
            lmin = min(lmin, dw);
            lmax = max(lmax, dw);
        }
    }
    atomicMin(&s_min, lmin);
    atomicMax(&s_max, lmax);
    __syncthreads();
    const int result = s_min == s_max ? s_min : DIFF_DWELL;
    __syncthreads();   // s_min / s_max may be reused by the caller's next call
    return result;
}

__global__ void mandelbrot_block(int *dwells, int w, int h, cplx cmin, cplx cmax,
                                 int x0, int y0, int d, int depth)
{
    x0 += d * blockIdx.x;
    y0 += d * blockIdx.y;
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    if (tid == 0) atomicMax(&g_max_depth, (unsigned int)depth);

    const int comm = border_dwell(w, h, cmin, cmax, x0, y0, d);
    if (comm != DIFF_DWELL) {
        for (int y = y0 + threadIdx.y; y < y0 + d && y < h; y += blockDim.y)
            for (int x = x0 + threadIdx.x; x < x0 + d && x < w; x += blockDim.x)
                dwells[y * w + x] = comm;
        if (tid == 0) atomicAdd(&g_fills, 1u);
    } else if (depth < MAX_DEPTH && d / SUBDIV >= MIN_SIZE) {
        if (tid == 0) {
            mandelbrot_block<<<dim3(SUBDIV, SUBDIV), dim3(BSX, BSY)>>>(
                dwells, w, h, cmin, cmax, x0, y0, d / SUBDIV, depth + 1);
            if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors, 1u);
            else atomicAdd(&g_launches, 1u);
        }
    } else {
        for (int y = y0 + threadIdx.y; y < y0 + d && y < h; y += blockDim.y)
            for (int x = x0 + threadIdx.x; x < x0 + d && x < w; x += blockDim.x)
                dwells[y * w + x] = pixel_dwell(w, h, cmin, cmax, x, y);
        if (tid == 0) atomicAdd(&g_pixel_squares, 1u);
    }
}

// Reference: one thread per pixel, launched from the host only.
__global__ void mandelbrot_pixel(int *dwells, int w, int h, cplx cmin, cplx cmax)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) dwells[y * w + x] = pixel_dwell(w, h, cmin, cmax, x, y);
}

int main()
{
    const int w = WIDTH, h = HEIGHT;
    const size_t bytes = (size_t)w * h * sizeof(int);
    const cplx cmin = {-1.5f, -1.0f}, cmax = {0.5f, 1.0f};

    CHECK(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, PENDING_LIMIT));
    int *d_adaptive = nullptr, *d_brute = nullptr;
    CHECK(cudaMalloc(&d_adaptive, bytes));
    CHECK(cudaMalloc(&d_brute, bytes));
    CHECK(cudaMemset(d_brute, 0xff, bytes));

    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));

    float ms_adaptive = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        const unsigned int zero = 0;
        CHECK(cudaMemcpyToSymbol(g_launches, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_launch_errors, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_fills, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_pixel_squares, &zero, sizeof zero));
        CHECK(cudaMemcpyToSymbol(g_max_depth, &zero, sizeof zero));
        CHECK(cudaMemset(d_adaptive, 0xff, bytes));   // -1: not written
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        mandelbrot_block<<<dim3(INIT_SUBDIV, INIT_SUBDIV), dim3(BSX, BSY)>>>(
            d_adaptive, w, h, cmin, cmax, 0, 0, w / INIT_SUBDIV, 0);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms_adaptive, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms_adaptive);

    // The reference, untimed.
    mandelbrot_pixel<<<dim3((w + BSX - 1) / BSX, (h + BSY - 1) / BSY), dim3(BSX, BSY)>>>(
        d_brute, w, h, cmin, cmax);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());

    std::vector<int> adaptive((size_t)w * h), brute((size_t)w * h);
    CHECK(cudaMemcpy(adaptive.data(), d_adaptive, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(brute.data(), d_brute, bytes, cudaMemcpyDeviceToHost));
    unsigned int launches = 0, errors = 0, fills = 0, pixel_squares = 0, max_depth = 0;
    CHECK(cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof errors));
    CHECK(cudaMemcpyFromSymbol(&fills, g_fills, sizeof fills));
    CHECK(cudaMemcpyFromSymbol(&pixel_squares, g_pixel_squares, sizeof pixel_squares));
    CHECK(cudaMemcpyFromSymbol(&max_depth, g_max_depth, sizeof max_depth));

    long long mismatches = 0, unset = 0, brute_unset = 0, inside = 0;
    for (size_t i = 0; i < adaptive.size(); ++i) {
        if (adaptive[i] < 0) ++unset;
        if (brute[i] < 0) ++brute_unset;
        if (adaptive[i] != brute[i]) ++mismatches;
        if (adaptive[i] == MAX_DWELL) ++inside;
    }

    printf("mandelbrot width: %d height: %d max dwell: %d\n", w, h, MAX_DWELL);
    printf("checksum: %016llx\n", (unsigned long long)fnv1a(adaptive));
    printf("brute force checksum: %016llx\n", (unsigned long long)fnv1a(brute));
    printf("pixels at max dwell: %lld\n", inside);
    printf("mismatches: %lld (limit %d)\n", mismatches, MISMATCH_LIMIT);
    printf("unset pixels: %lld\n", unset + brute_unset);
    printf("launches: %u\n", launches);
    printf("launch_failures: %u\n", errors);
    printf("filled squares: %u\n", fills);
    printf("per-pixel squares: %u\n", pixel_squares);
    printf("max depth: %u\n", max_depth);
    printf("every square filled, evaluated or subdivided: %s\n",
           fills + pixel_squares + launches == INIT_SUBDIV * INIT_SUBDIV + SUBDIV * SUBDIV * launches
               ? "yes" : "no");

    const bool pass = errors == 0 && unset == 0 && brute_unset == 0 &&
                      mismatches <= MISMATCH_LIMIT &&
                      fills + pixel_squares + launches ==
                          INIT_SUBDIV * INIT_SUBDIV + SUBDIV * SUBDIV * launches;
    CHECK(cudaFree(d_adaptive));
    CHECK(cudaFree(d_brute));
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
