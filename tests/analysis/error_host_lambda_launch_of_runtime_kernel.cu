// A host launch hidden in a lambda or a macro cannot be rewritten, which is
// an error only when its kernel runs through the runtime.
#define RUN(kernel) kernel<<<1, 1>>>(0)
__global__ void child(int n) {}
__global__ void parent(int n) { child<<<1, 1>>>(n); }

int main()
{
    auto run = [] { parent<<<1, 1>>>(1); };
    run();
    RUN(parent);
    return 0;
}
// CHECK: error 9:21 launch of 'parent' inside a lambda is not supported yet: 'parent' runs through the cdpl runtime
// CHECK: error 11:5 launch of 'parent' written partly inside a macro is not supported yet
