// A system header (it says so, as CCCL's headers do) holding an error that
// clang finds and nvcc, which does not define __clang__, does not.
#pragma GCC system_header
#ifdef __clang__
int clang_refuses_this = ;
#endif
