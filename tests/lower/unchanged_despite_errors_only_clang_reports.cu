// Nothing to lower (no device-side launch or runtime API call), and an
// error only libclang reports (code that only clang sees): it is a warning,
// and the file comes out byte for byte, exit 0; nvcc reports real errors
// itself. The include whose name a macro gives keeps the quick scan from
// deciding alone, so the file reaches the parse.
#define STANDARD_HEADER <stdio.h>
#include STANDARD_HEADER
__global__ void kernel(int *p) { p[threadIdx.x] = 1; }

int main()
{
    kernel<<<1, 32>>>(0);
#ifdef __clang__
    return only_clang_sees_this;
#endif
}
// CHECK-ERR: unchanged_despite_errors_only_clang_reports.cu:14:12: warning: use of undeclared identifier 'only_clang_sees_this'
