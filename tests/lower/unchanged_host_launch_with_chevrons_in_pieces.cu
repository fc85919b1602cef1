// A host launch with its chevrons in pieces (`<<` and `<` apart), in a file
// without device-side launches: nvcc reads it as a launch, and the analysis
// closes it up for libclang; nothing needs lowering, so the file comes out
// byte for byte, as it was read. The include whose name a macro gives keeps
// the quick scan from deciding alone, so the file reaches the parse.
#define STANDARD_HEADER <stdio.h>
#include STANDARD_HEADER
__global__ void kernel(int *p) { p[threadIdx.x] = 1; }

int main()
{
    kernel << <1, 32 >> > (0);
    return 0;
}
// CHECK-ERR-NOT: error
// CHECK-ERR-NOT: warning
