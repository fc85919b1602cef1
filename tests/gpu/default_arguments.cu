// default_arguments.cu: CDP2 test for cdp-lower (front end).
// Prints only schedule-independent facts.
// Build: nvcc -rdc=true -arch=sm_90 -O2 default_arguments.cu -o default_arguments -lcudadevrt
#include "cdp_test.cuh"

// Device-side launches that leave trailing parameters to their default
// arguments (given in a forward declaration, and in a later declaration),
// and whose arguments need implicit conversions: integer promotion, a
// floating conversion, 0 to a pointer, derived to base pointer, an
// enumeration to int and a converting constructor. Each child checks what it
// received and stores a code the host prints.
struct Base {
    int tag;
};
struct Derived : Base {
    int extra;
};
struct Meters {
    float value;
    __host__ __device__ Meters(float v) : value(v) {}
};
enum Level { LOW = 1, HIGH = 2 };

#define SLOTS 6
__device__ long long g_seen[SLOTS];
__device__ unsigned int g_runs[SLOTS];
__device__ unsigned int g_launch_errors_here;
__device__ Derived g_derived = {{7}, 8};

__global__ void with_defaults(int slot, int a, int b = 3, Meters m = Meters(0.5f), const int *p = nullptr);

__global__ void with_defaults(int slot, int a, int b, Meters m, const int *p)
{
    g_seen[slot] = a * 1000 + b * 100 + (long long)(m.value * 10) + (p == nullptr ? 0 : 100000);
    atomicAdd(&g_runs[slot], 1u);
}

__global__ void later_defaults(int slot, int a, int b);
__global__ void later_defaults(int slot, int a = 4, int b = 5)
{
    g_seen[slot] = a * 10 + b;
    atomicAdd(&g_runs[slot], 1u);
}

__global__ void converted(int slot, long wide, double real, const Base *base, int level, Meters m)
{
    g_seen[slot] = wide * 1000000 + (long long)(real * 1000) + base->tag * 100 + level * 10 + (long long)m.value;
    atomicAdd(&g_runs[slot], 1u);
}

__device__ void count_error()
{
    if (cudaGetLastError() != cudaSuccess) atomicAdd(&g_launch_errors_here, 1u);
}

__global__ void parent(short s, float f)
{
    if (threadIdx.x != 0) return;
    with_defaults<<<1, 1>>>(0, 1);                         // b = 3, m = 0.5, p = nullptr
    count_error();
    with_defaults<<<1, 1>>>(1, 2, 7, 2.0f, &g_derived.tag);  // no defaults; 2.0f -> Meters
    count_error();
    later_defaults<<<1, 1>>>(2);                           // a = 4, b = 5
    count_error();
    later_defaults<<<1, 1>>>(3, 9);                        // b = 5
    count_error();
    converted<<<1, 1>>>(4, s, f, &g_derived, HIGH, 3);     // short, float, Derived *, enum, int -> Meters
    count_error();
}

int main()
{
    const Timer timer = timer_start();
    parent<<<1, 32>>>((short)12, 0.125f);
    CHECK(cudaGetLastError());
    // A host launch relying on the defaults too.
    with_defaults<<<1, 1>>>(5, 6);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    long long seen[SLOTS];
    unsigned int runs[SLOTS], errors = 0;
    CHECK(cudaMemcpyFromSymbol(seen, g_seen, sizeof seen));
    CHECK(cudaMemcpyFromSymbol(runs, g_runs, sizeof runs));
    CHECK(cudaMemcpyFromSymbol(&errors, g_launch_errors_here, sizeof errors));
    const long long want[SLOTS] = {1305, 2720 + 100000, 45, 95, 12000000 + 125 + 700 + 20 + 3, 6305};
    bool all_once = true, all_right = true;
    for (int i = 0; i < SLOTS; ++i) {
        printf("slot %d: %lld (expected %lld), ran %u time(s)\n", i, seen[i], want[i], runs[i]);
        all_once = all_once && runs[i] == 1;
        all_right = all_right && seen[i] == want[i];
    }
    fact("device launches succeeded", errors == 0);
    fact("every child ran once", all_once);
    fact("every child saw its defaults and converted arguments", all_right);
    return finish();
}
