// --report=json lists every kernel, launch site (with its stream kind, side,
// arch guard, recursion and the launcher it becomes, or null where the launch
// stays as written), device runtime API call (with the runtime function it
// becomes) and diagnostic.
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

__global__ void plain(int *out) { out[0] = 1; }

int main()
{
    parent<<<1, 1>>>(nullptr, 1);
    walk<<<1, 1>>>(3);
    plain<<<1, 1>>>(nullptr);
    return 0;
}

// CHECK: {"files":[
// CHECK: report_json_lists_launch_sites.cu",
// CHECK: "kernels":[
// CHECK: {"name":"child","line":5,"column":17,"runs_in_runtime":true,"launched_from_device":true,"launches":false,"params":["int *","int"]},
// CHECK: {"name":"walk","line":7,"column":17,"runs_in_runtime":true,"launched_from_device":true,"launches":true,"params":["int"]},
// CHECK: {"name":"parent","line":12,"column":17,"runs_in_runtime":true,"launched_from_device":false,"launches":true,"params":["int *","int"]},
// CHECK: {"name":"plain","line":23,"column":17,"runs_in_runtime":false,"launched_from_device":false,"launches":false,"params":["int *"]}],
// CHECK: "launch_sites":[
// CHECK: {"line":9,"column":20,"kernel":"walk","caller":"walk","side":"device","stream":"null","arch_guard":false,"recursive":true,"rewritten_to":"cdpl_launch_walk"},
// CHECK: {"line":14,"column":5,"kernel":"child","caller":"parent","side":"device","stream":"tail","arch_guard":false,"recursive":false,"rewritten_to":"cdpl_launch_child"},
// CHECK: {"line":15,"column":5,"kernel":"child","caller":"parent","side":"device","stream":"null","arch_guard":false,"recursive":false,"rewritten_to":"cdpl_launch_child"},
// CHECK: {"line":17,"column":5,"kernel":"child","caller":"parent","side":"device","stream":"fire_and_forget","arch_guard":true,"recursive":false,"rewritten_to":"cdpl_launch_child"},
// CHECK: {"line":27,"column":5,"kernel":"parent","caller":"main","side":"host","stream":"null","arch_guard":false,"recursive":false,"rewritten_to":"cdpl_launch_parent"},
// CHECK: {"line":28,"column":5,"kernel":"walk","caller":"main","side":"host","stream":"null","arch_guard":false,"recursive":false,"rewritten_to":"cdpl_launch_walk"},
// CHECK: {"line":29,"column":5,"kernel":"plain","caller":"main","side":"host","stream":"null","arch_guard":false,"recursive":false,"rewritten_to":null}],
// CHECK: "api_calls":[
// CHECK: {"line":19,"column":25,"api":"cudaGetLastError","side":"device","rewritten_to":"cdpl_cudaGetLastError"}],
// CHECK: "diagnostics":[]}]}
