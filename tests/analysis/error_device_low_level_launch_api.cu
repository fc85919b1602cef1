// The low-level device launch API and device-side graph launches cannot be
// lowered; each call is an error that says what to do instead.
__global__ void child(int n) {}

__global__ void parent(cudaGraphExec_t graph)
{
    void *buffer = cudaGetParameterBuffer(16, 4);
    cudaLaunchDevice((void *)child, buffer, dim3(1), dim3(1), 0, cudaStreamTailLaunch);
    cudaGraphLaunch(graph, cudaStreamGraphFireAndForget);
}
// CHECK: api 7:20 cudaGetParameterBuffer caller=parent side=device
// CHECK: api 8:5 cudaLaunchDevice caller=parent side=device
// CHECK: api 9:5 cudaGraphLaunch caller=parent side=device
// CHECK: error 7:20 device-side cudaGetParameterBuffer (the low-level launch API) is not supported
// CHECK: error 8:5 device-side cudaLaunchDevice (the low-level launch API) is not supported
// CHECK: error 9:5 device-side cudaGraphLaunch is not supported; launch the graph from the host
