// device_queries_answer_in_any_kernel.cu: CDP2 semantic test for cdp-lower
// (rule 17: cudaGetDevice, cudaGetDeviceCount, cudaDeviceGetAttribute and
// cudaRuntimeGetVersion work in device code: in a kernel launched from the
// device, and in one launched from the host that launches nothing, even
// before any kernel that runs through the runtime was launched).
#include "cdp_test.cuh"

__device__ int g_codes[2][6];
__device__ int g_values[2][6];

__device__ void ask(int row)
{
    int value = -1;
    g_codes[row][0] = cudaGetDevice(&value);
    g_values[row][0] = value;
    g_codes[row][1] = cudaGetDeviceCount(&value);
    g_values[row][1] = value;
    g_codes[row][2] = cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, 0);
    g_values[row][2] = value;
    g_codes[row][3] = cudaDeviceGetAttribute(&value, cudaDevAttrWarpSize, 0);
    g_values[row][3] = value;
    g_codes[row][4] = cudaRuntimeGetVersion(&value);
    g_values[row][4] = value > 0;
    g_codes[row][5] = cudaDeviceGetAttribute(&value, cudaDevAttrMaxThreadsPerBlock, 99);
    g_values[row][5] = 0;
}

__global__ void child() { ask(0); }

__global__ void parent() { child<<<1, 1>>>(); }

__global__ void plain() { ask(1); }

int main()
{
    Timer timer = timer_start();
    plain<<<1, 1>>>();
    CHECK(cudaGetLastError());
    parent<<<1, 1>>>();
    CHECK(cudaGetLastError());
    timer_stop(timer);
    int codes[2][6], values[2][6], sms = 0;
    CHECK(cudaMemcpyFromSymbol(codes, g_codes, sizeof codes));
    CHECK(cudaMemcpyFromSymbol(values, g_values, sizeof values));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const char *where[] = {"kernel launched from the device", "kernel launched from the host"};
    for (int row = 0; row < 2; ++row) {
        printf("%s: codes %d %d %d %d %d %d\n", where[row], codes[row][0], codes[row][1], codes[row][2],
               codes[row][3], codes[row][4], codes[row][5]);
        printf("%s: device %d, count >= 1 %d, warp %d, version > 0 %d\n", where[row], values[row][0],
               values[row][1] >= 1, values[row][3], values[row][4]);
        fact("multiprocessors match the host", values[row][2] == sms);
    }
    return finish();
}
