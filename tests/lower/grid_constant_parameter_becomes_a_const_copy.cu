// Only a __global__ function's parameter may be __grid_constant__. A kernel
// that runs through the runtime becomes a __device__ function, whose
// parameter is the thread's own const copy of the record's value: the
// annotation goes, in every declaration; a native kernel keeps it.
struct table {
    int values[64];
};

__global__ void lookup(const __grid_constant__ table t, int *out);

__global__ void lookup(const __grid_constant__ table t, int *out) { out[threadIdx.x] = t.values[threadIdx.x]; }

__global__ void native(const __grid_constant__ table t, int *out) { out[0] = t.values[0]; }

__global__ void parent(int *out)
{
    table t = {};
    lookup<<<1, 64>>>(t, out);
}

int main()
{
    table t = {};
    parent<<<1, 1>>>(nullptr);
    native<<<1, 1>>>(t, nullptr);
    return 0;
}
// CHECK: __device__ void cdpl_kernel_lookup(const  table t, int *out);
// CHECK: __device__ void cdpl_kernel_lookup(const  table t, int *out) { out[threadIdx.x] = t.values[threadIdx.x]; }
// CHECK: struct cdpl_params_lookup { const table p0; int *p1; };
// CHECK: __global__ void native(const __grid_constant__ table t, int *out) { out[0] = t.values[0]; }
