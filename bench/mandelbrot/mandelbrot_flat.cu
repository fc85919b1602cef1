// Benchmark mandelbrot, flat version (no dynamic parallelism): the brute-force
// per-pixel Mandelbrot kernel over the same 8192 x 8192 image and dwell limit
// as mandelbrot.cu, timed after a warm-up run. Check: every pixel written, and
// a sample of pixels (every 997th) recomputed on the CPU with the same IEEE
// round-to-nearest float operations must match exactly.
//
// Build: nvcc -arch=sm_90 -O2 mandelbrot_flat.cu -o mandelbrot_flat
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "mandelbrot_common.cuh"

#define WIDTH 8192
#define HEIGHT 8192
#define MAX_DWELL 512
#define BSX 16
#define BSY 16
#define SAMPLE_STRIDE 997

struct cplx {
    float re, im;
};

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

// The same arithmetic on the CPU: each operation rounded to float separately.
static int cpu_pixel_dwell(int w, int h, cplx cmin, cplx cmax, int x, int y)
{
    volatile float dre = cmax.re - cmin.re, dimg = cmax.im - cmin.im;
    volatile float fx = (float)x / (float)w, fy = (float)y / (float)h;
    volatile float px = fx * dre, py = fy * dimg;
    volatile float cre = cmin.re + px, cim = cmin.im + py;
    float zre = cre, zim = cim;
    int dwell = 0;
    for (;;) {
        volatile float a = zre * zre, b = zim * zim;
        volatile float r = a + b;
        if (!(dwell < MAX_DWELL && r < 4.0f)) break;
        volatile float d = a - b;
        volatile float nre = d + cre;
        volatile float t = 2.0f * zre;
        volatile float u = t * zim;
        volatile float nim = u + cim;
        zre = nre;
        zim = nim;
        ++dwell;
    }
    return dwell;
}

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
    int *d_dwells = nullptr;
    CHECK(cudaMalloc(&d_dwells, bytes));
    cudaEvent_t t0, t1;
    CHECK(cudaEventCreate(&t0));
    CHECK(cudaEventCreate(&t1));

    float ms = 0.0f;
    for (int run = 0; run < 2; ++run) {   // run 0: warm-up; run 1: timed
        CHECK(cudaMemset(d_dwells, 0xff, bytes));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventRecord(t0));
        mandelbrot_pixel<<<dim3((w + BSX - 1) / BSX, (h + BSY - 1) / BSY), dim3(BSX, BSY)>>>(
            d_dwells, w, h, cmin, cmax);
        CHECK(cudaGetLastError());
        CHECK(cudaEventRecord(t1));
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaEventElapsedTime(&ms, t0, t1));
    }
    fprintf(stderr, "time_ms: %.3f\n", ms);

    std::vector<int> dwells((size_t)w * h);
    CHECK(cudaMemcpy(dwells.data(), d_dwells, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaFree(d_dwells));
    long long unset = 0, inside = 0, sampled = 0, sample_mismatches = 0;
    for (size_t i = 0; i < dwells.size(); ++i) {
        if (dwells[i] < 0) ++unset;
        if (dwells[i] == MAX_DWELL) ++inside;
    }
    for (size_t i = 0; i < dwells.size(); i += SAMPLE_STRIDE) {
        const int x = (int)(i % w), y = (int)(i / w);
        ++sampled;
        if (cpu_pixel_dwell(w, h, cmin, cmax, x, y) != dwells[i]) ++sample_mismatches;
    }
    printf("mandelbrot flat (brute force) width: %d height: %d max dwell: %d\n", w, h, MAX_DWELL);
    printf("checksum: %016llx\n", (unsigned long long)fnv1a(dwells));
    printf("pixels at max dwell: %lld\n", inside);
    printf("unset pixels: %lld\n", unset);
    printf("cpu-checked pixels: %lld mismatches: %lld\n", sampled, sample_mismatches);
    const bool pass = unset == 0 && sample_mismatches == 0;
    printf("RESULT: %s\n", pass ? "PASS" : "FAIL");
    return pass ? 0 : 1;
}
