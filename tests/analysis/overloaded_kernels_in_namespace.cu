// Clang cannot tell which overload a device-side launch names (it rejects
// every kernel called from device code before choosing), so each kernel of
// that name, narrowed by the written qualifier, is a candidate and runs
// through the runtime; clang's "no matching function" is not reported.
namespace work {
__global__ void fill(int *out, int value) {}
__global__ void fill(float *out, float value) {}
}
namespace other {
__global__ void fill(int *out, int value) {}
}
__global__ void unrelated(int *out) {}

__global__ void parent(int *i, float *f, short s)
{
    work::fill<<<1, 1>>>(i, s);
    work::fill<<<1, 1>>>(f, 2.0);
}
// CHECK: function fill side=kernel runs_in_runtime=1
// CHECK: function fill side=kernel runs_in_runtime=1
// CHECK: function fill side=kernel runs_in_runtime=0
// CHECK: function unrelated side=kernel runs_in_runtime=0
// CHECK: launch 16:11 kernel=fill caller=parent side=device stream=null arch_guard=0 config=2 args=2
// CHECK: candidate fill at 6:17
// CHECK: candidate fill at 7:17
// CHECK: launch 17:11 kernel=fill caller=parent side=device stream=null arch_guard=0 config=2 args=2
// CHECK: candidate fill at 6:17
// CHECK: candidate fill at 7:17
// CHECK-NOT: error
// CHECK-NOT: candidate fill at 10:17
