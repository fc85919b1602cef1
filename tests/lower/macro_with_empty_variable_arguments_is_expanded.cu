// Launch macros given the kernel and no variable arguments: an empty
// __VA_ARGS__, GNU's `, ## __VA_ARGS__` (the comma goes with them) and
// __VA_OPT__ (its content goes with them).
#define LAUNCH0(k, ...) k<<<1, 1>>>(__VA_ARGS__)
#define GNU_LAUNCH(k, ...) k<<<1, 1>>>(7 , ## __VA_ARGS__)
#define OPT_LAUNCH(k, ...) k<<<1, 1>>>(7 __VA_OPT__(,) __VA_ARGS__)
__global__ void tick() {}
__global__ void one(int a, int b = 0) {}

__global__ void parent()
{
    LAUNCH0(tick);
    GNU_LAUNCH(one);
    GNU_LAUNCH(one, 8);
    OPT_LAUNCH(one);
    OPT_LAUNCH(one, 9);
}
// CHECK: cdpl_launch_tick(cdpl_config(1, 1));
// CHECK: cdpl_launch_one(cdpl_config(1, 1), 7);
// CHECK: cdpl_launch_one(cdpl_config(1, 1), 7 , 8);
// CHECK: cdpl_launch_one(cdpl_config(1, 1), 7);
// CHECK: cdpl_launch_one(cdpl_config(1, 1), 7, 9);
