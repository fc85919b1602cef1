// Rule 18: shared and local memory are private to the launching block or
// thread; passing a pointer to them to a child is undefined, so cdp-lower
// warns where it can see it, and still lowers the file.
__global__ void child(int *data) { data[threadIdx.x] = 1; }

__global__ void parent(int *global_data)
{
    __shared__ int tile[32];
    int local[4];
    int value = 0;
    child<<<1, 32>>>(tile);
    child<<<1, 32>>>(&tile[4]);
    child<<<1, 32>>>(local);
    child<<<1, 32>>>(&value);
    child<<<1, 32>>>(global_data);
}
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:11:5: warning: argument 1 of this launch of 'child' points to __shared__ memory
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:12:5: warning: argument 1 of this launch of 'child' points to __shared__ memory
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:13:5: warning: argument 1 of this launch of 'child' points to a local variable
// CHECK-ERR: private_memory_pointer_passed_to_child_warns.cu:14:5: warning: argument 1 of this launch of 'child' points to a local variable
// CHECK: cdpl_launch_child(cdpl_config(1, 32), global_data);
