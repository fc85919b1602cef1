// A host launch written partly in a macro is found in the expansion of the
// macro's use. Where cdp-lower cannot write that expansion out (here a
// kernel name that `##` makes), it is an error only when the kernel runs
// through the runtime (every launch of it must change); a host launch
// inside a lambda is rewritten like any other.
#define RUN(kernel) kernel<<<1, 1>>>(0)
#define RUN_PASTED(prefix, suffix) prefix ## suffix<<<1, 1>>>(0)
__global__ void child(int n) {}
__global__ void parent(int n) { child<<<1, 1>>>(n); }
__global__ void native(int n) {}

int main()
{
    auto run = [] { parent<<<1, 1>>>(1); };
    run();
    RUN(parent);
    RUN_PASTED(par, ent);
    RUN_PASTED(nat, ive);
    return 0;
}
// CHECK: launch 14:21 kernel=parent caller=main side=host
// CHECK: launch 16:5 kernel=parent caller=main side=host
// CHECK: in expansion of RUN at 16:5
// CHECK: error 17:5 launch of 'parent' from a use of macro 'RUN_PASTED' that cdp-lower cannot write out in its place (the launch's kernel name or `<<<` is not written in the source cdp-lower rewrites (`##` made it, or a macro of another file holds it)) is not supported yet: 'parent' runs through the cdpl runtime
// CHECK-NOT: inside a lambda
// CHECK-NOT: launch of 'native'
