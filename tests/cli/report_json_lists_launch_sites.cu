// --report=json lists every kernel, launch site (with its stream kind, side,
// arch guard and recursion), device runtime API call and diagnostic.
__global__ void child(int *out, int n) { out[0] = n; }

__global__ void walk(int depth)
{
    if (depth > 0) walk<<<1, 1>>>(depth - 1);
}

__global__ void parent(int *out, int n)
{
    child<<<1, 32, 0, cudaStreamTailLaunch>>>(out, n);
    child<<<1, 32>>>(out, n);
#if __CUDA_ARCH__
    child<<<1, 1, 0, cudaStreamFireAndForget>>>(out, n);
#endif
    cudaError_t error = cudaGetLastError();
    (void)error;
}

int main()
{
    parent<<<1, 1>>>(nullptr, 1);
    walk<<<1, 1>>>(3);
    return 0;
}
// CHECK: {"files":[
// CHECK: report_json_lists_launch_sites.cu",
// CHECK: "kernels":[
// CHECK: {"name":"child","line":3,"column":17,"runs_in_runtime":true,"launched_from_device":true,"launches":false,"params":["int *","int"]}
// CHECK: {"name":"walk","line":5,"column":17,"runs_in_runtime":true,"launched_from_device":true,"launches":true,"params":["int"]}
// CHECK: {"name":"parent","line":10,"column":17,"runs_in_runtime":true,"launched_from_device":false,"launches":true,"params":["int *","int"]}
// CHECK: "launch_sites":[
// CHECK: {"line":7,"column":20,"kernel":"walk","caller":"walk","side":"device","stream":"null","arch_guard":false,"recursive":true}
// CHECK: {"line":12,"column":5,"kernel":"child","caller":"parent","side":"device","stream":"tail","arch_guard":false,"recursive":false}
// CHECK: {"line":13,"column":5,"kernel":"child","caller":"parent","side":"device","stream":"null","arch_guard":false,"recursive":false}
// CHECK: {"line":15,"column":5,"kernel":"child","caller":"parent","side":"device","stream":"fire_and_forget","arch_guard":true,"recursive":false}
// CHECK: {"line":23,"column":5,"kernel":"parent","caller":"main","side":"host","stream":"null","arch_guard":false,"recursive":false}
// CHECK: {"line":24,"column":5,"kernel":"walk","caller":"main","side":"host","stream":"null","arch_guard":false,"recursive":false}
// CHECK: "api_calls":[
// CHECK: {"line":17,"column":25,"api":"cudaGetLastError","side":"device"}
// CHECK: "diagnostics":[]}]}
