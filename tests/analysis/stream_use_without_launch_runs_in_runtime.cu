// A kernel that creates a device stream or records an event, or calls a
// function that copies asynchronously, and launches nothing, still needs
// the runtime's records and objects: it runs through the runtime. A kernel
// that only asks for its last error does not.
__device__ void copy(int *to, const int *from) { cudaMemcpyAsync(to, from, 4, cudaMemcpyDeviceToDevice, 0); }

__global__ void streams_only()
{
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaStreamDestroy(s);
}

__global__ void copies_through_helper(int *to, const int *from) { copy(to, from); }

__global__ void errors_only() { cudaGetLastError(); }

// CHECK: function copy side=device runs_in_runtime=0 virtualized=1
// CHECK: function streams_only side=kernel runs_in_runtime=1
// CHECK: function copies_through_helper side=kernel runs_in_runtime=1
// CHECK: function errors_only side=kernel runs_in_runtime=0
