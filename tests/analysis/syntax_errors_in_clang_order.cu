// Diagnostics come in the order clang reports them, the root cause first:
// here the error on line 10 comes before the one it causes in the header,
// though the header's lines come first in the source.
#include "clang_order_header.cuh"

__global__ void child(int n) {}
__global__ void parent(int n) { child<<<1, 1>>>(n); }

int first = undeclared_first;
holder<int> second;
// CHECK: error 9:13 use of undeclared identifier 'undeclared_first'
// CHECK: clang_order_header.cuh:3:14 type 'int' cannot be used prior to '::'
