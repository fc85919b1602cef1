// A device-side graph launch cannot be lowered: it is refused where it is
// written, saying what to do instead.
__global__ void parent(cudaGraphExec_t graph)
{
    cudaGraphLaunch(graph, cudaStreamGraphTailLaunch);
}
// CHECK-ERR: error_device_graph_launch_asks_for_host_launch.cu:5:5: error: device-side cudaGraphLaunch
// CHECK-ERR: launch the graph from the host
