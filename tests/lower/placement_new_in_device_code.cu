// Placement new in device code needs the device side's <new>, which clang
// keeps in its resource directory (cuda_wrappers): libclang's guess of
// that directory misses it, and the parse refused the file.
#include <new>

struct node {
    int value;
    __device__ node(int v) : value(v) {}
};

__global__ void child(node *n) { n->value += 1; }

__global__ void parent(void *storage)
{
    node *n = new (storage) node(41);
    child<<<1, 1>>>(n);
}
// CHECK: node *n = new (storage) node(41);
// CHECK: cdpl_launch_child(cdpl_config(1, 1), n);
