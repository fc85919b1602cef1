// An #if that this header never closes.
#if 1
__device__ int from_header;
