/* The host runtime's parts that need no GPU: the kernel registry, and every
 * host launch failing with a CUDA error (no crash, no leak) where no GPU can
 * be used. Exits 77 (skipped) for the second part where a GPU is present. */
#include <stdio.h>

#include "cdpl_abi.h"
#include "cdpl_host.h"

static int failures;

static void expect(int condition, const char *what)
{
    if (!condition) {
        printf("FAILED: %s\n", what);
        ++failures;
    }
}

/* Stand-ins for kernels: the registry only keeps their addresses. */
static const char first_entry, second_entry, scheduler_plan, scheduler_inject, scheduler_builtin, scheduler_complete,
    state_symbol;

static const cdpl_module_kernels module = {CDPL_ABI_VERSION, &scheduler_plan,     &scheduler_inject,
                                           &scheduler_builtin, &scheduler_complete, &state_symbol};
/* A second lowered file: only its state symbol tells it apart. */
static const char other_state_symbol;
static const cdpl_module_kernels other_module = {CDPL_ABI_VERSION, &scheduler_plan, &scheduler_inject,
                                                 &scheduler_builtin, &scheduler_complete, &other_state_symbol};

static void check_registry(void)
{
    cdpl_module_kernels stale = module;
    stale.abi_version = CDPL_ABI_VERSION + 1;
    expect(!cdpl_register_kernel(&stale, 7, "stale", &first_entry, 8, 0), "a module of another ABI is refused");
    expect(!cdpl_register_kernel(&module, CDPL_BUILTIN_KERNEL_ID, "builtin", &first_entry, 8, 0),
           "the runtime's own kernel id is refused");
    expect(!cdpl_register_kernel(&module, 8, "huge", &first_entry, CDPL_MAX_PARAMS_SIZE + 1, 0),
           "parameters beyond CDPL_MAX_PARAMS_SIZE are refused");
    expect(cdpl_kernel_function(7) == NULL && cdpl_kernel_function(8) == NULL, "nothing refused is registered");

    expect(cdpl_register_kernel(&module, 1, "first", &first_entry, 16, 0), "a kernel registers");
    expect(cdpl_register_kernel(&module, 1, "first", &first_entry, 16, 0), "the same kernel from a second file");
    expect(!cdpl_register_kernel(&module, 1, "second", &second_entry, 16, 0), "two kernels with one id are refused");
    expect(cdpl_register_queried_kernel(&module, 2, "second", &second_entry), "a queried kernel registers");
    expect(cdpl_kernel_function(1) == NULL, "an id registered for two kernels runs neither");
    expect(cdpl_kernel_function(2) == &second_entry, "id 2 names the second kernel");
    expect(cdpl_kernel_function(3) == NULL, "an unknown id names nothing");

    expect(!cdpl_register_kernel(&module, 1, "first", &first_entry, 16, 0), "nor can it be registered again");

    expect(cdpl_register_kernel(&other_module, 4, "shared", &first_entry, 16, 0),
           "a kernel of a header registers from one file");
    expect(cdpl_register_kernel(&module, 4, "shared", &second_entry, 16, 0) && cdpl_kernel_function(4) == &first_entry,
           "and from another: one kernel");
    expect(cdpl_register_file_local_kernel(&module, 5, "local", &first_entry, 16, 0), "a file's own kernel registers");
    expect(cdpl_register_file_local_kernel(&module, 5, "local", &first_entry, 16, 0),
           "the same file registering it again is that file");
    expect(!cdpl_register_file_local_kernel(&other_module, 5, "local", &second_entry, 16, 0),
           "a file's own kernel registered by another file (the file built twice) is refused");
    expect(cdpl_kernel_function(5) == NULL, "and runs no copy");
}

static int gpu_present(void)
{
    int count = 0;
    cudaError_t error = cudaGetDeviceCount(&count);
    cudaGetLastError();
    return error == cudaSuccess && count > 0;
}

static void check_launches_fail_without_gpu(void)
{
    int params[4] = {1, 2, 3, 4};
    dim3 one = {1, 1, 1}, none = {0, 1, 1};
    expect(cdpl_host_launch(3, one, one, 0, 0, params, sizeof params) == cudaErrorInvalidDeviceFunction,
           "a launch of an unregistered id fails with cudaErrorInvalidDeviceFunction");
    expect(cdpl_start_runtime() != cudaSuccess, "the runtime cannot start without a GPU");
    expect(cdpl_start_runtime() != cudaSuccess, "nor when asked again");
    expect(cdpl_host_launch(1, one, one, 0, 0, params, sizeof params) != cudaSuccess,
           "a host launch fails with a CUDA error");
    expect(cdpl_host_launch(1, one, one, 0, 0, params, sizeof params) != cudaSuccess, "so does the next one");
    expect(cdpl_host_launch(1, none, one, 0, 0, params, sizeof params) != cudaSuccess,
           "an invalid configuration fails too");
    cdpl_stats stats;
    cdpl_get_stats(&stats);
    expect(stats.host_launches == 0 && stats.capacity == 0 && stats.device_bytes == 0 &&
               stats.peak_record_bytes == 0,
           "no launch and no device memory counted");
}

int main(void)
{
    check_registry();
    if (failures == 0 && gpu_present()) {
        printf("a GPU is present: the no-GPU failure path cannot be checked here\n");
        return 77;
    }
    if (failures == 0) check_launches_fail_without_gpu();
    return failures == 0 ? 0 : 1;
}
