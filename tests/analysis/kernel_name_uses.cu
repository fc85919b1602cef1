// Every use of a kernel's name is recorded; those that are the function
// argument of an attribute or occupancy query are recorded as queries too.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p) { child<<<1, 32>>>(p); }

int main()
{
    cudaFuncAttributes attributes;
    cudaFuncGetAttributes(&attributes, child);
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, child, 32, 0);
    void (*pointer)(int *) = child;
    (void)pointer;
    return 0;
}
// CHECK: function child side=kernel
// CHECK: name_ref 5:34
// CHECK: name_ref 10:40
// CHECK: name_ref 12:60
// CHECK: name_ref 13:30
// CHECK: query_ref 10:40
// CHECK: query_ref 12:60
// CHECK-NOT: query_ref 13:30
// CHECK-NOT: query_ref 5:34
