/* Kernel launches `k<<<...>>>(...)` of the main file. */
#ifndef CDPL_LAUNCH_SITES_H
#define CDPL_LAUNCH_SITES_H

#include "source.h"

/* Launches in the host-side parse's AST (everything outside #if __CUDA_ARCH__). */
void cdpl_find_host_launches(cdpl_context *context);

/* Launches only the device-side parse sees; call after cdpl_find_host_launches. */
void cdpl_find_arch_guard_launches(cdpl_context *context);

/* Shared by both finders, and by macro_launches.c, which finds launches in
 * the expansions of macro uses. */

/* Where the parts of one launch are among tokens. */
typedef struct cdpl_launch_tokens {
    unsigned first;          /* of its kernel's qualified name */
    unsigned name;           /* the kernel's name */
    unsigned open_chevrons;
    unsigned close_chevrons; /* the argument list's `(` follows it */
    unsigned close_paren;
} cdpl_launch_tokens;

/* Tokens [first, end) of a launch's tokens are the expansion of macro use
 * `use` (an index into the model's macro_uses). */
typedef struct cdpl_expansion_place {
    size_t use;
    unsigned first;
    unsigned end;
} cdpl_expansion_place;

/* The launch `name [<...>] <<<...>>>(...)` whose name is token `name`;
 * false when the tokens there are no launch. */
bool cdpl_match_launch(const cdpl_model *model, const cdpl_tokens *tokens, unsigned name, cdpl_launch_tokens *parts);
/* Fills the site's ranges: where each part is written. */
void cdpl_set_launch_tokens(cdpl_context *context, cdpl_launch_site *site, const cdpl_tokens *tokens,
                            const cdpl_launch_tokens *parts);
/* Fills the site's macro use and where its parts are in that use's
 * expansion; `place` NULL: none. */
void cdpl_place_in_expansion(cdpl_launch_site *site, const cdpl_expansion_place *place,
                             const cdpl_launch_tokens *parts);
/* Reads the launch that the device-side parse reports at token `at` (its
 * kernel's name, or its `<<<` when `at_chevrons`) for `caller`, expanded at
 * offset `expansion`; `place`: NULL, or where a macro use's expansion is
 * among the tokens. False when the tokens there are no launch. */
bool cdpl_read_reported_launch(cdpl_context *context, const cdpl_tokens *tokens, unsigned at, bool at_chevrons,
                               size_t caller, size_t expansion, const cdpl_expansion_place *place);

/* Reports what makes a device-side launch of `kernel` impossible to lower
 * (a template, a member, variadic); false when something was reported. */
bool cdpl_check_device_launch_target(cdpl_context *context, size_t kernel, cdpl_loc loc);
void cdpl_report_launch_without_kernel_name(cdpl_context *context, cdpl_loc loc);
void cdpl_report_launch_in_header(cdpl_context *context, CXSourceLocation location);
/* Adds the site to the model, which takes its args. */
void cdpl_add_launch(cdpl_context *context, cdpl_launch_site *site);
bool cdpl_offset_seen_by_host(const cdpl_context *context, size_t offset);
/* A lambda written `__device__` (or `__global__`): it runs on the device. */
bool cdpl_is_device_lambda(cdpl_context *context, const cdpl_unit *unit, CXCursor lambda);

#endif
