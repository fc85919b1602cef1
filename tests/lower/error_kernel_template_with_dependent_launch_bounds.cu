// The instantiations of a kernel template share one entry kernel, which
// has one set of launch bounds: bounds that depend on a template parameter
// are refused.
template <int Threads> __global__ void __launch_bounds__(Threads) child(int *p) {}

__global__ void parent(int *p) { child<128><<<1, 128>>>(p); }
// CHECK-ERR: error: kernel template 'child' has launch bounds that depend on its template parameters
