// device_memcpy_async_refuses_host_kinds.cu: CDP2 semantic test for cdp-lower
// (rule 17): device-side cudaMemcpyAsync copies device to device. A kind that
// names the host (cudaMemcpyHostToHost, cudaMemcpyHostToDevice,
// cudaMemcpyDeviceToHost), or no kind at all, is
// cudaErrorInvalidMemcpyDirection natively (H200, CUDA 13.0), as for the 2-D
// form; it copies nothing and sets the last error, and a device-to-device
// copy of the same thread after it still runs. The parent writes its last
// code after every call, so a run whose codes are all written made them all.
#include "cdp_test.cuh"

#define BYTES 16
#define NREFUSED 4
#define NCODES (2 * NREFUSED + 2)
#define NO_KIND 7

__global__ void parent(unsigned char *to, const unsigned char *from, int *codes)
{
    grid_begin(0);
    const cudaMemcpyKind refused[NREFUSED] = {cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost,
                                              (cudaMemcpyKind)NO_KIND};
    for (int k = 0; k < NREFUSED; ++k) {
        codes[2 * k] = cudaMemcpyAsync(to, from, BYTES, refused[k], 0);
        codes[2 * k + 1] = cudaGetLastError();
    }
    codes[2 * NREFUSED] = cudaMemcpyAsync(to + BYTES, from, BYTES, cudaMemcpyDeviceToDevice, 0);
    codes[2 * NREFUSED + 1] = cudaGetLastError();
    grid_end(0);
}

int main()
{
    init_host_spans();
    unsigned char *d_to = nullptr, *d_from = nullptr;
    int *d_codes = unwritten_codes(NCODES);
    CHECK(cudaMalloc(&d_to, 2 * BYTES));
    CHECK(cudaMalloc(&d_from, BYTES));
    CHECK(cudaMemset(d_to, 0, 2 * BYTES));
    CHECK(cudaMemset(d_from, 0x5a, BYTES));
    CHECK(cudaDeviceSynchronize());

    const Timer timer = timer_start();
    parent<<<1, 1>>>(d_to, d_from, d_codes);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    const unsigned int errors = read_spans();
    int c[NCODES];
    unsigned char to[2 * BYTES];
    take_codes(c, d_codes);
    CHECK(cudaMemcpy(to, d_to, sizeof to, cudaMemcpyDeviceToHost));
    printf("cudaMemcpyAsync HostToHost = %d (last error %d), HostToDevice = %d (%d), DeviceToHost = %d (%d), "
           "kind %d = %d (%d)\n",
           c[0], c[1], c[2], c[3], c[4], c[5], NO_KIND, c[6], c[7]);
    printf("then DeviceToDevice = %d (last error %d); launch errors %u\n", c[8], c[9], errors);
    bool refused = true;
    for (int k = 0; k < NREFUSED; ++k)
        refused = refused && c[2 * k] == cudaErrorInvalidMemcpyDirection &&
                  c[2 * k + 1] == cudaErrorInvalidMemcpyDirection;
    bool untouched = true, copied = true;
    for (int i = 0; i < BYTES; ++i) {
        untouched = untouched && to[i] == 0;
        copied = copied && to[BYTES + i] == 0x5a;
    }
    fact("each kind that names the host, or none, is cudaErrorInvalidMemcpyDirection and sets the last error",
         refused);
    fact("the refused copies wrote nothing", untouched);
    fact("the device-to-device copy after them returned cudaSuccess and copied",
         c[8] == cudaSuccess && c[9] == cudaSuccess && copied);
    fact("the parent ran once", ran(0, 1) && errors == 0);
    CHECK(cudaFree(d_to));
    CHECK(cudaFree(d_from));
    return finish();
}
