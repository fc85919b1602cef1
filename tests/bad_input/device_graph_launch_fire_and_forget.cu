// EXPECT-ERROR: error: device-side cudaGraphLaunch is not supported
__global__ void child(int *p) { p[0] = 1; }

__global__ void parent(cudaGraphExec_t graph, int *p)
{
    child<<<1, 1>>>(p);
    if (cudaGraphLaunch(graph, cudaStreamGraphFireAndForget) != cudaSuccess) p[1] = -1;
}
