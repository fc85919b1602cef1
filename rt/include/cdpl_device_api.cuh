/* cdpl_device_api.cuh
 *
 * The device runtime API that lowered code calls.
 *
 * Host and device: a __host__ __device__ function's calls are renamed too,
 * and on the host each stays the CUDA call it was.
 *
 * One part of the device runtime: lowered code includes cdpl.cuh, which
 * includes every part in order. */
#ifndef CDPL_DEVICE_API_CUH
#define CDPL_DEVICE_API_CUH

#include "cdpl_scheduler_kernels.cuh"

static inline __host__ __device__ cudaError_t cdpl_cudaGetLastError()
{
#ifdef __CUDA_ARCH__
    if (!cdpl_in_runtime()) return cudaSuccess;
    cdpl_thread_slot *slot = cdpl_my_slot();
    cudaError_t error = (cudaError_t)slot->last_error;
    slot->last_error = 0;
    return error;
#else
    return cudaGetLastError();
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaPeekAtLastError()
{
#ifdef __CUDA_ARCH__
    if (!cdpl_in_runtime()) return cudaSuccess;
    return (cudaError_t)cdpl_my_slot()->last_error;
#else
    return cudaPeekAtLastError();
#endif
}

static inline __host__ __device__ const char *cdpl_cudaGetErrorString(cudaError_t error)
{
#ifdef __CUDA_ARCH__
    const cdpl_state *state = cdpl_module_state;
    if (state != NULL && (unsigned int)error < state->nerror_strings &&
        state->error_strings[error] != NULL)
        return state->error_strings[error];
    return "unrecognized error code";
#else
    return cudaGetErrorString(error);
#endif
}

static inline __host__ __device__ const char *cdpl_cudaGetErrorName(cudaError_t error)
{
#ifdef __CUDA_ARCH__
    const cdpl_state *state = cdpl_module_state;
    if (state != NULL && (unsigned int)error < state->nerror_strings && state->error_names[error] != NULL)
        return state->error_names[error];
    return "cudaErrorUnknown";
#else
    return cudaGetErrorName(error);
#endif
}

/* Sets the thread's last error to `error` (unless success) and returns it,
 * as the device runtime API does. */
static __device__ __forceinline__ cudaError_t cdpl_api_result(cudaError_t error)
{
    if (error != cudaSuccess) cdpl_set_last_error(error);
    return error;
}

/* A stream or event object owned by the running grid, freed when it completes. */
[[maybe_unused]] static __device__ cdpl_stream_object *cdpl_new_object(unsigned int magic)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    cdpl_state *state = cdpl_global(cdpl_context.state);
    unsigned int index = cdpl_ring_take(&state->stream_ring);
    if (index == CDPL_NONE) return NULL;
    cdpl_stream_object *object = &state->streams[index];
    object->owner = cdpl_context.record;
    object->last = CDPL_NONE;
    object->magic = magic;
    object->next_owned = atomicExch(&cdpl_record_at(cdpl_context.record)->streams, index);
    return object;
}

/* The CUDA guide asks device code for cudaStreamNonBlocking; native CDP2
 * also takes flags 0 (cudaSuccess, H100, CUDA 13.0), and so does the
 * lowering: a device stream never syncs with the NULL stream. An event's
 * flags 0 is cudaErrorInvalidValue natively, as here. */
static inline __host__ __device__ cudaError_t cdpl_cudaStreamCreateWithFlags(cudaStream_t *stream,
                                                                      unsigned int flags)
{
#ifdef __CUDA_ARCH__
    if (flags != cudaStreamNonBlocking && flags != cudaStreamDefault) return cdpl_api_result(cudaErrorInvalidValue);
    cdpl_stream_object *object = cdpl_new_object(CDPL_STREAM_MAGIC);
    if (object == NULL) return cdpl_api_result(cudaErrorMemoryAllocation);
    *stream = reinterpret_cast<cudaStream_t>(object);
    return cudaSuccess;
#else
    return cudaStreamCreateWithFlags(stream, flags);
#endif
}

/* Pending work in the stream still runs; the object lives until its grid completes. */
static inline __host__ __device__ cudaError_t cdpl_cudaStreamDestroy(cudaStream_t stream)
{
#ifdef __CUDA_ARCH__
    if (cdpl_named_object(stream, CDPL_STREAM_MAGIC) == NULL)
        return cdpl_api_result(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
#else
    return cudaStreamDestroy(stream);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
#ifdef __CUDA_ARCH__
    if ((flags & cudaEventDisableTiming) == 0) return cdpl_api_result(cudaErrorInvalidValue);
    cdpl_stream_object *object = cdpl_new_object(CDPL_EVENT_MAGIC);
    if (object == NULL) return cdpl_api_result(cudaErrorMemoryAllocation);
    *event = reinterpret_cast<cudaEvent_t>(object);
    return cudaSuccess;
#else
    return cudaEventCreateWithFlags(event, flags);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaEventDestroy(cudaEvent_t event)
{
#ifdef __CUDA_ARCH__
    if (cdpl_named_object(event, CDPL_EVENT_MAGIC) == NULL)
        return cdpl_api_result(cudaErrorInvalidResourceHandle);
    return cudaSuccess;
#else
    return cudaEventDestroy(event);
#endif
}

#ifdef __CUDA_ARCH__
/* A marker record in `stream`: it completes when everything before it in
 * the stream has, and (for a wait) when the event's marker has. */
static __device__ unsigned int cdpl_enqueue_marker(const cdpl_stream_target &target, bool *waits,
                                                   cdpl_ready_shape *shape)
{
    cdpl_copy_params none = {};
    return cdpl_enqueue(CDPL_KIND_MARKER, CDPL_BUILTIN_KERNEL_ID, dim3(1), dim3(CDPL_BUILTIN_MARKER_THREADS), 0,
                        target, &none, sizeof none, waits, shape);
}

/* The stream and event of an event record or wait, validated: the tail and
 * fire-and-forget streams cannot take part in event ordering. */
static __device__ cudaError_t cdpl_event_operands(cudaStream_t stream, cudaEvent_t event,
                                                  cdpl_stream_target *target, cdpl_stream_object **object)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    cudaError_t error = cdpl_resolve_stream(stream, target);
    if (error == cudaSuccess && cdpl_is_tail_or_fire_and_forget(target->value)) error = cudaErrorInvalidValue;
    *object = cdpl_named_object(event, CDPL_EVENT_MAGIC);
    if (error == cudaSuccess && *object == NULL) error = cudaErrorInvalidResourceHandle;
    return error;
}
#endif

static inline __host__ __device__ cudaError_t cdpl_cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    cdpl_stream_target target;
    cdpl_stream_object *object;
    cudaError_t error = cdpl_event_operands(stream, event, &target, &object);
    if (error != cudaSuccess) return cdpl_api_result(error);
    bool waits = false;
    cdpl_ready_shape shape;
    unsigned int marker = cdpl_enqueue_marker(target, &waits, &shape);
    if (marker == CDPL_NONE) return cudaErrorLaunchPendingCountExceeded;
    /* Other blocks of the grid find the marker here and add themselves to
     * its waiters: its own stores must be there first. */
    __threadfence();
    object->last = marker;
    cdpl_release_linked(cdpl_context.state, marker, shape, waits);
    return cudaSuccess;
#else
    return cudaEventRecord(event, stream);
#endif
}

/* Work launched into `stream` after this waits for the event's marker: a
 * marker in `stream` that also waits on it. Markers never complete in the
 * wave that made them, so the event's marker is still there to wait on. */
static inline __host__ __device__ cudaError_t cdpl_cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                                                       unsigned int flags = 0)
{
#ifdef __CUDA_ARCH__
    cdpl_stream_target target;
    cdpl_stream_object *object;
    cudaError_t error = cdpl_event_operands(stream, event, &target, &object);
    if (error == cudaSuccess && flags != 0) error = cudaErrorInvalidValue;
    if (error != cudaSuccess) return cdpl_api_result(error);
    if (object->last == CDPL_NONE) return cudaSuccess; /* never recorded: nothing to wait for */
    cdpl_state *state = cdpl_global(cdpl_context.state);
    bool waits_in_stream = false;
    cdpl_ready_shape shape;
    unsigned int wait = cdpl_enqueue_marker(target, &waits_in_stream, &shape);
    if (wait == CDPL_NONE) return cudaErrorLaunchPendingCountExceeded;
    /* It also waits for the event's marker. First in its stream, it holds
     * the launcher's guard (cdpl_link), dropped here with an atomic, as the
     * marker's completion may drop its count too; behind a record of the
     * stream, it has no guard to drop (cdpl_release_linked). */
    cdpl_record *waiting = cdpl_record_at(wait);
    waiting->deps += 1;
    waiting->next_waiter = atomicExch(&cdpl_record_at(object->last)->waiters, wait);
    if (!waits_in_stream) cdpl_release(state, wait, false);
    return cudaSuccess;
#else
    return cudaStreamWaitEvent(stream, event, flags);
#endif
}

#ifdef __CUDA_ARCH__
/* A record of the built-in entry that copies or sets `bytes` bytes, ordered
 * in `stream` like a launch. */
static __device__ cudaError_t cdpl_enqueue_bytes(unsigned int kind, const void *params, unsigned int params_size,
                                                 unsigned long long bytes, cudaStream_t stream)
{
    if (!cdpl_in_runtime()) cdpl_launch_outside_runtime();
    /* Only a 2-D or 3-D copy's parameters can be larger than records are,
     * where its file did not register it (cdpl_register_pitched_copies). */
    cdpl_state *state = cdpl_global(cdpl_context.state);
    if (params_size > state->params_capacity) cdpl_fail(state, CDPL_RT_PITCHED_COPY_UNREGISTERED, 0);
    cdpl_stream_target target;
    cudaError_t error = cdpl_resolve_stream(stream, &target);
    if (error != cudaSuccess) return cdpl_api_result(error);
    if (bytes == 0) return cudaSuccess;
    unsigned long long per_block = CDPL_BUILTIN_COPY_THREADS * 16ull;
    unsigned long long blocks = (bytes + per_block - 1) / per_block;
    bool waits = false;
    cdpl_ready_shape shape;
    unsigned int index = cdpl_enqueue(kind, CDPL_BUILTIN_KERNEL_ID, dim3(blocks < 4096 ? (unsigned int)blocks : 4096u),
                                      dim3(CDPL_BUILTIN_COPY_THREADS), 0, target, params, params_size, &waits,
                                      &shape);
    if (index == CDPL_NONE) return cudaErrorLaunchPendingCountExceeded;
    cdpl_release_linked(cdpl_context.state, index, shape, waits);
    return cudaSuccess;
}

static __device__ cudaError_t cdpl_enqueue_copy(unsigned int kind, void *destination, const void *source, int value,
                                                size_t bytes, cudaStream_t stream)
{
    cdpl_copy_params copy = {destination, source, bytes, value, 0};
    return cdpl_enqueue_bytes(kind, &copy, sizeof copy, bytes, stream);
}

static __device__ cudaError_t cdpl_enqueue_pitched(unsigned int kind, const cdpl_pitched_copy_params &copy,
                                                   cudaStream_t stream)
{
    return cdpl_enqueue_bytes(kind, &copy, sizeof copy, copy.width * copy.height * copy.depth, stream);
}

/* Device-side copies, 1-D and pitched, are device to device: another kind
 * is cudaErrorInvalidMemcpyDirection natively. */
static __device__ __forceinline__ bool cdpl_copies_on_the_device(cudaMemcpyKind kind)
{
    return kind == cudaMemcpyDeviceToDevice || kind == cudaMemcpyDefault;
}
#endif

/* Device to device only, ordered in its stream like a launch. */
static inline __host__ __device__ cudaError_t cdpl_cudaMemcpyAsync(void *destination, const void *source,
                                                                   size_t bytes, cudaMemcpyKind kind,
                                                                   cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    if (!cdpl_copies_on_the_device(kind)) return cdpl_api_result(cudaErrorInvalidMemcpyDirection);
    return cdpl_enqueue_copy(CDPL_KIND_MEMCPY, destination, source, 0, bytes, stream);
#else
    return cudaMemcpyAsync(destination, source, bytes, kind, stream);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaMemsetAsync(void *destination, int value, size_t bytes,
                                                                   cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    return cdpl_enqueue_copy(CDPL_KIND_MEMSET, destination, NULL, value, bytes, stream);
#else
    return cudaMemsetAsync(destination, value, bytes, stream);
#endif
}

/* 2-D and 3-D copies and sets run as one record each, ordered in their
 * stream like a launch. A failed call sets the thread's last error, with the
 * codes CDP2 gives its 2-D forms (H100, CUDA 13.0), which the 3-D forms
 * follow: cudaErrorInvalidPitchValue for a copy's row wider than a pitch,
 * cudaErrorInvalidMemcpyDirection for a copy from or to the host,
 * cudaErrorInvalidValue for a set's row wider than its pitch; nothing to do
 * (a zero extent) is cudaSuccess. A set writes the
 * value asked for, where native CDP2 writes zeros (docs/semantics.md). */
static inline __host__ __device__ cudaError_t cdpl_cudaMemcpy2DAsync(void *destination, size_t destination_pitch,
                                                                     const void *source, size_t source_pitch,
                                                                     size_t width, size_t height,
                                                                     cudaMemcpyKind kind, cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    if (!cdpl_copies_on_the_device(kind)) return cdpl_api_result(cudaErrorInvalidMemcpyDirection);
    if (width > destination_pitch || width > source_pitch) return cdpl_api_result(cudaErrorInvalidPitchValue);
    cdpl_pitched_copy_params copy = {destination, source, destination_pitch, 0, source_pitch, 0, width, height, 1,
                                     0, 0};
    return cdpl_enqueue_pitched(CDPL_KIND_MEMCPY_PITCHED, copy, stream);
#else
    return cudaMemcpy2DAsync(destination, destination_pitch, source, source_pitch, width, height, kind, stream);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaMemset2DAsync(void *destination, size_t pitch, int value,
                                                                     size_t width, size_t height,
                                                                     cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    if (width > pitch) return cdpl_api_result(cudaErrorInvalidValue);
    cdpl_pitched_copy_params set = {destination, NULL, pitch, 0, 0, 0, width, height, 1, value, 0};
    return cdpl_enqueue_pitched(CDPL_KIND_MEMSET_PITCHED, set, stream);
#else
    return cudaMemset2DAsync(destination, pitch, value, width, height, stream);
#endif
}

/* Between pitched pointers only: device code has no CUDA arrays. A
 * position's x counts bytes, as for any pitched pointer. */
static inline __host__ __device__ cudaError_t cdpl_cudaMemcpy3DAsync(const cudaMemcpy3DParms *parameters,
                                                                     cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    const cudaMemcpy3DParms &p = *parameters;
    if (p.srcArray != NULL || p.dstArray != NULL) return cdpl_api_result(cudaErrorInvalidValue);
    if (!cdpl_copies_on_the_device(p.kind)) return cdpl_api_result(cudaErrorInvalidMemcpyDirection);
    if (p.extent.width > p.dstPtr.pitch || p.extent.width > p.srcPtr.pitch)
        return cdpl_api_result(cudaErrorInvalidPitchValue);
    unsigned long long destination_slice = (unsigned long long)p.dstPtr.pitch * p.dstPtr.ysize;
    unsigned long long source_slice = (unsigned long long)p.srcPtr.pitch * p.srcPtr.ysize;
    cdpl_pitched_copy_params copy = {
        static_cast<unsigned char *>(p.dstPtr.ptr) + p.dstPos.z * destination_slice + p.dstPos.y * p.dstPtr.pitch +
            p.dstPos.x,
        static_cast<const unsigned char *>(p.srcPtr.ptr) + p.srcPos.z * source_slice + p.srcPos.y * p.srcPtr.pitch +
            p.srcPos.x,
        p.dstPtr.pitch, destination_slice, p.srcPtr.pitch, source_slice, p.extent.width, p.extent.height,
        p.extent.depth, 0, 0};
    return cdpl_enqueue_pitched(CDPL_KIND_MEMCPY_PITCHED, copy, stream);
#else
    return cudaMemcpy3DAsync(parameters, stream);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaMemset3DAsync(cudaPitchedPtr target, int value,
                                                                     cudaExtent extent, cudaStream_t stream = 0)
{
#ifdef __CUDA_ARCH__
    if (extent.width > target.pitch) return cdpl_api_result(cudaErrorInvalidValue);
    cdpl_pitched_copy_params set = {target.ptr, NULL, target.pitch, (unsigned long long)target.pitch * target.ysize,
                                    0, 0, extent.width, extent.height, extent.depth, value, 0};
    return cdpl_enqueue_pitched(CDPL_KIND_MEMSET_PITCHED, set, stream);
#else
    return cudaMemset3DAsync(target, value, extent, stream);
#endif
}

#ifdef __CUDA_ARCH__
static __device__ __noinline__ cdpl_state *cdpl_device_facts()
{
    cdpl_state *state = cdpl_module_state;
    if (state == NULL) {
        printf("cdp-lower runtime: a device query ran before the first host launch of a lowered kernel, "
               "when the runtime had not yet read the device's properties\n");
        __trap();
    }
    return state;
}
#endif

/* Device queries answer from what the host runtime read when it started. */
static inline __host__ __device__ cudaError_t cdpl_cudaGetDevice(int *device)
{
#ifdef __CUDA_ARCH__
    *device = cdpl_device_facts()->device;
    return cudaSuccess;
#else
    return cudaGetDevice(device);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaGetDeviceCount(int *count)
{
#ifdef __CUDA_ARCH__
    *count = cdpl_device_facts()->device_count;
    return cudaSuccess;
#else
    return cudaGetDeviceCount(count);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaRuntimeGetVersion(int *version)
{
#ifdef __CUDA_ARCH__
    *version = cdpl_device_facts()->runtime_version;
    return cudaSuccess;
#else
    return cudaRuntimeGetVersion(version);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaDeviceGetAttribute(int *value, cudaDeviceAttr attribute,
                                                                          int device)
{
#ifdef __CUDA_ARCH__
    const cdpl_state *facts = cdpl_device_facts();
    if (device != facts->device) return cdpl_api_result(cudaErrorInvalidDevice);
    if ((int)attribute < 0 || (int)attribute >= facts->nattributes ||
        facts->attributes[attribute] == CDPL_NO_ATTRIBUTE)
        return cdpl_api_result(cudaErrorInvalidValue);
    *value = facts->attributes[attribute];
    return cudaSuccess;
#else
    return cudaDeviceGetAttribute(value, attribute, device);
#endif
}

#ifdef __CUDA_ARCH__
static __device__ __forceinline__ const volatile cdpl_device_settings *cdpl_device_settings_now()
{
    return cdpl_device_facts()->settings;
}
#endif

/* Limits and preferences answer what the host answered before this launch
 * (cdpl_device_settings). A query that fails returns its code and leaves
 * the thread's last error alone, as natively (H100, CUDA 13.0: an unknown
 * limit is cudaErrorInvalidValue, cudaLimitDevRuntimeSyncDepth
 * cudaErrorUnsupportedLimit, and cudaGetLastError then says cudaSuccess).
 * A template: under HIP, limits are plain numbers (cdpl_gpu.h). */
template <typename Limit> static inline __host__ __device__ cudaError_t cdpl_cudaDeviceGetLimit(size_t *value, Limit limit)
{
#ifdef __CUDA_ARCH__
    const volatile cdpl_device_settings *settings = cdpl_device_settings_now();
    int which = (int)limit;
    if (which < 0 || which >= CDPL_LIMITS) return cudaErrorInvalidValue;
    cudaError_t code = (cudaError_t)settings->limit_codes[which];
    if (code == cudaSuccess) *value = (size_t)settings->limits[which];
    return code;
#else
    return cudaDeviceGetLimit(value, limit);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaDeviceGetCacheConfig(cudaFuncCache *preference)
{
#ifdef __CUDA_ARCH__
    const volatile cdpl_device_settings *settings = cdpl_device_settings_now();
    cudaError_t code = (cudaError_t)settings->cache_config_code;
    if (code == cudaSuccess) *preference = (cudaFuncCache)settings->cache_config;
    return code;
#else
    return cudaDeviceGetCacheConfig(preference);
#endif
}

/* Deprecated on the host since CUDA 12.3; device code may still ask. */
#ifdef __NVCC__
#pragma nv_diag_suppress 1215
#endif
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static inline __host__ __device__ cudaError_t cdpl_cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *banks)
{
#ifdef __CUDA_ARCH__
    const volatile cdpl_device_settings *settings = cdpl_device_settings_now();
    cudaError_t code = (cudaError_t)settings->shared_mem_config_code;
    if (code == cudaSuccess) *banks = (cudaSharedMemConfig)settings->shared_mem_config;
    return code;
#else
    return cudaDeviceGetSharedMemConfig(banks);
#endif
}
#pragma GCC diagnostic pop
#ifdef __NVCC__
#pragma nv_diag_default 1215
#endif

/* CDP2 maps device-side cudaMalloc/cudaFree onto the device heap. */
template <typename T> static inline __host__ __device__ cudaError_t cdpl_cudaMalloc(T **pointer, size_t size)
{
#ifdef __CUDA_ARCH__
    *pointer = static_cast<T *>(malloc(size));
    if (*pointer == NULL) {
        cdpl_set_last_error(cudaErrorMemoryAllocation);
        return cudaErrorMemoryAllocation;
    }
    return cudaSuccess;
#else
    return cudaMalloc(pointer, size);
#endif
}

static inline __host__ __device__ cudaError_t cdpl_cudaFree(void *pointer)
{
#ifdef __CUDA_ARCH__
    free(pointer);
    return cudaSuccess;
#else
    return cudaFree(pointer);
#endif
}

#endif
