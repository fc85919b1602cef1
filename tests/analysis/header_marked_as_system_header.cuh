// A header that says it is a system header, as CCCL's headers do: clang
// treats it as one, even where -I finds it.
#pragma GCC system_header
__device__ inline int system_helper() { return 1; }
