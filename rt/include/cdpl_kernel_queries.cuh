/* cdpl_kernel_queries.cuh
 *
 * Questions about kernels (attributes, occupancy) in device code.
 *
 * Device code cannot tell kernels apart by address (and a runtime kernel is
 * no longer a __global__ function), so the rewriter names the kernel of a
 * device-side query by its id; the runtime answers from what the host's
 * cudaFuncGetAttributes and occupancy calculator said about what runs.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_KERNEL_QUERIES_CUH
#define CDPL_KERNEL_QUERIES_CUH

#include "cdpl_device_api.cuh"

struct cdpl_kernel_ref {
    unsigned int id;
};

#ifdef __CUDA_ARCH__
static __device__ const cdpl_kernel_facts *cdpl_facts_of(cdpl_kernel_ref kernel)
{
    return cdpl_find_kernel_facts(cdpl_device_facts(), kernel.id);
}

static __device__ int cdpl_attribute_or(const cdpl_state *state, cudaDeviceAttr attribute, int otherwise)
{
    int value = state->attributes[attribute];
    return value == CDPL_NO_ATTRIBUTE ? otherwise : value;
}

/* CUDA's occupancy rule for a block's dynamic shared memory: whole
 * allocation units, with the driver's reserve, out of the multiprocessor's
 * largest carveout. The other limits do not depend on it and come measured. */
static __device__ int cdpl_blocks_per_sm(const cdpl_kernel_facts *facts, int block_size, size_t dynamic_shmem)
{
    const cudaFuncAttributes &attributes = facts->attributes;
    if (block_size > attributes.maxThreadsPerBlock || dynamic_shmem > (size_t)attributes.maxDynamicSharedSizeBytes)
        return 0;
    int blocks = facts->blocks_per_sm[(block_size + 31) / 32];
    if (dynamic_shmem == 0) return blocks;
    const cdpl_state *state = cdpl_device_facts();
    size_t unit = cdpl_attribute_or(state, cudaDevAttrComputeCapabilityMajor, 8) >= 8 ? 128 : 256;
    size_t per_block = attributes.sharedSizeBytes + dynamic_shmem +
                       (size_t)cdpl_attribute_or(state, cudaDevAttrReservedSharedMemoryPerBlock, 0);
    per_block = (per_block + unit - 1) / unit * unit;
    size_t per_sm = (size_t)cdpl_attribute_or(state, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0);
    int by_shmem = (int)(per_sm / per_block);
    return by_shmem < blocks ? by_shmem : blocks;
}
#endif

static inline __host__ __device__ cudaError_t cdpl_cudaFuncGetAttributes(cudaFuncAttributes *attributes,
                                                                         cdpl_kernel_ref kernel)
{
#ifdef __CUDA_ARCH__
    const cdpl_kernel_facts *facts = cdpl_facts_of(kernel);
    if (facts == NULL) return cdpl_api_result(cudaErrorInvalidDeviceFunction);
    *attributes = facts->attributes;
    return cudaSuccess;
#else
    return cudaFuncGetAttributes(attributes, cdpl_kernel_function(kernel.id));
#endif
}

static inline __host__ __device__ cudaError_t
cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *blocks, cdpl_kernel_ref kernel, int block_size,
                                                            size_t dynamic_shmem, unsigned int flags)
{
#ifdef __CUDA_ARCH__
    /* The only flag, cudaOccupancyDisableCachingOverride, changes nothing
     * on the GPUs that have dynamic parallelism 2. */
    if (block_size <= 0 || (flags & ~(unsigned int)cudaOccupancyDisableCachingOverride) != 0)
        return cdpl_api_result(cudaErrorInvalidValue);
    const cdpl_kernel_facts *facts = cdpl_facts_of(kernel);
    if (facts == NULL) return cdpl_api_result(cudaErrorInvalidDeviceFunction);
    *blocks = cdpl_blocks_per_sm(facts, block_size, dynamic_shmem);
    return cudaSuccess;
#else
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, cdpl_kernel_function(kernel.id),
                                                                  block_size, dynamic_shmem, flags);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *blocks, cdpl_kernel_ref kernel, int block_size, size_t dynamic_shmem)
{
    return cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, kernel, block_size, dynamic_shmem,
                                                                       cudaOccupancyDefault);
}

#endif
