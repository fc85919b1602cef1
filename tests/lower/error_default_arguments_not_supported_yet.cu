// A launch that leaves parameters to their defaults is refused, not guessed.
__global__ void child(int a, int b = 3) {}

__global__ void parent() { child<<<1, 1>>>(1); }
// CHECK-ERR: error_default_arguments_not_supported_yet.cu:4:28: error: launch of 'child' relies on default arguments
