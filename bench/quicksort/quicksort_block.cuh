// The block-level steps of the benchmark's quicksort, shared by the CDP2
// version (quicksort.cu: a block launches its range's children) and the flat
// one (quicksort_flat.cu: the host launches one grid per level of ranges), so
// that both sort with the same partitions, leaf sorts and depth limit.
#ifndef CDPL_BENCH_QUICKSORT_BLOCK_CUH
#define CDPL_BENCH_QUICKSORT_BLOCK_CUH

#include <climits>

#define THREADS 1024          // threads per quicksort block (multiple of 32)
#define CUTOFF 4096           // ranges this small are sorted in shared memory
#define MAX_DEPTH 22          // ranges this deep are not partitioned any more

__device__ __host__ inline int median3(int a, int b, int c)
{
    int lo = a < b ? a : b;
    int hi = a < b ? b : a;
    int m = hi < c ? hi : c;
    return lo > m ? lo : m;
}

// Bitonic sort of a[0..n) (n <= CUTOFF) by the whole block, in shared memory.
__device__ void block_bitonic_sort(int *a, int n)
{
    __shared__ int s[CUTOFF];
    int p = 1;
    while (p < n) p <<= 1;
    for (int i = threadIdx.x; i < p; i += blockDim.x) s[i] = i < n ? a[i] : INT_MAX;
    __syncthreads();
    for (int k = 2; k <= p; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            for (int i = threadIdx.x; i < p; i += blockDim.x) {
                int ixj = i ^ j;
                if (ixj > i) {
                    bool up = (i & k) == 0;
                    int x = s[i], y = s[ixj];
                    if ((x > y) == up) {
                        s[i] = y;
                        s[ixj] = x;
                    }
                }
            }
            __syncthreads();
        }
    }
    for (int i = threadIdx.x; i < n; i += blockDim.x) a[i] = s[i];
}

// Odd-even transposition sort of a[lo..hi) by the whole block, in global memory.
// Used for ranges still above CUTOFF at MAX_DEPTH.
__device__ void block_oddeven_sort(int *a, int lo, int hi)
{
    int n = hi - lo;
    for (int phase = 0; phase < n; ++phase) {
        for (int i = lo + (phase & 1) + 2 * (int)threadIdx.x; i + 1 < hi; i += 2 * blockDim.x) {
            int x = a[i], y = a[i + 1];
            if (x > y) {
                a[i] = y;
                a[i + 1] = x;
            }
        }
        __syncthreads();
    }
}

// Partitions a[lo..hi) stably around pivot into (< pivot, == pivot,
// > pivot) through tmp[lo..hi), by the whole block; returns the number of
// elements below and equal to the pivot. Every thread sees the block's writes
// to a[lo..hi) on return.
__device__ void block_partition(int *a, int *tmp, int lo, int hi, int pivot, unsigned int *n_less_out,
                                unsigned int *n_equal_out)
{
    __shared__ unsigned int s_count[2];           // elements < pivot, == pivot
    __shared__ unsigned int s_warp[3][THREADS / 32];
    __shared__ unsigned int s_run[3];
    const int tid = threadIdx.x;

    // Pass 1: count the elements below and equal to the pivot.
    if (tid < 2) s_count[tid] = 0;
    if (tid < 3) s_run[tid] = 0;
    __syncthreads();
    unsigned int less = 0, equal = 0;
    for (int i = lo + tid; i < hi; i += blockDim.x) {
        int v = a[i];
        less += v < pivot;
        equal += v == pivot;
    }
    atomicAdd(&s_count[0], less);
    atomicAdd(&s_count[1], equal);
    __syncthreads();
    const unsigned int n_less = s_count[0];
    const unsigned int n_equal = s_count[1];

    // Pass 2: stable scatter into tmp, one tile of blockDim.x elements at a time.
    const int lane = tid & 31;
    const int warp = tid >> 5;
    const int nwarps = blockDim.x >> 5;
    const unsigned int lane_lt = (1u << lane) - 1u;
    for (int base = lo; base < hi; base += blockDim.x) {
        const int i = base + tid;
        int v = 0, cls = -1;
        if (i < hi) {
            v = a[i];
            cls = v < pivot ? 0 : (v == pivot ? 1 : 2);
        }
        unsigned int m0 = __ballot_sync(0xffffffffu, cls == 0);
        unsigned int m1 = __ballot_sync(0xffffffffu, cls == 1);
        unsigned int m2 = __ballot_sync(0xffffffffu, cls == 2);
        if (lane == 0) {
            s_warp[0][warp] = __popc(m0);
            s_warp[1][warp] = __popc(m1);
            s_warp[2][warp] = __popc(m2);
        }
        __syncthreads();
        if (cls >= 0) {
            unsigned int mask = cls == 0 ? m0 : (cls == 1 ? m1 : m2);
            unsigned int rank = __popc(mask & lane_lt);
            for (int w = 0; w < warp; ++w) rank += s_warp[cls][w];
            unsigned int start = cls == 0 ? 0u : (cls == 1 ? n_less : n_less + n_equal);
            tmp[lo + start + s_run[cls] + rank] = v;
        }
        __syncthreads();
        if (tid < 3) {
            unsigned int t = 0;
            for (int w = 0; w < nwarps; ++w) t += s_warp[tid][w];
            s_run[tid] += t;
        }
        __syncthreads();
    }
    for (int i = lo + tid; i < hi; i += blockDim.x) a[i] = tmp[i];
    __syncthreads();
    *n_less_out = n_less;
    *n_equal_out = n_equal;
}

#endif
