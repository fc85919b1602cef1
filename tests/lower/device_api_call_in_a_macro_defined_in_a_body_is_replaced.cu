// A device runtime call written in a macro that a function body defines is
// renamed in the definition, as in a macro defined at file scope; a call in
// a macro argument is renamed where it is written.
#define CHECKED(call) ((call) == cudaSuccess)
__device__ int g_codes[2];
__global__ void leaf() {}

__global__ void parent()
{
#define ASK(call) \
    do { g_codes[0] = (int)(call); g_codes[1] = (int)cudaGetLastError(); } while (0)
    ASK(0);
    leaf<<<1, 1>>>();
    g_codes[0] = CHECKED(cudaPeekAtLastError());
}
// CHECK: #define ASK(call) \
// CHECK: g_codes[1] = (int)cdpl_cudaGetLastError(); } while (0)
// CHECK: g_codes[0] = CHECKED(cdpl_cudaPeekAtLastError());
