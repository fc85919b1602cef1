// The launcher's parameters have the kernel's types, so every implicit
// conversion a kernel launch performs happens at the launcher call: integer
// and floating promotions and conversions, 0 and nullptr to pointers,
// derived to base pointers, arrays to pointers, enumerations to integers,
// converting constructors and braced initializers.
struct Base { int tag; };
struct Derived : Base { int extra; };
struct Meters {
    float value;
    __host__ __device__ Meters(float v) : value(v) {}
};
struct Pair { int first, second; };
enum Level { LOW = 1, HIGH = 2 };

__global__ void child(long wide, double real, const int *p, const Base *base, int level, Meters m, Pair pair) {}

__global__ void parent(short s, float f, Derived *d)
{
    int local[4] = {1, 2, 3, 4};
    child<<<1, 1>>>(s, f, 0, d, HIGH, 2.5f, {1, 2});
    child<<<1, 1>>>('c', 1, nullptr, nullptr, true, 3, Pair{3, 4});
    child<<<1, 1>>>(s, f, local, d, LOW, f, {});
}
// CHECK: __host__ __device__ void cdpl_launch_child(cdpl_launch_config, long, double, const int *, const Base *, int, Meters, Pair);
// CHECK: cdpl_launch_child(cdpl_config(1, 1), s, f, 0, d, HIGH, 2.5f, {1, 2});
// CHECK: cdpl_launch_child(cdpl_config(1, 1), 'c', 1, nullptr, nullptr, true, 3, Pair{3, 4});
// CHECK: cdpl_launch_child(cdpl_config(1, 1), s, f, local, d, LOW, f, {});
// CHECK-NOT: <<<
