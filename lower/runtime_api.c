#include "runtime_api.h"

#include <stddef.h>

const char *cdpl_runtime_api_name(cdpl_api api)
{
    switch (api) {
    case CDPL_API_GET_LAST_ERROR: return "cdpl_cudaGetLastError";
    case CDPL_API_PEEK_AT_LAST_ERROR: return "cdpl_cudaPeekAtLastError";
    case CDPL_API_GET_ERROR_STRING: return "cdpl_cudaGetErrorString";
    case CDPL_API_GET_ERROR_NAME: return "cdpl_cudaGetErrorName";
    case CDPL_API_EVENT_CREATE_WITH_FLAGS: return "cdpl_cudaEventCreateWithFlags";
    case CDPL_API_EVENT_RECORD: return "cdpl_cudaEventRecord";
    case CDPL_API_EVENT_DESTROY: return "cdpl_cudaEventDestroy";
    case CDPL_API_STREAM_WAIT_EVENT: return "cdpl_cudaStreamWaitEvent";
    case CDPL_API_MEMCPY_ASYNC: return "cdpl_cudaMemcpyAsync";
    case CDPL_API_MEMSET_ASYNC: return "cdpl_cudaMemsetAsync";
    case CDPL_API_STREAM_CREATE_WITH_FLAGS: return "cdpl_cudaStreamCreateWithFlags";
    case CDPL_API_STREAM_DESTROY: return "cdpl_cudaStreamDestroy";
    case CDPL_API_MALLOC: return "cdpl_cudaMalloc";
    case CDPL_API_GET_DEVICE: return "cdpl_cudaGetDevice";
    case CDPL_API_GET_DEVICE_COUNT: return "cdpl_cudaGetDeviceCount";
    case CDPL_API_DEVICE_GET_ATTRIBUTE: return "cdpl_cudaDeviceGetAttribute";
    case CDPL_API_RUNTIME_GET_VERSION: return "cdpl_cudaRuntimeGetVersion";
    case CDPL_API_FREE: return "cdpl_cudaFree";
    case CDPL_API_FUNC_GET_ATTRIBUTES: return "cdpl_cudaFuncGetAttributes";
    case CDPL_API_OCCUPANCY: return "cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessor";
    case CDPL_API_OCCUPANCY_WITH_FLAGS: return "cdpl_cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags";
    case CDPL_API_MEMCPY_2D_ASYNC: return "cdpl_cudaMemcpy2DAsync";
    case CDPL_API_MEMCPY_3D_ASYNC: return "cdpl_cudaMemcpy3DAsync";
    case CDPL_API_MEMSET_2D_ASYNC: return "cdpl_cudaMemset2DAsync";
    case CDPL_API_MEMSET_3D_ASYNC: return "cdpl_cudaMemset3DAsync";
    case CDPL_API_DEVICE_GET_LIMIT: return "cdpl_cudaDeviceGetLimit";
    case CDPL_API_DEVICE_GET_CACHE_CONFIG: return "cdpl_cudaDeviceGetCacheConfig";
    case CDPL_API_DEVICE_GET_SHARED_MEM_CONFIG: return "cdpl_cudaDeviceGetSharedMemConfig";
    default: return NULL;
    }
}

bool cdpl_runtime_api_reads_device_settings(cdpl_api api)
{
    return api == CDPL_API_DEVICE_GET_LIMIT || api == CDPL_API_DEVICE_GET_CACHE_CONFIG ||
           api == CDPL_API_DEVICE_GET_SHARED_MEM_CONFIG;
}

bool cdpl_runtime_api_makes_pitched_copies(cdpl_api api)
{
    return api == CDPL_API_MEMCPY_2D_ASYNC || api == CDPL_API_MEMCPY_3D_ASYNC || api == CDPL_API_MEMSET_2D_ASYNC ||
           api == CDPL_API_MEMSET_3D_ASYNC;
}
