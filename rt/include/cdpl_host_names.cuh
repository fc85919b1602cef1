/* cdpl_host_names.cuh
 *
 * What a kernel's name means in host code once the kernel runs through the
 * runtime, in this file and in the program's other files.
 *
 * A file that lowers a runtime kernel of external linkage renames its body
 * (cdpl_kernel_<name>) and defines, under the kernel's own name and
 * signature, a host function: the symbol that every other file's host code
 * reaches by that name. A host <<<>>> launch compiled elsewhere, by a file
 * that needed no lowering, pushes its configuration and calls that symbol,
 * as it would call the kernel's stub; the function pops the configuration
 * (cdpl_popped_config) and launches the kernel through the runtime. A
 * lowered file's host code asks the runtime what a kernel's address stands
 * for (cdpl_host_kernel: the entry, for queries, which answer for what
 * runs), and launches through cudaLaunchKernel go through the runtime
 * (cdpl_cudaLaunchKernel). A kernel that device code here launches and
 * another file defines is registered with its name's address
 * (cdpl_register_foreign): where that file lowered it, its entry runs it;
 * otherwise the host launches its records as the kernel itself.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_HOST_NAMES_CUH
#define CDPL_HOST_NAMES_CUH

#include "cdpl_scheduler_kernels.cuh"

#if !defined(CDPL_GPU_HIP)
/* What a host <<<>>> launch pushed before calling the kernel's stub (the
 * CUDA runtime's, as nvcc and clang compile such a launch). */
extern "C" cudaError_t __cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, void *stream);

static inline cdpl_launch_config cdpl_popped_config()
{
    dim3 grid, block;
    size_t shmem = 0;
    cudaStream_t stream = 0;
    if (__cudaPopCallConfiguration(&grid, &block, &shmem, &stream) != cudaSuccess) grid = dim3(0, 0, 0);
    return cdpl_config(grid, block, shmem, stream);
}
#endif

/* The function that host code's `kernel` stands for: a runtime kernel's
 * entry (what runs, which queries answer for), else `kernel` itself. */
template <typename Function> static inline __host__ __device__ Function *cdpl_host_kernel(Function *kernel)
{
#ifdef __CUDA_ARCH__
    return kernel;
#else
    return reinterpret_cast<Function *>(const_cast<void *>(cdpl_host_kernel_address(reinterpret_cast<const void *>(kernel))));
#endif
}

/* What a host launch through a pointer calls (`cdpl_host_launchable(f)<<<g,
 * b>>>(args)`, written by the lowering): nvcc compiles the launch as a call
 * of `f` after pushing the configuration. Where `f` holds a runtime
 * kernel's entry (cdpl_host_kernel gave it) or name, that is the kernel's
 * host function, which pops the configuration and launches the kernel
 * through the runtime; an entry called so would take the arguments for a
 * wave, and stop the program. Any other `f` is launched as it is. */
template <typename Function> static inline Function *cdpl_host_launchable(Function *function)
{
    return reinterpret_cast<Function *>(const_cast<void *>(cdpl_host_launch_address(reinterpret_cast<const void *>(function))));
}

template <typename Function>
static inline cudaError_t cdpl_cudaLaunchKernel(Function *function, dim3 grid, dim3 block, void **args,
                                                size_t shmem = 0, cudaStream_t stream = 0)
{
    return cdpl_cudaLaunchKernel(reinterpret_cast<const void *>(function), grid, block, args, shmem, stream);
}

static inline int cdpl_register_foreign(unsigned int kernel_id, const char *name, const void *symbol,
                                        size_t params_size, const cdpl_param_slot *params, unsigned int nparams)
{
    return cdpl_register_foreign_kernel(&cdpl_this_module, kernel_id, name, symbol, params_size, params, nparams);
}

#endif
