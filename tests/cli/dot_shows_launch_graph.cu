// --dot prints the device launch graph: runtime kernels as nodes (a box for
// those also launched from the host), one edge per (caller, kernel, stream
// kind), however many sites repeat it; host launches are no edges.
__global__ void leaf(int n) {}

__global__ void child(int n)
{
    leaf<<<1, 1, 0, cudaStreamFireAndForget>>>(n);
}

__global__ void parent(int n)
{
    child<<<1, 32, 0, cudaStreamTailLaunch>>>(n);
    child<<<2, 32, 0, cudaStreamTailLaunch>>>(n);
    child<<<1, 32>>>(n);
    if (n > 0) parent<<<1, 1>>>(n - 1);
}

__global__ void native(int n) {}

int main()
{
    parent<<<1, 1>>>(3);
    native<<<1, 1>>>(3);
    return 0;
}
// CHECK: digraph cdp {
// CHECK: "leaf";
// CHECK: "child";
// CHECK: "parent" [shape=box];
// CHECK: "child" -> "leaf" [label="fire_and_forget"];
// CHECK: "parent" -> "child" [label="tail"];
// CHECK: "parent" -> "child" [label="null"];
// CHECK: "parent" -> "parent" [label="null"];
// CHECK: }
// CHECK-NOT: native
// CHECK-NOT: main
