/* What device-side cudaDeviceGetLimit, cudaDeviceGetCacheConfig and
 * cudaDeviceGetSharedMemConfig answer (cdpl_device_settings): the host's own
 * answers, read before every launch through the runtime once a lowered file
 * has said that its device code asks them, since the host may change a
 * limit or the cache preference between two launches and native device code
 * sees the change. Programs that never ask pay nothing per launch, and make
 * no query that could fail (compute-sanitizer reports each failed call). */
#include <string.h>

#include "runtime.h"

/* Set during static initialisation, by any lowered file that asks. */
static int asked;
/* Whether the settings were read once: queries that failed then are not
 * asked again. */
static int read_before;

int cdpl_register_settings_reader(void)
{
    asked = 1;
    return 1;
}

/* Stores one answer; whether it is a value. A failed query set the host
 * thread's last error, which is the runtime's, not the program's: it is
 * cleared. A query that failed on the first reading is not asked again
 * (read_settings), so that this cannot overwrite an error of the program
 * on every launch. */
static int keep_answer(cudaError_t code, int *stored_code)
{
    if (code != cudaSuccess) cudaGetLastError();
    *stored_code = code;
    return code == cudaSuccess;
}

static void read_settings(cdpl_device_settings *settings, unsigned int pending_limit, int first)
{
    for (int limit = 0; limit < CDPL_LIMITS; ++limit) {
        if (limit == cudaLimitDevRuntimePendingLaunchCount) {
            /* The host's when the runtime started, or CDPL_PENDING_LIMIT:
             * what the program set (the runtime enforces more where it
             * kept the default, device_state.c). */
            settings->limits[limit] = pending_limit;
            settings->limit_codes[limit] = cudaSuccess;
            continue;
        }
        if (limit == cudaLimitDevRuntimeSyncDepth) {
            /* CDP2 has no device-side synchronization: the device and the
             * host both say so (H100, CUDA 13.0), and asking the host is a
             * failed call. */
            settings->limit_codes[limit] = cudaErrorUnsupportedLimit;
            continue;
        }
        if (!first && settings->limit_codes[limit] != cudaSuccess) continue;
        size_t value = 0;
        if (keep_answer(cudaDeviceGetLimit(&value, limit), &settings->limit_codes[limit]))
            settings->limits[limit] = value;
    }
    if (first || settings->cache_config_code == cudaSuccess) {
        enum cudaFuncCache preference = cudaFuncCachePreferNone;
        if (keep_answer(cudaDeviceGetCacheConfig(&preference), &settings->cache_config_code))
            settings->cache_config = (int)preference;
    }
    if (first || settings->shared_mem_config_code == cudaSuccess) {
        enum cudaSharedMemConfig banks = cudaSharedMemBankSizeDefault;
        /* Deprecated on the host since CUDA 12.3, and still what the
         * device-side call answers (H100, CUDA 13.0). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        cudaError_t code = cudaDeviceGetSharedMemConfig(&banks);
#pragma GCC diagnostic pop
        if (keep_answer(code, &settings->shared_mem_config_code)) settings->shared_mem_config = (int)banks;
    }
}

cudaError_t cdpl_make_device_settings(cdpl_device_settings **out)
{
    cdpl_device_settings *settings = NULL;
    cudaError_t error = cudaMallocHost((void **)&settings, sizeof *settings);
    if (error != cudaSuccess) return error;
    memset(settings, 0, sizeof *settings);
    *out = settings;
    return cudaSuccess;
}

void cdpl_refresh_device_settings(cdpl_device_settings *settings, unsigned int pending_limit)
{
    if (!asked || settings == NULL) return;
    read_settings(settings, pending_limit, !read_before);
    read_before = 1;
}
