/* The GPU runtime API under its CUDA names, on CUDA and on HIP.
 *
 * The runtime (rt/src, cdpl.cuh), the code cdp-lower generates and the
 * lowered user program all speak CUDA. Compiled for CUDA, this header is
 * just the CUDA runtime header. Compiled for HIP (hipcc, or a C compiler
 * with CDPL_TARGET_HIP defined), it maps each CUDA name that the runtime,
 * the samples and the semantic tests use onto its HIP counterpart: a thin,
 * documented layer (docs/portability.md), not a hipify. A CUDA name missing
 * here fails to compile under HIP; it never silently means something else. */
#ifndef CDPL_GPU_H
#define CDPL_GPU_H

#if defined(__HIP__) || defined(CDPL_TARGET_HIP)
#define CDPL_GPU_HIP 1
#endif

#ifndef CDPL_GPU_HIP

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#else
#include <cuda_runtime_api.h>
#endif

#else /* HIP */

#if !defined(__HIP_PLATFORM_AMD__) && !defined(__HIP_PLATFORM_NVIDIA__)
#define __HIP_PLATFORM_AMD__
#endif
#ifdef __cplusplus
#include <hip/hip_runtime.h>
#else
#include <hip/hip_runtime_api.h>
#endif
#include <stddef.h>

/* ---- types ---------------------------------------------------------------- */
#define cudaError_t hipError_t
#define cudaStream_t hipStream_t
#define cudaEvent_t hipEvent_t
#define cudaMemcpyKind hipMemcpyKind
#define cudaDeviceAttr hipDeviceAttribute_t
#define cudaFuncAttributes hipFuncAttributes
#define cudaPitchedPtr hipPitchedPtr
#define cudaExtent hipExtent
#define cudaMemcpy3DParms hipMemcpy3DParms
#define cudaDeviceProp hipDeviceProp_t

/* ---- error codes -----------------------------------------------------------
 * The same names; the values are HIP's, and HIP's own strings describe them.
 * HIP has no dynamic parallelism and so no pending-launch limit: a launch
 * beyond the limit reports hipErrorLaunchOutOfResources, the error HIP gives
 * a launch it has no resources for (CUDA reports 69 there). */
#define cudaSuccess hipSuccess
#define cudaErrorInvalidValue hipErrorInvalidValue
#define cudaErrorMemoryAllocation hipErrorOutOfMemory
#define cudaErrorInvalidConfiguration hipErrorInvalidConfiguration
#define cudaErrorInvalidDevice hipErrorInvalidDevice
#define cudaErrorInvalidDeviceFunction hipErrorInvalidDeviceFunction
#define cudaErrorInvalidResourceHandle hipErrorInvalidResourceHandle
#define cudaErrorIllegalAddress hipErrorIllegalAddress
#define cudaErrorLaunchFailure hipErrorLaunchFailure
#define cudaErrorLaunchOutOfResources hipErrorLaunchOutOfResources
#define cudaErrorLaunchPendingCountExceeded hipErrorLaunchOutOfResources
#define cudaErrorNotSupported hipErrorNotSupported
#define cudaErrorUnknown hipErrorUnknown
#define cudaErrorNotReady hipErrorNotReady
#define cudaErrorInvalidPitchValue hipErrorInvalidPitchValue
#define cudaErrorInvalidMemcpyDirection hipErrorInvalidMemcpyDirection

/* ---- constants ------------------------------------------------------------ */
#define cudaMemcpyHostToHost hipMemcpyHostToHost
#define cudaMemcpyHostToDevice hipMemcpyHostToDevice
#define cudaMemcpyDeviceToHost hipMemcpyDeviceToHost
#define cudaMemcpyDeviceToDevice hipMemcpyDeviceToDevice
#define cudaMemcpyDefault hipMemcpyDefault
#define cudaStreamDefault hipStreamDefault
#define cudaStreamNonBlocking hipStreamNonBlocking
#define cudaStreamPerThread hipStreamPerThread
/* The device runtime's special streams (cuda_device_runtime_api.h): handles
 * the lowered device code recognises by value, as under CUDA. */
#define cudaStreamTailLaunch ((hipStream_t)0x3)
#define cudaStreamFireAndForget ((hipStream_t)0x4)
#define cudaEventDefault hipEventDefault
#define cudaEventDisableTiming hipEventDisableTiming
#define cudaFuncAttributeMaxDynamicSharedMemorySize hipFuncAttributeMaxDynamicSharedMemorySize
#define cudaOccupancyDefault hipOccupancyDefault
/* CUDA's value; HIP 5 has no such flag. */
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaDevAttrMaxThreadsPerBlock hipDeviceAttributeMaxThreadsPerBlock
#define cudaDevAttrMultiProcessorCount hipDeviceAttributeMultiprocessorCount
#define cudaDevAttrWarpSize hipDeviceAttributeWarpSize
#define cudaDevAttrComputeCapabilityMajor hipDeviceAttributeComputeCapabilityMajor
#define cudaDevAttrComputeCapabilityMinor hipDeviceAttributeComputeCapabilityMinor
#define cudaDevAttrMaxSharedMemoryPerMultiprocessor hipDeviceAttributeMaxSharedMemoryPerMultiprocessor
/* HIP has none (an AMD GPU reserves no shared memory per block): a number
 * HIP leaves unused, inside the runtime's attribute table, which therefore
 * reads it as an attribute the device does not have. */
#define cudaDevAttrReservedSharedMemoryPerBlock ((hipDeviceAttribute_t)(CDPL_DEVICE_ATTRIBUTES - 1))
/* One past the attributes HIP shares with CUDA (its own start at 10000). */
#define cudaDevAttrMax hipDeviceAttributeCudaCompatibleEnd

/* Limits. HIP 5 cannot set any limit and knows no pending-launch count: the
 * cdpl runtime keeps that one itself (rt/src/hip_limits.c), as the device
 * runtime's own limit, with CUDA's value for its name. */
#define cudaLimitPrintfFifoSize hipLimitPrintfFifoSize
#define cudaLimitMallocHeapSize hipLimitMallocHeapSize
#define cudaLimitDevRuntimeSyncDepth 0x03 /* CUDA's value: unsupported under CDP2 as here */
#define cudaLimitDevRuntimePendingLaunchCount 0x04

#ifdef __cplusplus
extern "C" {
#endif
/* Stores the pending-launch limit; any other limit is hipErrorUnsupportedLimit. */
hipError_t cdpl_gpu_device_set_limit(int limit, size_t value);
/* The pending-launch limit as stored (default 2048); other limits are HIP's. */
hipError_t cdpl_gpu_device_get_limit(size_t *value, int limit);
#ifdef __cplusplus
}
#endif
#define cudaDeviceSetLimit(limit, value) cdpl_gpu_device_set_limit((int)(limit), (value))
#define cudaDeviceGetLimit(value, limit) cdpl_gpu_device_get_limit((value), (int)(limit))
#define cudaErrorUnsupportedLimit hipErrorUnsupportedLimit

/* Cache preference and shared memory banks: HIP's names for CUDA's. */
#define cudaFuncCache hipFuncCache_t
#define cudaFuncCachePreferNone hipFuncCachePreferNone
#define cudaFuncCachePreferShared hipFuncCachePreferShared
#define cudaFuncCachePreferL1 hipFuncCachePreferL1
#define cudaFuncCachePreferEqual hipFuncCachePreferEqual
#define cudaSharedMemConfig hipSharedMemConfig
#define cudaSharedMemBankSizeDefault hipSharedMemBankSizeDefault
#define cudaSharedMemBankSizeFourByte hipSharedMemBankSizeFourByte
#define cudaSharedMemBankSizeEightByte hipSharedMemBankSizeEightByte
#define cudaDeviceGetCacheConfig hipDeviceGetCacheConfig
#define cudaDeviceSetCacheConfig hipDeviceSetCacheConfig
#define cudaDeviceGetSharedMemConfig hipDeviceGetSharedMemConfig

/* ---- functions ------------------------------------------------------------ */
#define cudaGetLastError hipGetLastError
#define cudaPeekAtLastError hipPeekAtLastError
#define cudaGetErrorString hipGetErrorString
#define cudaGetErrorName hipGetErrorName
#define cudaGetDevice hipGetDevice
#define cudaSetDevice hipSetDevice
#define cudaGetDeviceCount hipGetDeviceCount
#define cudaGetDeviceProperties hipGetDeviceProperties
#define cudaDeviceGetAttribute hipDeviceGetAttribute
#define cudaRuntimeGetVersion hipRuntimeGetVersion
#define cudaDeviceSynchronize hipDeviceSynchronize
#define cudaDeviceReset hipDeviceReset
#define cudaMalloc hipMalloc
#define cudaFree hipFree
#define cudaMallocHost(pointer, bytes) hipHostMalloc((pointer), (bytes), hipHostMallocDefault)
#define cudaFreeHost hipHostFree
#define cudaMemcpy hipMemcpy
#define cudaMemcpyAsync hipMemcpyAsync
#define cudaMemset hipMemset
#define cudaMemsetAsync hipMemsetAsync
#define cudaMemcpy2DAsync hipMemcpy2DAsync
#define cudaMemset2DAsync hipMemset2DAsync
#define cudaMemcpy3DAsync hipMemcpy3DAsync
#define cudaMemset3DAsync hipMemset3DAsync
#define cudaMemcpyToSymbol hipMemcpyToSymbol
#define cudaMemcpyFromSymbol hipMemcpyFromSymbol
#define cudaStreamCreate hipStreamCreate
#define cudaStreamCreateWithFlags hipStreamCreateWithFlags
#define cudaStreamDestroy hipStreamDestroy
#define cudaStreamSynchronize hipStreamSynchronize
#define cudaStreamQuery hipStreamQuery
#define cudaStreamWaitEvent hipStreamWaitEvent
#define cudaEventCreate hipEventCreate
#define cudaEventCreateWithFlags hipEventCreateWithFlags
#define cudaEventRecord hipEventRecord
#define cudaEventSynchronize hipEventSynchronize
#define cudaEventElapsedTime hipEventElapsedTime
#define cudaEventDestroy hipEventDestroy
#define cudaLaunchKernel hipLaunchKernel
#define cudaFuncSetAttribute hipFuncSetAttribute
#define cudaFuncGetAttributes hipFuncGetAttributes
#define cudaOccupancyMaxActiveBlocksPerMultiprocessor hipOccupancyMaxActiveBlocksPerMultiprocessor
#define cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags

/* ---- device code ------------------------------------------------------------ */
#ifdef __cplusplus
/* CUDA code tells its device pass by __CUDA_ARCH__; HIP's device pass is
 * __HIP_DEVICE_COMPILE__, which is 1 (what hipify turns __CUDA_ARCH__ into). */
#if defined(__HIP_DEVICE_COMPILE__) && !defined(__CUDA_ARCH__)
#define __CUDA_ARCH__ __HIP_DEVICE_COMPILE__
#endif

#define __trap() __builtin_trap()

/* CUDA code counts lanes in warps of 32 (lane = tid & 31, masks of 32 bits).
 * An AMD wavefront has 64 lanes: each half answers as one 32-lane warp, so
 * that arithmetic stays right. */
static __device__ __forceinline__ unsigned int cdpl_gpu_ballot32(unsigned int mask, int predicate)
{
    return (unsigned int)(__ballot(predicate) >> (__lane_id() & ~31u)) & mask;
}
#define __ballot_sync(mask, predicate) cdpl_gpu_ballot32((mask), (predicate))
/* Callers pass width 32, which keeps a shuffle within each half. */
#define __shfl_up_sync(mask, var, delta, width) __shfl_up((var), (delta), (width))
#endif

#endif /* HIP */

#endif
