// A kernel in the runtime whose body, and every device function it reaches,
// makes no record (no launch, stream, event or asynchronous copy) registers
// as launching nothing: a launch tree whose next wave holds only such
// kernels, with no launch pending, ends with that wave, and the host launch
// returns without waiting for it (rt/src/drain.c). A kernel that calls
// what the analysis cannot follow (a function pointer, a virtual method, a
// name that only a template's instantiation resolves) may reach a launch,
// and registers without it, as does one that calls a template of a header
// that the analysis does not walk (cuda::std::invoke calls the functor it
// is given, whose operator() launches); so does one that makes records
// through a device function, or copies asynchronously.
#include <cuda/std/functional>

struct shape {
    __device__ virtual int area() const { return 0; }
};

__device__ int plus_one(int x) { return x + 1; }

__global__ void leaf(int *out)
{
    out[threadIdx.x] = plus_one(threadIdx.x);
}

__global__ void through_pointer(int *out, int (*op)(int))
{
    out[threadIdx.x] = op(threadIdx.x);
}

__global__ void through_virtual(int *out, const shape *s)
{
    out[threadIdx.x] = s->area();
}

template <class T> __global__ void through_dependent_name(T *out)
{
    out->v = out->value();
}

__device__ void relaunch(int *out)
{
    leaf<<<1, 32>>>(out);
}

__global__ void through_device_function(int *out)
{
    if (threadIdx.x == 0) relaunch(out);
}

struct launching_functor {
    int *out;
    __device__ int operator()(int x) const;
};

__global__ void through_header_template(int *out)
{
    out[threadIdx.x] = cuda::std::invoke(launching_functor{out}, (int)threadIdx.x);
}

__device__ int launching_functor::operator()(int x) const
{
    leaf<<<1, 32>>>(out);
    return x;
}

__global__ void copies(int *out, const int *in)
{
    if (threadIdx.x == 0) cudaMemcpyAsync(out, in, 4, cudaMemcpyDeviceToDevice, 0);
}

struct boxed {
    int v;
    __device__ int value() const { return v; }
};

__global__ void parent(int *out, const shape *s, boxed *b)
{
    through_pointer<<<1, 32>>>(out, plus_one);
    through_virtual<<<1, 32>>>(out, s);
    through_dependent_name<<<1, 32>>>(b);
    through_device_function<<<1, 32>>>(out);
    through_header_template<<<1, 32>>>(out);
    copies<<<1, 32>>>(out, out);
}

int main()
{
    parent<<<1, 1>>>(nullptr, nullptr, nullptr);
    return 0;
}
// CHECK: "leaf", (const void *)cdpl_entry_leaf, sizeof(cdpl_params_leaf), CDPL_KERNEL_LAUNCHES_NOTHING);
// CHECK: "through_pointer", (const void *)cdpl_entry_through_pointer, sizeof(cdpl_params_through_pointer), 0u);
// CHECK: "through_virtual", (const void *)cdpl_entry_through_virtual, sizeof(cdpl_params_through_virtual), 0u);
// CHECK: "through_dependent_name", (const void *)cdpl_entry_through_dependent_name, sizeof(cdpl_params_bound_through_dependent_name), 0u);
// CHECK: "through_device_function", (const void *)cdpl_entry_through_device_function, sizeof(cdpl_params_through_device_function), 0u);
// CHECK: "through_header_template", (const void *)cdpl_entry_through_header_template, sizeof(cdpl_params_through_header_template), 0u);
// CHECK: "copies", (const void *)cdpl_entry_copies, sizeof(cdpl_params_copies), 0u);
// CHECK: "parent", (const void *)cdpl_entry_parent, sizeof(cdpl_params_parent), 0u);
