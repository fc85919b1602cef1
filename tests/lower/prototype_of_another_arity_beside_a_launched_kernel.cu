// A prototype left beside a kernel with another parameter list (NVIDIA's
// cdpAdvancedQuicksort declares a 7-parameter qsort_warp and defines an
// 8-parameter one). Clang cannot choose among overloads launched from device
// code, so every kernel of the name was a candidate: the prototype, defined
// nowhere, became a kernel "of another file" whose registration named it,
// and the program did not link. A call of three arguments cannot call a
// kernel of two: it is no candidate. A declared overload that the call can
// call stays one (it may be defined in another file; dropping it could make
// the call choose another overload by conversion).
__global__ void child(int *p, int a);
__global__ void child(int *p, int a, int b) { p[a] = b; }

__global__ void pick(int *p, int a);
__global__ void pick(int *p, long a) { p[a] = 1; }

__global__ void parent(int *p)
{
    child<<<1, 1>>>(p, 0, 1);
    pick<<<1, 1>>>(p, 0);
}
// CHECK: static_cast<void (*)(int *, int)>(pick)
// CHECK: cdpl_launch_child(cdpl_config(1, 1), p, 0, 1);
// CHECK-NOT: static_cast<void (*)(int *, int)>(child)
