// EXPECT-ERROR: 4:5: error: device-side cudaGraphLaunch is not supported
__global__ void parent(cudaGraphExec_t graph)
{
    cudaGraphLaunch(graph, cudaStreamGraphTailLaunch);
}
