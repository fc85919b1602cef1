// Host code may launch a native kernel from a lambda or a macro: the one in
// the lambda is an ordinary host launch, the one split by the macro is
// found in the expansion of the macro's use (which the lowering writes out
// only for a kernel in the runtime).
#define RUN(kernel) kernel<<<1, 1>>>(0)
__global__ void native(int n) {}

int main()
{
    auto run = [] { native<<<1, 1>>>(1); };
    run();
    RUN(native);
    return 0;
}
// CHECK: function native side=kernel runs_in_runtime=0
// CHECK: launch 10:21 kernel=native caller=main side=host
// CHECK: launch 12:5 kernel=native caller=main side=host
// CHECK: in expansion of RUN at 12:5
// CHECK-NOT: error
