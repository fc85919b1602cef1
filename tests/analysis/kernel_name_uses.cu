// Every use of a kernel's name is recorded; those that are the function
// argument of an attribute or occupancy query are recorded as queries too.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p)
{
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, child);
    child<<<1, 32>>>(p);
}

int main()
{
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, child, 32, 0);
    void (*pointer)(int *) = child;
    (void)pointer;
    return 0;
}
// CHECK: function child side=kernel
// CHECK: name_ref 8:40
// CHECK: name_ref 9:5
// CHECK: name_ref 15:60
// CHECK: name_ref 16:30
// CHECK: query_ref 8:40
// CHECK: query_ref 15:60
// CHECK-NOT: query_ref 16:30
