// A header that cannot be read into the source (a file it includes is not
// there) keeps its host launches, in functions, members, lambdas, macros
// and templates, host launches: only its device-side launch is refused.
#include "host_launches_header.cuh"

int main() { return 0; }
// CHECK-NOT: host_launches_header.cuh:11:
// CHECK-NOT: host_launches_header.cuh:15:
// CHECK-NOT: host_launches_header.cuh:20:
// CHECK-NOT: host_launches_header.cuh:22:
// CHECK: host_launches_header.cuh:32:10 'host_launches_header_lost.cuh' file not found
// CHECK: host_launches_header.cuh:28:11 device-side launch in included header is not supported yet
