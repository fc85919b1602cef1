// An included .cu file with an error in it is still read into the source
// and analysed: its launches are found, and the error is reported where it
// is, not as a launch in a header that cdp-lower would not lower.
#include "included_sources/kernels_with_an_error.cu"

int main() { included_parent<<<1, 1>>>(0); return 0; }
// CHECK: kernels_with_an_error.cu:3:43 kernel=included_child caller=included_parent side=device
// CHECK: kernels_with_an_error.cu:2:49 use of undeclared identifier 'undeclared_in_included_source'
// CHECK-NOT: device-side launch in included header
