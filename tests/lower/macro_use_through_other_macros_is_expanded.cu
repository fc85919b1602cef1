// Parts of a launch spread over several macros: a use of a launch macro in
// an argument of a macro that needs no rewriting is expanded in its place
// (that macro's use stays), a macro whose definition uses a launch macro
// is expanded through it, and macros that hold the kernel's name or the
// chevrons are expanded where the launch needs them.
#define LAUNCH1(k, ...) k<<<1, 32>>>(__VA_ARGS__)
#define CHECK(statement) do { statement; } while (0)
#define SPAWN_CHILD(k) LAUNCH1(k, out, 0)
#define KERNEL_OF(T) (count<T, 5>)
#define CHEVRONS(g, b) <<<g, b>>>
#define CHILD child
__global__ void child(int *out, int v) { out[threadIdx.x] = v; }
template <class T, int N> __global__ void count(T *out, T v) { out[threadIdx.x] = v + N; }

__global__ void parent(int *out)
{
    CHECK(LAUNCH1(child, out, 1));
    SPAWN_CHILD(child);
    LAUNCH1(KERNEL_OF(int), out, 2);
    child CHEVRONS(1, 2)(out, 3);
    CHILD<<<1, 1>>>(out, 4);
}
// CHECK: CHECK(cdpl_launch_child(cdpl_config(1, 32), out, 1));
// CHECK: cdpl_launch_child(cdpl_config(1, 32), out, 0);
// CHECK: (cdpl_launch_count<int, 5>)(cdpl_config(1, 32), out, 2);
// CHECK: cdpl_launch_child (cdpl_config(1, 2), out, 3);
// CHECK: cdpl_launch_child(cdpl_config(1, 1), out, 4);
