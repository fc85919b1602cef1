// struct_and_large_parameters.cu: CDP2 semantic test for cdp-lower (see the rule below).
// Prints only schedule-independent facts; the order of grids is recorded
// with global atomic tickets and only orders that CDP2 guarantees are checked.
// Build: nvcc -rdc=true -arch=sm_90 -O2 struct_and_large_parameters.cu -o struct_and_large_parameters -lcudadevrt
#include "cdp_test.cuh"

// Rule 3: arguments are evaluated and copied at the launch statement, laid
// out as the kernel's parameter buffer (each parameter at an offset aligned
// to its alignment, no reordering, at most 4 KB). Children take a 1 KB struct
// by value (an array inside a struct), three of them (3 KB) with a char in
// between, a struct with a double, a char and a float4 (16-byte aligned)
// between a char and a short, enums (plain and with an unsigned char
// underlying type) and 20 mixed scalars. The parent changes its copies right
// after each launch; the children must see the values at the launch. Each
// child checks every value and stores a checksum that the host prints.
#include <cstdint>

#define NTHREADS 4   // launching threads of the parent; each passes its own values
#define BIG_WORDS 256

struct Big {
    unsigned int v[BIG_WORDS];   // 1 KB
};

struct Mixed {
    double d;
    char c;
    float4 f;   // 16-byte aligned: Mixed is 32 bytes with 16-byte alignment
};

enum Color { RED = 3, GREEN = 70000, BLUE = -5 };
enum class Small : unsigned char { A = 7, B = 200 };

#define K_BIG 0
#define K_THREE 1
#define K_MIXED 2
#define K_ENUM 3
#define K_SCALARS 4
#define NKERNELS 5

struct Result {
    unsigned long long sum;
    unsigned int bad;
    unsigned int runs;
};

__device__ Result g_result[NKERNELS][NTHREADS];

__host__ __device__ unsigned long long mix(unsigned long long h, unsigned long long x)
{
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0x100000001b3ull;
}

__host__ __device__ unsigned long long dbits(double d)
{
    union {
        double d;
        unsigned long long u;
    } x;
    x.d = d;
    return x.u;
}

__host__ __device__ unsigned int fbits(float f)
{
    union {
        float f;
        unsigned int u;
    } x;
    x.f = f;
    return x.u;
}

__host__ __device__ unsigned int big_word(int t, int which, int i)
{
    return (unsigned int)(i * 2654435761u) ^ (unsigned int)(t * 40503 + which * 977 + 1);
}

__host__ __device__ Big make_big(int t, int which)
{
    Big b;
    for (int i = 0; i < BIG_WORDS; ++i) b.v[i] = big_word(t, which, i);
    return b;
}

__host__ __device__ Mixed make_mixed(int t)
{
    Mixed m;
    m.d = 1.0 / 3.0 + t;
    m.c = (char)('a' + t);
    m.f = make_float4(1.5f + t, -2.25f, 1e-30f, 3.0e30f);
    return m;
}

__host__ __device__ unsigned long long sum_big(const Big &b, int t, int which, unsigned int *bad)
{
    unsigned long long h = 1;
    for (int i = 0; i < BIG_WORDS; ++i) {
        if (b.v[i] != big_word(t, which, i)) ++*bad;
        h = mix(h, b.v[i]);
    }
    return h;
}

__host__ __device__ unsigned long long sum_mixed(char pre, const Mixed &m, short post)
{
    unsigned long long h = mix(1, (unsigned char)pre);
    h = mix(h, dbits(m.d));
    h = mix(h, (unsigned char)m.c);
    h = mix(h, fbits(m.f.x));
    h = mix(h, fbits(m.f.y));
    h = mix(h, fbits(m.f.z));
    h = mix(h, fbits(m.f.w));
    return mix(h, (unsigned short)post);
}

__host__ __device__ unsigned long long sum_enum(Color c, Small s, Color c2)
{
    unsigned long long h = mix(1, (unsigned long long)(long long)c);
    h = mix(h, (unsigned long long)(unsigned char)s);
    return mix(h, (unsigned long long)(long long)c2);
}

__host__ __device__ unsigned long long sum_scalars(char a1, unsigned char a2, short a3,
                                                   unsigned short a4, int a5, unsigned int a6,
                                                   long long a7, unsigned long long a8, float a9,
                                                   double a10, bool a11, signed char a12, long a13,
                                                   size_t a14, char a15, double a16, float a17,
                                                   short a18, int a19_value)
{
    unsigned long long h = 1;
    h = mix(h, (unsigned char)a1);
    h = mix(h, a2);
    h = mix(h, (unsigned short)a3);
    h = mix(h, a4);
    h = mix(h, (unsigned int)a5);
    h = mix(h, a6);
    h = mix(h, (unsigned long long)a7);
    h = mix(h, a8);
    h = mix(h, fbits(a9));
    h = mix(h, dbits(a10));
    h = mix(h, a11 ? 1 : 0);
    h = mix(h, (unsigned char)a12);
    h = mix(h, (unsigned long long)a13);
    h = mix(h, (unsigned long long)a14);
    h = mix(h, (unsigned char)a15);
    h = mix(h, dbits(a16));
    h = mix(h, fbits(a17));
    h = mix(h, (unsigned short)a18);
    return mix(h, (unsigned long long)a19_value);
}

__device__ void store(int k, int t, unsigned long long sum, unsigned int bad)
{
    g_result[k][t].sum = sum;
    g_result[k][t].bad = bad;
    atomicAdd(&g_result[k][t].runs, 1u);
}

__global__ void take_big(Big b, int t)
{
    if (threadIdx.x != 0) return;
    unsigned int bad = 0;
    const unsigned long long h = sum_big(b, t, 0, &bad);
    store(K_BIG, t, h, bad);
}

__global__ void take_three(Big a, char sep, Big b, Big c, int t)
{
    if (threadIdx.x != 0) return;
    unsigned int bad = 0;
    unsigned long long h = sum_big(a, t, 1, &bad);
    if (sep != (char)(0x70 + t)) ++bad;
    h = mix(h, (unsigned char)sep);
    h = mix(h, sum_big(b, t, 2, &bad));
    h = mix(h, sum_big(c, t, 3, &bad));
    store(K_THREE, t, h, bad);
}

__global__ void take_mixed(char pre, Mixed m, short post, int t)
{
    if (threadIdx.x != 0) return;
    const Mixed e = make_mixed(t);
    unsigned int bad = 0;
    if (pre != (char)('A' + t)) ++bad;
    if (dbits(m.d) != dbits(e.d)) ++bad;
    if (m.c != e.c) ++bad;
    if (fbits(m.f.x) != fbits(e.f.x) || fbits(m.f.y) != fbits(e.f.y) ||
        fbits(m.f.z) != fbits(e.f.z) || fbits(m.f.w) != fbits(e.f.w))
        ++bad;
    if (post != (short)(-1000 - t)) ++bad;
    if (((uintptr_t)&m.f & 15u) != 0) ++bad;   // the float4 member is 16-byte aligned
    store(K_MIXED, t, sum_mixed(pre, m, post), bad);
}

__global__ void take_enum(Color c, Small s, Color c2, int t)
{
    if (threadIdx.x != 0) return;
    unsigned int bad = 0;
    const Color want = t == 0 ? RED : (t == 1 ? GREEN : BLUE);
    if (c != want) ++bad;
    if (s != (t % 2 ? Small::B : Small::A)) ++bad;
    if (c2 != BLUE) ++bad;
    store(K_ENUM, t, sum_enum(c, s, c2), bad);
}

// 20 parameters of mixed types (the last one is the thread index).
__global__ void take_scalars(char a1, unsigned char a2, short a3, unsigned short a4, int a5,
                             unsigned int a6, long long a7, unsigned long long a8, float a9,
                             double a10, bool a11, signed char a12, long a13, size_t a14,
                             char a15, double a16, float a17, short a18, const int *a19, int t)
{
    if (threadIdx.x != 0) return;
    unsigned int bad = 0;
    bad += a1 != (char)(-3 - t);
    bad += a2 != (unsigned char)(250 + t);
    bad += a3 != (short)(-30000 + t);
    bad += a4 != (unsigned short)(65000 + t);
    bad += a5 != -2000000000 + t;
    bad += a6 != 4000000000u + (unsigned int)t;
    bad += a7 != -9000000000000000000ll + t;
    bad += a8 != 18000000000000000000ull + (unsigned long long)t;
    bad += fbits(a9) != fbits(0.1f * (float)(t + 1));
    bad += dbits(a10) != dbits(-1.0e300 * (t + 1));
    bad += a11 != (t % 2 == 1);
    bad += a12 != (signed char)(-128 + t);
    bad += a13 != -123456789012l * (t + 1);
    bad += a14 != (size_t)0xfedcba9876543210ull - (size_t)t;
    bad += a15 != (char)('x' + t);
    bad += dbits(a16) != dbits(2.5 + t);
    bad += fbits(a17) != fbits(-7.75f - (float)t);
    bad += a18 != (short)(1234 * (t + 1));
    bad += a19 == nullptr || *a19 != 424242;
    store(K_SCALARS, t,
          sum_scalars(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17,
                      a18, *a19),
          bad);
}

// The host passes one Big (1 KB) and one Mixed by value to the parent; thread
// t of the parent passes them on (for t == 0) or builds its own, launches,
// then overwrites its copies.
__global__ void parent(Big from_host, Mixed mixed_from_host, const int *p, unsigned int *errors)
{
    const int t = threadIdx.x;
    if (t >= NTHREADS) return;
    Big b = t == 0 ? from_host : make_big(t, 0);
    take_big<<<1, 32>>>(b, t);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(errors, 1u);
    for (int i = 0; i < BIG_WORDS; ++i) b.v[i] = 0xdeadbeefu;   // too late for the child

    Big a1 = make_big(t, 1), a2 = make_big(t, 2), a3 = make_big(t, 3);
    take_three<<<1, 32>>>(a1, (char)(0x70 + t), a2, a3, t);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(errors, 1u);
    a1.v[7] = a2.v[7] = a3.v[7] = 0u;

    Mixed m = t == 0 ? mixed_from_host : make_mixed(t);
    char pre = (char)('A' + t);
    short post = (short)(-1000 - t);
    take_mixed<<<1, 32>>>(pre, m, post, t);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(errors, 1u);
    m.d = 0.0;
    m.f.w = 0.0f;
    pre = post = 0;

    Color c = t == 0 ? RED : (t == 1 ? GREEN : BLUE);
    take_enum<<<1, 32>>>(c, t % 2 ? Small::B : Small::A, BLUE, t);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(errors, 1u);

    take_scalars<<<1, 32>>>((char)(-3 - t), (unsigned char)(250 + t), (short)(-30000 + t),
                            (unsigned short)(65000 + t), -2000000000 + t,
                            4000000000u + (unsigned int)t, -9000000000000000000ll + t,
                            18000000000000000000ull + (unsigned long long)t, 0.1f * (float)(t + 1),
                            -1.0e300 * (t + 1), t % 2 == 1, (signed char)(-128 + t),
                            -123456789012l * (t + 1), (size_t)0xfedcba9876543210ull - (size_t)t,
                            (char)('x' + t), 2.5 + t, -7.75f - (float)t, (short)(1234 * (t + 1)), p,
                            t);
    if (cudaGetLastError() != cudaSuccess) atomicAdd(errors, 1u);
}

int main()
{
    init_host_spans();
    int *d_p = nullptr;
    unsigned int *d_errors = nullptr;
    const int forty_two = 424242;
    CHECK(cudaMalloc(&d_p, sizeof(int)));
    CHECK(cudaMemcpy(d_p, &forty_two, sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMalloc(&d_errors, sizeof(unsigned int)));
    CHECK(cudaMemset(d_errors, 0, sizeof(unsigned int)));
    CHECK(cudaDeviceSynchronize());

    const Big host_big = make_big(0, 0);
    const Mixed host_mixed = make_mixed(0);
    const Timer timer = timer_start();
    parent<<<1, 32>>>(host_big, host_mixed, d_p, d_errors);
    CHECK(cudaGetLastError());
    timer_stop(timer);

    read_spans();
    Result r[NKERNELS][NTHREADS];
    unsigned int errors = 0;
    CHECK(cudaMemcpyFromSymbol(r, g_result, sizeof r));
    CHECK(cudaMemcpy(&errors, d_errors, sizeof errors, cudaMemcpyDeviceToHost));

    printf("parameters: sizeof(Big) = %zu, sizeof(Mixed) = %zu (align %zu), sizeof(Color) = %zu, "
           "sizeof(Small) = %zu; %d parent threads launch each kernel\n",
           sizeof(Big), sizeof(Mixed), alignof(Mixed), sizeof(Color), sizeof(Small), NTHREADS);
    printf("device launch errors: %u\n", errors);
    const char *names[NKERNELS] = {"take_big(Big)", "take_three(Big, char, Big, Big)",
                                   "take_mixed(char, Mixed, short)", "take_enum(Color, Small, Color)",
                                   "take_scalars(20 parameters)"};
    bool once = true, intact = true, sums_match = true;
    for (int k = 0; k < NKERNELS; ++k) {
        for (int t = 0; t < NTHREADS; ++t) {
            // The checksum the child should have computed, computed here.
            unsigned long long want = 0;
            unsigned int dummy = 0;
            if (k == K_BIG) {
                want = sum_big(make_big(t, 0), t, 0, &dummy);
            } else if (k == K_THREE) {
                want = sum_big(make_big(t, 1), t, 1, &dummy);
                want = mix(want, (unsigned char)(char)(0x70 + t));
                want = mix(want, sum_big(make_big(t, 2), t, 2, &dummy));
                want = mix(want, sum_big(make_big(t, 3), t, 3, &dummy));
            } else if (k == K_MIXED) {
                want = sum_mixed((char)('A' + t), make_mixed(t), (short)(-1000 - t));
            } else if (k == K_ENUM) {
                want = sum_enum(t == 0 ? RED : (t == 1 ? GREEN : BLUE), t % 2 ? Small::B : Small::A,
                                BLUE);
            } else {
                want = sum_scalars((char)(-3 - t), (unsigned char)(250 + t), (short)(-30000 + t),
                                   (unsigned short)(65000 + t), -2000000000 + t,
                                   4000000000u + (unsigned int)t, -9000000000000000000ll + t,
                                   18000000000000000000ull + (unsigned long long)t,
                                   0.1f * (float)(t + 1), -1.0e300 * (t + 1), t % 2 == 1,
                                   (signed char)(-128 + t), -123456789012l * (t + 1),
                                   (size_t)0xfedcba9876543210ull - (size_t)t, (char)('x' + t),
                                   2.5 + t, -7.75f - (float)t, (short)(1234 * (t + 1)), forty_two);
            }
            printf("%s thread %d: checksum %016llx, bad values %u\n", names[k], t, r[k][t].sum,
                   r[k][t].bad);
            once = once && r[k][t].runs == 1;
            intact = intact && r[k][t].bad == 0;
            sums_match = sums_match && r[k][t].sum == want;
        }
    }
    fact("device launches succeeded", errors == 0);
    fact("every child ran exactly once", once);
    fact("every child saw the values of its launch", intact);
    fact("every checksum matches the one computed on the host", sums_match);
    CHECK(cudaFree(d_p));
    CHECK(cudaFree(d_errors));
    return finish();
}
