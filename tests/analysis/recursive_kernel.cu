// A kernel that launches itself runs in the runtime: it is both launched
// from the device and a launcher. Its host launch is recorded too.
__global__ void sum_tree(int *node, int depth)
{
    if (depth > 0) {
        sum_tree<<<2, 32>>>(node + blockIdx.x, depth - 1);
    }
}

int main()
{
    int *node = nullptr;
    sum_tree<<<1, 32>>>(node, 4);
    return 0;
}
// CHECK: function sum_tree side=kernel runs_in_runtime=1 virtualized=1 prologue=0 params=int *,int
// CHECK: at 3:17 template=0 member=0 variadic=0 launched_from_device=1 launches=1
// CHECK: builtin 6:36 "blockIdx"
// CHECK-NOT: callee sum_tree
// CHECK: function main side=host runs_in_runtime=0 virtualized=0 prologue=0 params=
// CHECK: launch 6:9 kernel=sum_tree caller=sum_tree side=device stream=null arch_guard=0 config=2 args=2
// CHECK: launch 13:5 kernel=sum_tree caller=main side=host stream=null arch_guard=0 config=2 args=2 text="sum_tree<<<1, 32>>>(node, 4)"
// CHECK-NOT: error
