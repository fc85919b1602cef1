// A launch macro given the kernel, defined in a system header (cdp-lower is
// run with -isystem include): its expansion cannot be written out from the
// source cdp-lower parses, so a use that needs it is refused, naming the
// macro; a host launch of a kernel outside the runtime needs nothing.
#include <launch_macros.h>
__global__ void child(int n) {}
__global__ void native(int n) {}

__global__ void parent(int n) { LIBRARY_LAUNCH(child, n); }

int main()
{
    LIBRARY_LAUNCH(native, 1);
    return 0;
}
// CHECK-ERR: error_launch_macro_of_a_system_header.cu:9:33: error: this launch of 'child' comes from a use of macro 'LIBRARY_LAUNCH' that cdp-lower cannot write out in its place: 'LIBRARY_LAUNCH' is defined outside the source cdp-lower rewrites (in a system header or on the command line)
