/* Which CUDA context the runtime's state lives in.
 *
 * A program may reset the device (cudaDeviceReset), as CUDA's samples do just
 * before main returns, or go on with a fresh context after it. Everything the
 * runtime allocated goes with the old context: its pinned host memory is
 * unmapped (reading the plan there faulted at exit: SIGSEGV after a program's
 * last line, its buffered output lost), its device memory, streams and events
 * are gone, and each lowered file's state pointer reads NULL again once its
 * module is loaded anew. So the runtime notes the context its state was made
 * in, and before it touches that state (a host launch, the settling of a
 * tree, the exit) it asks whether that context is still the current one; if
 * not, it forgets the state without touching it and, where it needs one,
 * makes a new one.
 *
 * The driver API says it: a context's id is unique for the life of the
 * process (cuCtxGetId, CUDA 12), and a reset primary context is inactive
 * until the runtime API makes it again, under a new id. The functions come
 * through the runtime's driver entry points, so nothing links libcuda
 * directly. HIP has no such ids here: there the state is taken to live as
 * long as the process. */
#include "runtime.h"

#ifndef CDPL_GPU_HIP
#include <cuda.h>

typedef CUresult (*get_current_fn)(CUcontext *);
typedef CUresult (*get_id_fn)(CUcontext, unsigned long long *);
typedef CUresult (*get_device_fn)(CUdevice *);
typedef CUresult (*primary_state_fn)(CUdevice, unsigned int *, int *);

static struct {
    int looked_up;
    get_current_fn get_current;
    get_id_fn get_id;
    get_device_fn get_device;
    primary_state_fn primary_state;
} driver;

static void *driver_function(const char *name)
{
    void *function = NULL;
    enum cudaDriverEntryPointQueryResult found;
#if CUDART_VERSION >= 12050
    cudaError_t error = cudaGetDriverEntryPointByVersion(name, &function, 12000, cudaEnableDefault, &found);
#else
    cudaError_t error = cudaGetDriverEntryPoint(name, &function, cudaEnableDefault, &found);
#endif
    return error == cudaSuccess && found == cudaDriverEntryPointSuccess ? function : NULL;
}

static void look_up_driver(void)
{
    if (driver.looked_up) return;
    driver.looked_up = 1;
    driver.get_current = (get_current_fn)driver_function("cuCtxGetCurrent");
    driver.get_id = (get_id_fn)driver_function("cuCtxGetId");
    driver.get_device = (get_device_fn)driver_function("cuCtxGetDevice");
    driver.primary_state = (primary_state_fn)driver_function("cuDevicePrimaryCtxGetState");
}

unsigned long long cdpl_current_context(void)
{
    look_up_driver();
    if (driver.get_current == NULL || driver.get_id == NULL) return CDPL_CONTEXT_UNKNOWN;
    CUcontext context = NULL;
    unsigned long long id = 0;
    if (driver.get_current(&context) != CUDA_SUCCESS || context == NULL ||
        driver.get_id(context, &id) != CUDA_SUCCESS)
        return CDPL_NO_CONTEXT;
    /* A primary context that a reset left inactive may still be current
     * on this thread, under its old id. */
    CUdevice device;
    unsigned int flags = 0;
    int active = 1;
    if (driver.get_device != NULL && driver.primary_state != NULL && driver.get_device(&device) == CUDA_SUCCESS &&
        driver.primary_state(device, &flags, &active) == CUDA_SUCCESS && !active)
        return CDPL_NO_CONTEXT;
    return id;
}

#else

unsigned long long cdpl_current_context(void) { return CDPL_CONTEXT_UNKNOWN; }

#endif

/* The runtime API makes its context current on a thread only at the thread's
 * first call that needs one: a host launch may be that call. */
unsigned long long cdpl_context_for_launch(void)
{
    unsigned long long now = cdpl_current_context();
    if (now != CDPL_NO_CONTEXT) return now;
    if (cudaFree(NULL) != cudaSuccess) return CDPL_NO_CONTEXT;
    return cdpl_current_context();
}

int cdpl_same_context(unsigned long long made_in, unsigned long long now)
{
    return made_in == CDPL_CONTEXT_UNKNOWN || now == CDPL_CONTEXT_UNKNOWN || now == made_in;
}
