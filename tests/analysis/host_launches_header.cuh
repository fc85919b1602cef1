// Host launches of every form, in a header that includes a file that is
// not there (so the analysis cannot read it into the source), and one
// device-side launch through a pointer under #if __CUDA_ARCH__, which only
// the device-side parse sees.
__global__ void fill(int *p) { p[threadIdx.x] = 1; }

struct space {
    int *p;
    void init();
};
inline void space::init() { fill<<<1, 32>>>(p); }

inline void through_lambda(int *p)
{
    auto run = [=] { fill<<<1, 32>>>(p); };
    run();
}

#define FILL(p) fill<<<1, 32>>>(p)
inline void through_macro(int *p) { FILL(p); }

template <class T> void in_template(T *p) { fill<<<1, 32>>>(p); }

__device__ void from_device(int *p)
{
#ifdef __CUDA_ARCH__
    void (*kernel)(int *) = fill;
    kernel<<<1, 32>>>(p);
#endif
}

#include "host_launches_header_lost.cuh"
