// A launch macro given the kernel, the configuration and the arguments as
// groups: `KCALL(k, CFG(1, 32), (out, 1))`. The configuration stays a macro
// use in the expansion (the compiler expands it), and the parenthesized
// arguments become the launcher's arguments.
#define KCALL(name, cfg, args) name<<<cfg>>> args
#define CFG(g, b) g, b
#define DIMS 2, 64
__global__ void child(int *out, int v) { out[threadIdx.x] = v; }

__global__ void parent(int *out)
{
    KCALL(child, CFG(1, 32), (out, 1));
    KCALL(child, DIMS, (out, 2));
}
// CHECK: cdpl_launch_child(cdpl_config(CFG(1, 32)) , out, 1);
// CHECK: cdpl_launch_child(cdpl_config(DIMS) , out, 2);
// CHECK-NOT: KCALL(child
