// A launch macro that takes the kernel (with the configuration and the
// arguments) as macro arguments cannot be rewritten in its definition,
// which serves every kernel it is given: each use in device code is
// replaced by its expansion, in which the launch is rewritten, and the
// definition stays as it is. A use written over several lines leaves its
// other lines empty, so that what follows keeps its line and column; its
// comments go, as the preprocessor's do.
#define LAUNCH1(k, ...) k<<<1, 32>>>(__VA_ARGS__)
#define GO(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
__global__ void child(int *out, int v) { out[threadIdx.x] = v; }
__global__ void tick() {}

__global__ void parent(int *out, int n)
{
    LAUNCH1(child, out, 1);
    GO(child, n, 2 * n, out, 2);
    GO(tick, 1, 1);
    LAUNCH1(child, /* where */
            out,   // and what:
            3); out[1] = n;
#if __CUDA_ARCH__
    GO(child, 1, 1, out, 4);
#endif
}
// CHECK: #define LAUNCH1(k, ...) k<<<1, 32>>>(__VA_ARGS__)
// CHECK: #define GO(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
// CHECK: cdpl_launch_child(cdpl_config(1, 32), out, 1);
// CHECK: cdpl_launch_child(cdpl_config(n, 2 * n), out, 2);
// CHECK: cdpl_launch_tick(cdpl_config(1, 1));
// CHECK: cdpl_launch_child(cdpl_config(1, 32), out, 3)
// CHECK: ; out[1] = n;
// CHECK: #if __CUDA_ARCH__
// CHECK: cdpl_launch_child(cdpl_config(1, 1), out, 4);
// CHECK-NOT: LAUNCH1(child
// CHECK-NOT: GO(child
// CHECK-NOT: GO(tick
