// Host code may launch a native kernel from a lambda or a macro: those
// launches are left alone.
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
// CHECK-NOT: launch 8:
// CHECK-NOT: launch 10:
// CHECK-NOT: error
