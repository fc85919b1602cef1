// Kernel parameters of every shape a launch record must hold, launched from
// device code: scalars, aggregates, pointers, arrays and functions (by
// themselves and through typedefs, C++ makes them pointers), and kernel
// templates whose parameters are, or may turn out, arrays or functions
// (deduced from an array parameter, too). Its lowered form must build with
// every compiler.
#include <stdint.h>
#include <stdio.h>

namespace geo {
struct vec3 {
    float x, y, z;
};
enum class mode : int { plain, doubled };
__global__ void in_namespace(vec3 v, mode m, float *out) { out[0] = v.x * (m == mode::doubled ? 2.0f : 1.0f); }
} // namespace geo
using namespace geo;

typedef int row_t[4];
typedef float unary_t(float);
typedef float (*unary_ptr)(float);
struct alignas(16) wide {
    double d[4];
};
union bits {
    unsigned u;
    float f;
};

__device__ float negate(float x) { return -x; }
__device__ float negate_noexcept(float x) noexcept { return -x; }

__global__ void scalars(const int a, volatile int *b, unsigned long long c, size_t d, int8_t e, bool f, char g)
{
    b[0] = a + (int)c + (int)d + e + f + g;
}
__global__ void aggregates(vec3 v, wide w, bits u, geo::mode m, row_t *rows, float *out)
{
    out[0] = v.x + (float)w.d[0] + u.f + (int)m + rows[0][1];
}
__global__ void arrays(row_t row, const int grid[3][4], unary_t f, unary_ptr fns[2], vec3 points[], float *out)
{
    out[0] = row[0] + grid[1][2] + f(fns[0](points[0].x));
}
__global__ void functions(float f(float), float g(float) noexcept, float *out) { out[0] = f(g(out[0])); }
template <typename T, int N> __global__ void fixed(T values[N], T (*f)(T), const T bias, T *out)
{
    out[0] = f(values[N - 1]) + bias;
}
template <typename T> __global__ void deduced(T data[], int times) { data[0] *= times; }
template <typename F> __global__ void functor(F f, float *out) { out[0] = f(out[0]); }
struct twice {
    __device__ float operator()(float x) const { return 2.0f * x; }
};

__global__ void parent(float *out, int *ints)
{
    vec3 v = {1.0f, 2.0f, 3.0f};
    wide w = {};
    bits u;
    u.u = 0;
    in_namespace<<<1, 1>>>(v, mode::doubled, out);
    scalars<<<1, 1>>>(1, ints, 2ull, (size_t)3, (int8_t)4, true, 'c');
    aggregates<<<1, 1>>>(v, w, u, mode::plain, (row_t *)ints, out);
    arrays<<<1, 1>>>(ints, (const int(*)[4])ints, negate, nullptr, nullptr, out);
    functions<<<1, 1>>>(negate, negate_noexcept, out);
    fixed<float, 3><<<1, 1>>>(out, negate, 1.0f, out);
    deduced<<<1, 1>>>(out, 3);
    functor<<<1, 1>>>(twice{}, out);
}

int main(void)
{
    parent<<<1, 1>>>(NULL, NULL);
    printf("launched: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
