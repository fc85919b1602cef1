// Rule 18: shared and local memory are private to the launching block or
// thread; passing a pointer to them to a child is undefined, so cdp-lower
// warns where it can see it, and still lowers the file. An element reached
// through a local pointer is wherever the pointer points: no warning
// (NVIDIA's cdpQuadtree passes `&children[offset]` so); nor is an
// element's value read from a local array, a pointer or an integer (a
// decision-tree program passes `levels[i]` and `counts[i]`), unless the
// element is an array itself (`rows[1]`).
__global__ void child(int *data) { data[threadIdx.x] = 1; }
__global__ void count(int n) { (void)n; }

__global__ void parent(int *global_data)
{
    __shared__ int tile[32];
    int local[4];
    int value = 0;
    int rows[2][4];
    int *inside = &global_data[4];
    int *levels[2] = {global_data, global_data + 8};
    int counts[2] = {32, 16};
    child<<<1, 32>>>(tile);
    child<<<1, 32>>>(&tile[4]);
    child<<<1, 32>>>(local);
    child<<<1, 32>>>(&value);
    child<<<1, 32>>>(global_data);
    child<<<1, 32>>>(&rows[1][2]);
    child<<<1, 32>>>(&inside[2]);
    child<<<1, 32>>>(rows[1]);
    child<<<1, 32>>>(levels[1]);
    count<<<1, 32>>>(counts[1]);
}
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:21:5: warning: argument 1 of this launch of 'child' points to __shared__ memory
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:22:5: warning: argument 1 of this launch of 'child' points to __shared__ memory
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:23:5: warning: argument 1 of this launch of 'child' points to a local variable
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:24:5: warning: argument 1 of this launch of 'child' points to a local variable
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:26:5: warning: argument 1 of this launch of 'child' points to a local variable
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:28:5: warning: argument 1 of this launch of 'child' points to a local variable
// CHECK-ERR-NOT: private_memory_pointer_passed_to_child_warns.cu:25:
// CHECK-ERR-NOT: private_memory_pointer_passed_to_child_warns.cu:27:
// CHECK-ERR-NOT: private_memory_pointer_passed_to_child_warns.cu:29:
// CHECK-ERR-NOT: private_memory_pointer_passed_to_child_warns.cu:30:
// CHECK: cdpl_launch_child(cdpl_config(1, 32), global_data);
