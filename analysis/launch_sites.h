/* Kernel launches `k<<<...>>>(...)` of the main file. */
#ifndef CDPL_LAUNCH_SITES_H
#define CDPL_LAUNCH_SITES_H

#include "context.h"

/* Launches in the host-side parse's AST (everything outside #if __CUDA_ARCH__). */
void cdpl_find_host_launches(cdpl_context *context);

/* Launches only the device-side parse sees; call after cdpl_find_host_launches. */
void cdpl_find_arch_guard_launches(cdpl_context *context);

/* Shared by both finders. */

/* Reports what makes a device-side launch of `kernel` impossible to lower
 * (a template, a member, variadic); false when something was reported. */
bool cdpl_check_device_launch_target(cdpl_context *context, size_t kernel, cdpl_loc loc);
void cdpl_report_launch_without_kernel_name(cdpl_context *context, cdpl_loc loc);
void cdpl_report_launch_in_macro(cdpl_context *context, cdpl_loc loc);
void cdpl_report_launch_in_header(cdpl_context *context, CXSourceLocation location);
/* Adds the site to the model, which takes its args. */
void cdpl_add_launch(cdpl_context *context, cdpl_launch_site *site);
bool cdpl_offset_seen_by_host(const cdpl_context *context, size_t offset);
/* A lambda written `__device__` (or `__global__`): it runs on the device. */
bool cdpl_is_device_lambda(cdpl_context *context, const cdpl_unit *unit, CXCursor lambda);

#endif
