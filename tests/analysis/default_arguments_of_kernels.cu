// Default arguments are recorded per declaration that gives them, so the
// launcher can be declared with the same ones at the same places.
struct Scale {
    float factor;
    __host__ __device__ Scale(float f) : factor(f) {}
};
__global__ void child(int *out, int a, int b = 3, Scale s = Scale(0.5f), const int *p = nullptr);
__global__ void child(int *out, int a, int b, Scale s, const int *p) {}
__global__ void later(int *out, int a, int b);
__global__ void later(int *out, int a = sizeof(int) > 2 ? 1 : 0, int b = (2 > 1)) {}
__global__ void parent(int *out) { child<<<1, 1>>>(out, 1); later<<<1, 1>>>(out); }
// CHECK: function child side=kernel
// CHECK: default param 2 of the declaration at line 7 = "3"
// CHECK: default param 3 of the declaration at line 7 = "Scale(0.5f)"
// CHECK: default param 4 of the declaration at line 7 = "nullptr"
// CHECK: function later side=kernel
// CHECK: default param 1 of the declaration at line 10 = "sizeof(int) > 2 ? 1 : 0"
// CHECK: default param 2 of the declaration at line 10 = "(2 > 1)"
// CHECK: launch 11:36 kernel=child caller=parent side=device stream=null arch_guard=0 config=2 args=2
// CHECK-NOT: default param 0
// CHECK-NOT: error
