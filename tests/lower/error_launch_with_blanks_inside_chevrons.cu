// A device-side launch written `k << <g, b >> > (args)` (some editors format
// launches so): nvcc reads it as a launch, libclang does not, so the lowering
// saw nothing to rewrite, wrote the file unchanged and exited 0, and the
// output did not compile without -rdc. Refused, where it is written. A host
// launch written so needs no lowering and is no error.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p)
{
    child << <1, 32 >> > (p);
}

int main()
{
    child << <1, 32 >> > (nullptr);
    return 0;
}
// CHECK-ERR: error_launch_with_blanks_inside_chevrons.cu:10:11: error: this launch's `<<<` is written in pieces
// CHECK-ERR-NOT: error_launch_with_blanks_inside_chevrons.cu:15:11: error
